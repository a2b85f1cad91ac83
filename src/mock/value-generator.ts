import type { Json, Schema } from '../surface/types.js'
import { generatorSchema } from './generator-schema.js'
import type { CheckValue } from '../contract/schema-validator.js'

/** A generated value that passed validation, or why none could be made. */
export type Generated = { value: Json } | { failure: string }

/** Makes values for one schema; each call with the same seed gives the same value. */
export type GenerateValue = (seed: number) => Generated

/** How many derived seeds are tried before giving up on a schema. */
const ATTEMPTS = 5

/** How deep a recursive `$ref` is followed before the generator stops descending. */
const REF_DEPTH = 3

/**
 * Creates a generator for one schema: json-schema-faker with a seeded random source, every
 * value checked by `check` (Ajv) before it is returned. A value that fails is retried with
 * seeds derived from the first; after {@link ATTEMPTS} the answer says why, never an invalid value.
 * Why async: json-schema-faker loads on the first tool call, not when mcp-contract is imported.
 * @example const generate = await createValueGenerator(tool.outputSchema, check)
 */
export async function createValueGenerator(schema: Schema, check: CheckValue): Promise<GenerateValue> {
  const { generateSync } = await import('json-schema-faker')
  const narrowed = generatorSchema(schema)
  return (seed) => {
    let reason = ''
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      let value: unknown
      try {
        // Why sync: it never resolves a remote `$ref` (a contract tool never fetches what a schema names).
        value = generateSync(narrowed as never, { seed: attempt === 0 ? seed : deriveSeed(seed, attempt), refDepthMax: REF_DEPTH })
      } catch (error) {
        reason = (error as Error).message
        continue
      }
      const verdict = check(value)
      if (verdict === true) return { value: value as Json }
      reason = `the last attempt was invalid: ${verdict}`
    }
    return { failure: `no value satisfying the schema was found in ${ATTEMPTS} attempts (${reason})` }
  }
}

/**
 * A 32-bit seed from the parts that identify a call: the server's seed, the tool and its
 * arguments (object keys in sorted order, so key order does not change the value). FNV-1a:
 * Why not a cryptographic hash: nothing here is secret, and a call must stay cheap.
 * @example deriveSeed(1, 'search_products', { q: 'tea' })
 */
export function deriveSeed(...parts: unknown[]): number {
  const text = JSON.stringify(parts, (_key, value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : value,
  )
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193)
  return hash >>> 0
}
