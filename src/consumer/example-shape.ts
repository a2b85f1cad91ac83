import type { Json } from '../surface/types.js'

/**
 * The shape of a value, for telling examples apart: keys and types, never the values.
 * @example shapeOf({ query: 'a', limit: 5 }) === shapeOf({ query: 'b', limit: 9 }) // true
 */
export function shapeOf(value: unknown): string {
  if (Array.isArray(value)) return `[${[...new Set(value.map(shapeOf))].sort().join('|')}]`
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${shapeOf((value as Record<string, unknown>)[key])}`)
      .join(',')}}`
  }
  return value === null ? 'null' : typeof value
}

/** What a redacted argument reads as in a consumer contract. */
export const REDACTED = '[redacted]'

/**
 * A copy of the arguments with every value at a redacted path (`password`, `auth.token`,
 * `items[].secret`) replaced by `"[redacted]"`, so secrets never reach a committed file.
 * @example redact({ auth: { token: 's3cr3t' }, q: 'x' }, ['auth.token']) // { auth: { token: '[redacted]' }, q: 'x' }
 */
export function redact(value: Json, paths: readonly string[], at = ''): Json {
  if (paths.includes(at) && at !== '') return REDACTED
  if (Array.isArray(value)) return value.map((item) => redact(item, paths, `${at}[]`))
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, redact(field, paths, at === '' ? key : `${at}.${key}`)]))
  }
  return value
}
