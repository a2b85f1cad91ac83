/**
 * Finds the values a server changed by itself between two captures of the same server, nothing
 * else: each leaf that differs by a recognized token (a date, a UUID, a hex id, digits) or is a
 * number both times, and each entry whose key differs only by such a token (a random id in a
 * resource URI). Why two captures: what changed with nothing released is proven volatile, not guessed.
 */
import { compareText } from '../schema/keywords.js'
import type { Surface } from './types.js'
import { maskTokens, numberDifference, tokenDifference, VOLATILE_FORMATS } from './volatile-formats.js'
import { renderVolatilePath } from './volatile-path.js'
import { mergeVolatile, type VolatileValue } from './volatile-values.js'

/** The lists compared entry by entry, and the field each is keyed by. */
const LISTS = { tools: 'name', prompts: 'name', resources: 'uri', resourceTemplates: 'uriTemplate' } as const

/** What two captures differ in that is not a value changing by itself: kept for the caller to explain. */
export interface Unexplained {
  path: string
  before: unknown
  after: unknown
}

/**
 * The volatile values between two captures of one server, by path, with their shapes; and the
 * places that differ otherwise (a server that is not the same twice). The same surface twice gives none.
 * @example detectVolatile(first, second).volatile // [{ path: 'tools.search.inputSchema.properties.since.default', type: 'string', format: 'date-time' }]
 */
export function detectVolatile(first: Surface, second: Surface): { volatile: VolatileValue[]; unexplained: Unexplained[] } {
  const found: VolatileValue[] = []
  const unexplained: Unexplained[] = []
  walk(first.server, second.server, ['server'], found, unexplained)
  for (const [list, key] of Object.entries(LISTS) as [keyof typeof LISTS, string][]) {
    const before = (first[list] ?? []) as unknown as Record<string, unknown>[]
    const after = (second[list] ?? []) as unknown as Record<string, unknown>[]
    walkKeyed(before, after, key, [list], found, unexplained)
  }
  found.sort((a, b) => compareText(`${a.path}\0${a.format ?? ''}`, `${b.path}\0${b.format ?? ''}`))
  return { volatile: found, unexplained }
}

/**
 * The first capture with its volatile values marked: what differs from the second by a clock or a
 * random id, beside what `earlier` (the contract it replaces) recorded and still names; and what
 * differs otherwise, recorded as first read.
 * @example const { surface } = markVolatile(await captureSurface(factory), await captureSurface(factory))
 */
export function markVolatile(first: Surface, second: Surface, earlier?: Surface): { surface: Surface; unexplained: Unexplained[] } {
  const { volatile, unexplained } = detectVolatile(first, second)
  const merged = mergeVolatile(earlier?.volatile, volatile, first)
  const { volatile: _none, ...rest } = first
  return { surface: merged === undefined ? rest : { ...rest, volatile: merged }, unexplained }
}

/** Pairs a keyed list's entries by key, then by key with its tokens masked (a random id in a URI). */
function walkKeyed(before: Record<string, unknown>[], after: Record<string, unknown>[], key: string, path: string[], found: VolatileValue[], unexplained: Unexplained[]): void {
  const live = new Map(after.map((item) => [String(item[key]), item]))
  const unpaired: Record<string, unknown>[] = []
  for (const item of before) {
    const match = live.get(String(item[key]))
    if (match === undefined) unpaired.push(item)
    else {
      live.delete(String(item[key]))
      walk(item, match, [...path, String(item[key])], found, unexplained)
    }
  }
  const masked = (item: Record<string, unknown>) => maskTokens(String(item[key]), VOLATILE_FORMATS)
  const byMask = new Map<string, Record<string, unknown>[]>()
  for (const item of live.values()) byMask.set(masked(item), [...(byMask.get(masked(item)) ?? []), item])
  for (const item of unpaired) {
    const candidates = byMask.get(masked(item)) ?? []
    const formats = candidates.length === 1 ? tokenDifference(String(item[key]), String(candidates[0][key])) : undefined
    if (formats === undefined) {
      unexplained.push({ path: renderVolatilePath([...path, String(item[key])]), before: item[key], after: null })
      continue
    }
    const [other] = candidates
    byMask.delete(masked(item))
    live.delete(String(other[key]))
    const segment = maskTokens(String(item[key]), formats)
    for (const format of formats) found.push({ path: renderVolatilePath([...path, segment, key]), type: 'string', format })
    const { [key]: _before, ...restBefore } = item
    const { [key]: _after, ...restAfter } = other
    walk(restBefore, restAfter, [...path, segment], found, unexplained)
  }
  for (const item of live.values()) unexplained.push({ path: renderVolatilePath([...path, String(item[key])]), before: null, after: item[key] })
}

function walk(before: unknown, after: unknown, path: string[], found: VolatileValue[], unexplained: Unexplained[]): void {
  if (before === after) return
  if (typeof before === 'string' && typeof after === 'string') {
    const formats = tokenDifference(before, after)
    if (formats === undefined) unexplained.push({ path: renderVolatilePath(path), before, after })
    else for (const format of formats) found.push({ path: renderVolatilePath(path), type: 'string', format })
    return
  }
  if (typeof before === 'number' && typeof after === 'number') {
    const format = numberDifference(before, after)
    found.push({ path: renderVolatilePath(path), type: Number.isInteger(before) && Number.isInteger(after) ? 'integer' : 'number', ...(format !== undefined ? { format } : {}) })
    return
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    if (path.length === 3 && path[0] === 'prompts' && path[2] === 'arguments') return walkKeyed(before as Record<string, unknown>[], after as Record<string, unknown>[], 'name', path, found, unexplained)
    if (before.length !== after.length) return void unexplained.push({ path: renderVolatilePath(path), before, after })
    for (const [index, item] of before.entries()) walk(item, after[index], [...path, String(index)], found, unexplained)
    return
  }
  if (isObject(before) && isObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) walk(before[key], after[key], [...path, key], found, unexplained)
    return
  }
  unexplained.push({ path: renderVolatilePath(path), before: before ?? null, after: after ?? null })
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
