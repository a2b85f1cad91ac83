/**
 * Values a server changes by itself (a clock default, a dated description, a random id), recorded
 * with their shape and compared by it: both sides masked at the volatile paths, so the diff still
 * sees a changed type or format, a removed or renamed argument, a required flag, and the rest of a text.
 */
import { maskTokens, placeholder, VOLATILE_FORMATS, type VolatileFormat } from './volatile-formats.js'
import { namesKey, placesOf, sortByKey, type Place } from './volatile-places.js'
import { parseVolatilePath, renderVolatilePath } from './volatile-path.js'
import { stableStringify } from './stable-json.js'
import { shapeToken } from './volatile-shapes.js'
import type { Surface, VolatileValue } from './types.js'
import type { VolatileDeclaration } from './volatile-declaration.js'

export { volatileProblem, type VolatileDeclaration } from './volatile-declaration.js'

export type { VolatileValue } from './types.js'

/** One value compared by its shape in a check: where, and the shape both sides had. */
export interface ComparedByShape {
  path: string
  type: VolatileValue['type']
  format?: VolatileValue['format']
  pattern?: string
}

/**
 * The recorded and live surfaces with every volatile value replaced by its shape where the value
 * has it, and which values were so compared. A value whose shape changed (a date-time default now a
 * number, a date gone from a description) is left as it is, so the diff reports it as any change.
 * `recordedValues` are the contract's own entries; `declared` come from a policy or the configuration.
 * Surfaces with nothing volatile are returned as they are.
 * @example const { recorded, live, compared } = maskVolatile(contract, current, contract.volatile ?? [], [])
 */
export function maskVolatile(recorded: Surface, live: Surface, recordedValues: readonly VolatileValue[], declared: readonly VolatileDeclaration[] = []): { recorded: Surface; live: Surface; compared: ComparedByShape[] } {
  const values = [...recordedValues, ...resolveVolatile(recorded, declared)]
  if (values.length === 0) return { recorded, live, compared: [] }
  const before = structuredClone(recorded)
  const after = structuredClone(live)
  const compared = new Map<string, ComparedByShape>()
  for (const value of values) {
    const parsed = parseVolatilePath(value.path)
    if ('problem' in parsed) continue
    const masked = new Map<string, boolean>()
    for (const place of placesOf(before, parsed.segments)) masked.set(renderVolatilePath(place.path), maskPlace(place, value))
    for (const place of placesOf(after, parsed.segments)) {
      const path = renderVolatilePath(place.path)
      const both = maskPlace(place, value) && masked.get(path) === true
      if (both) compared.set(`${path}\0${value.format ?? value.pattern ?? ''}`, shapeAt(path, value))
    }
  }
  return { recorded: before, live: after, compared: [...compared.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) }
}

function shapeAt(path: string, value: VolatileValue): ComparedByShape {
  return { path, type: value.type, ...(value.format !== undefined ? { format: value.format } : {}), ...(value.pattern !== undefined ? { pattern: value.pattern } : {}) }
}

/**
 * Masks the value at a place when it has the shape; true when it did. A value a snapshot wrote as
 * its shape (`‹date-time›`, `‹integer epoch-ms›`) has it: it was that shape when written.
 */
function maskPlace(place: Place, value: VolatileValue): boolean {
  const holder = place.holder as Record<string | number, unknown>
  const current = holder[place.key]
  if (value.type !== 'string') {
    const written = current === shapeToken(value.format === undefined ? value.type : `${value.type} ${value.format}`)
    if (!written && (typeof current !== 'number' || (value.type === 'integer' && !Number.isInteger(current)))) return false
    holder[place.key] = placeholder(value.type)
    return true
  }
  if (typeof current !== 'string') return false
  // Why the written shape read as its placeholder: a snapshot's text compares with a live value by the same mask.
  const shape = String(value.format ?? (value.pattern !== undefined ? 'volatile' : 'string'))
  const text = current.replaceAll(shapeToken(shape), placeholder(shape))
  let masked: string | undefined
  if (value.pattern !== undefined) masked = maskPattern(text, value.pattern)
  else if (value.format !== undefined) masked = maskTokens(text, [value.format as VolatileFormat])
  else masked = placeholder('string')
  // Why a string with no token of the format is not masked: the token is the shape, and its loss is a change.
  if (masked === undefined || (masked === text && !text.includes(placeholder(shape)))) return false
  holder[place.key] = masked
  return true
}

/** The text with each match of a pattern masked; undefined for a pattern that is no regular expression (the contract's schema cannot tell). */
function maskPattern(text: string, pattern: string): string | undefined {
  try {
    return text.replace(new RegExp(pattern, 'g'), placeholder('volatile'))
  } catch {
    return undefined
  }
}

/**
 * The volatile values to record with a surface: those just detected, and those recorded before
 * (detected on another day, or written by hand) whose path still names a value in it. Why kept:
 * a date that did not change between two starts on one day is still a date that changes.
 * @example surface.volatile = mergeVolatile(existing.volatile, detectVolatile(first, second).volatile, surface)
 */
