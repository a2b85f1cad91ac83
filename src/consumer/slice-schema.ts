import type { PathSegment } from '../schema/types.js'
import type { Schema } from '../surface/types.js'

const STRUCTURE_KEYWORDS = new Set(['properties', 'required', 'items', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties', 'prefixItems', 'contains', 'anyOf', 'oneOf', 'allOf', 'dependentRequired', 'dependentSchemas', 'unevaluatedProperties', 'unevaluatedItems'])

/**
 * The part of a canonical output schema that the given read paths rely on: along each path, the
 * type (with `null`), whether the field is required, and the whole schema where the path ends.
 * Fields nobody reads are left out, so they may change freely.
 * @example sliceSchema(outputSchema, [['items', '[]', 'price']])
 * // { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { price: … } } } } }
 */
export function sliceSchema(schema: Schema, paths: readonly PathSegment[][]): Schema {
  if (typeof schema !== 'object' || schema === null) return schema
  if (paths.some((path) => path.length === 0)) return schema
  const node = schema as Record<string, unknown>
  const sliced: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) if (!STRUCTURE_KEYWORDS.has(key)) sliced[key] = value
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(node[keyword])) sliced[keyword] = (node[keyword] as Schema[]).map((branch) => sliceSchema(branch, paths))
  }
  const properties = node.properties as Record<string, Schema> | undefined
  const names = [...new Set(paths.filter((path) => path[0] !== '[]').map((path) => path[0]))]
  if (properties !== undefined && names.length > 0) {
    const kept: Record<string, Schema> = {}
    for (const name of names) {
      if (Object.hasOwn(properties, name)) kept[name] = sliceSchema(properties[name], paths.filter((path) => path[0] === name).map((path) => path.slice(1)))
    }
    sliced.properties = kept
    const required = (node.required as string[] | undefined)?.filter((name) => names.includes(name))
    if (required !== undefined && required.length > 0) sliced.required = required
  }
  const itemPaths = paths.filter((path) => path[0] === '[]').map((path) => path.slice(1))
  if (itemPaths.length > 0 && node.items !== undefined && !Array.isArray(node.items)) sliced.items = sliceSchema(node.items as Schema, itemPaths)
  return sliced as Schema
}
