/**
 * Volatile values written as their shape, for a text that is compared as text (a runner's
 * snapshot): `default="‹date-time›"`, `"Session ‹uuid› started"`, `default="‹integer epoch-ms›"`.
 * `withShapes` writes them, `readShapes` reads a surface so written back into its volatile values,
 * so the same value on a later day prints the same text.
 * Why `‹…›` (single guillemets): they never appear in JSON syntax, a URI or a date, and read as a
 * placeholder; the `{uuid}` of a volatile path would collide with a URI template's variables.
 */
import { compareText } from '../schema/keywords.js'
import type { Surface, VolatileValue } from './types.js'
import { maskTokens, VOLATILE_FORMATS, type VolatileFormat } from './volatile-formats.js'
import { parseVolatilePath, renderVolatilePath } from './volatile-path.js'
import { KEYED_LISTS, namesKey, placesOf, sortByKey } from './volatile-places.js'

const NUMBER_FORMATS: ReadonlySet<string> = new Set(['epoch-ms', 'epoch-s', 'increasing'])

/** Any shape token in a text: `‹date-time›`, `‹integer epoch-ms›`. */
const TOKEN = /‹([a-z-]+(?: [a-z-]+)?)›/g

/** What a shape is written as: `‹date-time›`, `‹string›` (a whole string), `‹integer›`, `‹number epoch-s›`. */
export function shapeToken(shape: string): string {
  return `‹${shape}›`
}

/**
 * The surface with each of its volatile values written as its shape, and no `volatile` list: a
 * token of the value's format in a string, the whole of a string without one, a pattern's matches
 * as `‹volatile›`, a number as its type. A value that no longer has its shape is left as it is, so
 * the text shows the change. Lists whose keys were written so are sorted again by the written key.
 * A surface without volatile values is returned as it is.
 * @example withShapes(surface).tools[0].inputSchema.properties.since.default // '‹date-time›'
 */
export function withShapes(surface: Surface): Surface {
  const { volatile, ...rest } = surface
  if (volatile === undefined || volatile.length === 0) return volatile === undefined ? surface : (rest as Surface)
  const out = structuredClone(rest) as Surface
  const resorted = new Set<string>()
  for (const value of volatile) {
    const parsed = parseVolatilePath(value.path)
    if ('problem' in parsed) continue
    for (const place of placesOf(out, parsed.segments)) {
      const holder = place.holder as Record<string | number, unknown>
      const written = shapeOf(holder[place.key], value)
      if (written === undefined) continue
      holder[place.key] = written
      if (namesKey(place.path)) resorted.add(place.path[0])
    }
  }
  sortByKey(out, resorted)
  return out
}

/** The value written as its shape; undefined when it does not have it. */
function shapeOf(current: unknown, value: VolatileValue): string | undefined {
  if (value.type !== 'string') {
    if (typeof current !== 'number' || (value.type === 'integer' && !Number.isInteger(current))) return undefined
    return shapeToken(value.format === undefined ? value.type : `${value.type} ${value.format}`)
  }
  if (typeof current !== 'string') return undefined
  if (value.pattern !== undefined) {
    try {
      const written = current.replace(new RegExp(value.pattern, 'g'), shapeToken('volatile'))
      return written === current ? undefined : written
    } catch {
      return undefined
    }
  }
  if (value.format === undefined) return shapeToken('string')
  const written = maskTokens(current, [value.format as VolatileFormat], shapeToken)
  // Why a string with no token of the format is left: the token is the shape, and its loss is a change.
  return written === current ? undefined : written
}

/**
 * The surface a text printed with shapes reads as: its values as written, and a `volatile` list
 * naming each shape token found (a `‹volatile›` pattern match names none: its pattern is declared
 * again where it is compared). A surface without tokens is returned as it is.
 * @example readShapes(parsed).volatile // [{ path: 'tools.search.inputSchema.properties.since.default', type: 'string', format: 'date-time' }]
 */
export function readShapes(surface: Surface): Surface {
  const found = new Map<string, VolatileValue>()
  const record = (value: VolatileValue) => void found.set(`${value.path}\0${value.format ?? ''}`, value)
  walk((surface as { server?: unknown }).server, ['server'], record)
  for (const [list, key] of Object.entries(KEYED_LISTS)) {
    const entries = (surface as unknown as Record<string, unknown>)[list]
    if (!Array.isArray(entries)) continue
    for (const entry of entries as Record<string, unknown>[]) if (typeof entry?.[key] === 'string') walk(entry, [list, segmentOf(entry[key] as string)], record)
  }
  if (found.size === 0) return surface
  const volatile = [...found.entries()].sort(([a], [b]) => compareText(a, b)).map(([, value]) => value)
  return { ...surface, volatile }
}

/** A key with shape tokens, as a volatile path names it: `session://{uuid}/status`. */
function segmentOf(key: string): string {
  return key.replace(TOKEN, (token, shape: string) => ((VOLATILE_FORMATS as readonly string[]).includes(shape) ? `{${shape}}` : token))
}

function walk(value: unknown, path: string[], record: (value: VolatileValue) => void): void {
  if (typeof value === 'string') {
    for (const entry of shapesIn(value)) record({ path: renderVolatilePath(path), ...entry })
  } else if (Array.isArray(value)) {
    const keyed = path.length === 3 && path[0] === 'prompts' && path[2] === 'arguments'
    for (const [index, item] of value.entries()) {
      const name = keyed ? (item as Record<string, unknown> | null)?.name : undefined
      walk(item, [...path, typeof name === 'string' ? segmentOf(name) : String(index)], record)
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) walk(item, [...path, key], record)
  }
}

/** The shapes a written string holds: a whole number or string token, or the format tokens inside a text. */
function shapesIn(text: string): Omit<VolatileValue, 'path'>[] {
  const whole = /^‹(integer|number)(?: ([a-z-]+))?›$/.exec(text)
  if (whole !== null && (whole[2] === undefined || NUMBER_FORMATS.has(whole[2]))) {
    return [{ type: whole[1] as 'integer' | 'number', ...(whole[2] !== undefined ? { format: whole[2] as VolatileValue['format'] } : {}) }]
  }
  if (text === shapeToken('string')) return [{ type: 'string' }]
  const formats = new Set<VolatileFormat>()
  for (const [, shape] of text.matchAll(TOKEN)) if ((VOLATILE_FORMATS as readonly string[]).includes(shape)) formats.add(shape as VolatileFormat)
  return VOLATILE_FORMATS.filter((format) => formats.has(format)).map((format) => ({ type: 'string', format }))
}
