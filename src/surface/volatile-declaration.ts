/**
 * Volatile values as a policy or the configuration declares them, and what is wrong with a
 * declaration. Why a file of its own: a matcher checks its policy before the engine loads, so this
 * stays light (no schema engine).
 */
import { VOLATILE_FORMATS, type VolatileFormat } from './volatile-formats.js'
import { parseVolatilePath } from './volatile-path.js'

/**
 * A volatile value as a policy or the configuration declares it: a path (the shape is then read
 * from the recorded value: the recognized tokens in a string, else the whole value), or an object
 * naming the token `format` or a `pattern`.
 * @example 'tools.search.inputSchema.properties.since.default'
 * @example { path: 'tools.search.description', pattern: 'as of \\S+' }
 */
export type VolatileDeclaration = string | { path: string; format?: VolatileFormat; pattern?: string }

/**
 * What is wrong with a list of volatile declarations, in words; undefined when nothing is.
 * @example volatileProblem(['tools.search']) // undefined
 */
export function volatileProblem(declared: unknown): string | undefined {
  if (!Array.isArray(declared)) return `volatile must be a list of paths such as ['tools.search.inputSchema.properties.since.default']; got ${JSON.stringify(declared)}.`
  for (const entry of declared as unknown[]) {
    const item = typeof entry === 'string' ? { path: entry } : (entry as Record<string, unknown>)
    if (typeof item !== 'object' || item === null || typeof item.path !== 'string') return `volatile entries must be paths or { path, format?, pattern? }; got ${JSON.stringify(entry)}.`
    const unknown = Object.keys(item).find((key) => !['path', 'format', 'pattern'].includes(key))
    if (unknown !== undefined) return `volatile entry ${JSON.stringify(item.path)} has an unknown key ${JSON.stringify(unknown)}; the keys are path, format and pattern.`
    const parsed = parseVolatilePath(item.path)
    if ('problem' in parsed) return `volatile path ${JSON.stringify(item.path)} cannot be read: ${parsed.problem}.`
    if (item.format !== undefined && !(VOLATILE_FORMATS as readonly unknown[]).includes(item.format)) return `volatile entry ${JSON.stringify(item.path)}: format must be one of ${VOLATILE_FORMATS.join(', ')}; got ${JSON.stringify(item.format)}.`
    if (item.pattern !== undefined && (typeof item.pattern !== 'string' || !compiles(item.pattern))) return `volatile entry ${JSON.stringify(item.path)}: pattern must be a regular expression; got ${JSON.stringify(item.pattern)}.`
  }
  return undefined
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'g')
    return true
  } catch {
    return false
  }
}

