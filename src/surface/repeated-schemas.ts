import { canonicalizeSchema, type CanonicalSchema } from '../schema/canonicalize-schema.js'
import { MAX_ITEM_DEPTH } from '../schema/nesting-limit.js'
import { isPlainJson } from './plain-json.js'

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
