import { canonicalizeSchema, type CanonicalSchema } from '../schema/canonicalize-schema.js'
import { MAX_ITEM_DEPTH } from '../schema/nesting-limit.js'

/**
 * A `canonicalizeSchema` for one normalization pass that canonicalizes each distinct schema text
 * once: a schema sent again (the same output schema on many tools, one input schema per tool
 * family) gets a copy of the first one's result. Pure: the copy is a fresh object, equal to what
 * canonicalizing it again returns (canonicalization is deterministic).
 * Why: canonicalizing is most of what a check does after the server answers, and servers built
 * from shared type definitions send the same schema many times over.
 * @example const canonical = repeatedSchemas(); canonical(tool.inputSchema).schema
 */
export function repeatedSchemas(canonicalize: (schema: unknown) => CanonicalSchema = canonicalizeSchema): (schema: unknown) => CanonicalSchema {
  /** Schema text → the JSON text of its canonical form; `undefined` when that form is not plain JSON. */
  const seen = new Map<string, string | undefined>()
  return (schema) => {
    if (!isPlainJson(schema, MAX_ITEM_DEPTH)) return canonicalize(schema)
    const text = JSON.stringify(schema)
    if (seen.has(text)) {
      const canonical = seen.get(text)
      return canonical === undefined ? canonicalize(schema) : (JSON.parse(canonical) as CanonicalSchema)
    }
    const result = canonicalize(schema)
    // Why copies made from text: JSON.parse makes a fresh object faster than any clone, and a
    // result only one caller holds cannot be changed under another.
    seen.set(text, isPlainJson(result, MAX_ITEM_DEPTH + 2) ? JSON.stringify(result) : undefined)
    return result
  }
}

/**
 * True when JSON text keeps `value` exactly, within `maxDepth` levels: strings, booleans, finite
 * numbers other than -0, null, and arrays without holes and plain objects of those. Why: two values
 * with one text are then the same schema; an in-process server's schema is an object, not text from
 * a wire, and undefined, NaN, -0 or a class instance would read alike as text while they canonicalize apart.
 */
function isPlainJson(value: unknown, maxDepth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0)
    case 'object':
      break
    default:
      return false
  }
  if (value === null) return true
  if (maxDepth <= 0) return false
  const prototype = Object.getPrototypeOf(value)
  if (prototype === Array.prototype) {
    const array = value as unknown[]
    for (let index = 0; index < array.length; index++) if (!(index in array) || !isPlainJson(array[index], maxDepth - 1)) return false
    return true
  }
  if (prototype !== Object.prototype && prototype !== null) return false
  // Why keys without symbols only: JSON text leaves symbol keys out.
  if (Object.getOwnPropertySymbols(value as object).length > 0) return false
  for (const key in value as Record<string, unknown>) {
    if (!Object.hasOwn(value as object, key) || !isPlainJson((value as Record<string, unknown>)[key], maxDepth - 1)) return false
  }
  return true
}
