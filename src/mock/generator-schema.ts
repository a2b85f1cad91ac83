import type { Json, Schema } from '../surface/types.js'

/** Keywords whose values are data, not schemas: never rewritten. */
const DATA_KEYWORDS = new Set(['const', 'default', 'enum', 'examples', 'required'])

/**
 * The schema handed to json-schema-faker: the recorded one, narrowed where the generator skips
 * a keyword, so that more of its values pass the check. Only the generator sees it; the check
 * and tools/list use the recorded schema.
 * - `contains` + `minContains`/`maxContains` on an array without `items`: every item matches
 *   `contains` and the length is bounded by the counts (the generator ignores the counts).
 * - an array with no `items`: `items: {}` (the generator ignores `minItems` without it).
 * @example generatorSchema({ type: 'array', minItems: 3 }) // { type: 'array', minItems: 3, items: {} }
 */
export function generatorSchema(schema: Schema): Schema {
  return rewrite(schema) as Schema
}

function rewrite(node: Json): Json {
  if (Array.isArray(node)) return node.map(rewrite)
  if (typeof node !== 'object' || node === null) return node
  const out: { [key: string]: Json } = {}
  for (const [key, value] of Object.entries(node)) out[key] = DATA_KEYWORDS.has(key) ? value : rewrite(value)
  const isArray = out.type === 'array' || (Array.isArray(out.type) && out.type.includes('array')) || 'minItems' in out || 'contains' in out
  if (!isArray || 'items' in out || 'prefixItems' in out) return out
  const { contains, minContains, maxContains, ...rest } = out
  if (contains === undefined) return { ...rest, items: {} }
  const minItems = Math.max(Number(rest.minItems ?? 0), Number(minContains ?? 1))
  const maxItems = Math.min(Number(rest.maxItems ?? Infinity), Number(maxContains ?? Infinity))
  return { ...rest, items: contains, minItems, ...(maxItems === Infinity ? {} : { maxItems }) }
}