export function mergeVolatile(earlier: readonly VolatileValue[] | undefined, detected: readonly VolatileValue[], surface: Surface): VolatileValue[] | undefined {
  const byPlace = new Map<string, VolatileValue>()
  for (const value of earlier ?? []) {
    const parsed = parseVolatilePath(value.path)
    if (!('problem' in parsed) && placesOf(surface, parsed.segments).length > 0) byPlace.set(`${value.path}\0${value.format ?? ''}\0${value.pattern ?? ''}`, value)
  }
  for (const value of detected) byPlace.set(`${value.path}\0${value.format ?? ''}\0${value.pattern ?? ''}`, value)
  const merged = [...byPlace.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, value]) => value)
  return merged.length > 0 ? merged : undefined
}

/**
 * The declared paths that name no value in a surface: a tool, argument or field renamed or removed
 * since the path was written, or a typo. Why said: such a path masks nothing, silently.
 * @example namesNothing(surface, ['tools.serch.description']) // ['tools.serch.description']
 */
export function namesNothing(surface: Surface, declared: readonly VolatileDeclaration[]): string[] {
  const paths = declared.map((entry) => (typeof entry === 'string' ? entry : entry.path))
  return [...new Set(paths)].filter((path) => {
    const parsed = parseVolatilePath(path)
    return !('problem' in parsed) && placesOf(surface, parsed.segments).length === 0
  })
}

/**
 * Declarations as the volatile values they stand for in a surface, their shape read from it.
 * @example resolveVolatile(surface, ['server.instructions']) // [{ path: 'server.instructions', type: 'string', format: 'uuid' }]
 */
export function resolveVolatile(surface: Surface, declared: readonly VolatileDeclaration[]): VolatileValue[] {
  return declared.flatMap((entry) => resolveDeclaration(surface, entry))
}

/**
 * A declaration as the values it stands for, their shape read from the recorded surface: an
 * object's format or pattern as given; a bare path's string by the tokens it holds (a date in a
 * description), else whole; a number by its type.
 */
function resolveDeclaration(recorded: Surface, entry: VolatileDeclaration): VolatileValue[] {
  const declared = typeof entry === 'string' ? { path: entry } : entry
  if (declared.format !== undefined || declared.pattern !== undefined) return [{ type: 'string', ...declared }]
  const parsed = parseVolatilePath(declared.path)
  if ('problem' in parsed) return []
  const out: VolatileValue[] = []
  for (const place of placesOf(recorded, parsed.segments)) {
    const current = (place.holder as Record<string | number, unknown>)[place.key]
    const path = renderVolatilePath(place.path)
    if (typeof current === 'number') out.push({ path, type: Number.isInteger(current) ? 'integer' : 'number' })
    else if (typeof current === 'string') {
      // Why digits are left out: a bare path over a text would otherwise stop comparing every number in it.
      let rest = current
      const tokens = VOLATILE_FORMATS.filter((format) => {
        const masked = format === 'digits' ? rest : maskTokens(rest, [format])
        const found = masked !== rest
        rest = masked
        return found
      })
      if (tokens.length === 0) out.push({ path, type: 'string' })
      else for (const format of tokens) out.push({ path, type: 'string', format })
    }
  }
  return out
}

/**
 * The live surface with each of its volatile values written as `recorded` has it wherever its shape
 * is unchanged: accepting another change rewrites a contract file with no fresh id or clock in its
 * diff. A value whose shape changed, or that `recorded` does not hold, keeps its live text.
 * @example writeContract(file, keepRecordedVolatile(existing, live))
 */
export function keepRecordedVolatile(recorded: Surface, live: Surface): Surface {
  const values = live.volatile ?? []
  if (values.length === 0) return live
  const masked = maskVolatile(recorded, live, values)
  const out = structuredClone(live)
  const resorted = new Set<string>()
  for (const path of new Set(masked.compared.map((value) => value.path))) {
    const parsed = parseVolatilePath(path)
    if ('problem' in parsed) continue
    const [before, after, source, target] = [masked.recorded, masked.live, recorded, out].map((surface) => placesOf(surface, parsed.segments))
    // Why one place each: two entries a masked key names cannot be told apart.
    if ([before, after, source, target].some((places) => places.length !== 1)) continue
    if (stableStringify(valueAt(before[0])) !== stableStringify(valueAt(after[0]))) continue
    ;(target[0].holder as Record<string | number, unknown>)[target[0].key] = structuredClone(valueAt(source[0]))
    if (namesKey(parsed.segments)) resorted.add(parsed.segments[0])
  }
  sortByKey(out, resorted)
  return out
}

function valueAt(place: Place): unknown {
  return (place.holder as Record<string | number, unknown>)[place.key]
}

/**
 * True when two surfaces record the same volatile values and are equal once those are masked:
 * what a contract file already holds needs no rewrite. The server version is metadata and is left out.
 * @example if (sameByShape(existing, live)) return 'unchanged'
 */
export function sameByShape(recorded: Surface, live: Surface): boolean {
  if (stableStringify(recorded.volatile ?? []) !== stableStringify(live.volatile ?? [])) return false
  const masked = maskVolatile(recorded, live, recorded.volatile ?? [])
  const { serverVersion: _before, ...before } = masked.recorded
  const { serverVersion: _after, ...after } = masked.live
  return stableStringify(before) === stableStringify(after)
}
