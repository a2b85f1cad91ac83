import { patternMatches } from './bounded-pattern.js'
import { isPlainObject } from './keywords.js'
import type { Schema } from './types.js'

/** Keywords whose subschemas apply to the object itself, so they can constrain any of its keys. */
const APPLICATORS = ['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas'] as const

/** How deep the applicators are searched; past it a key reads as constrained (a false alarm at worst, never a miss). */
const MAX_DEPTH = 16

/**
 * The keyword beside `properties` through which an object schema already constrains the key
 * `name`, when it does: a `not`, `allOf`, `anyOf`, `oneOf`, `if`/`then`/`else` or
 * `dependentSchemas` whose subschemas name the key (in `properties`, `required`, a dependency or
 * a pattern that may match it) or speak of every key (`additionalProperties`, `propertyNames`,
 * `unevaluatedProperties`). Why it matters: a property added to an open object is an addition
 * only where the object said nothing about that key; where another keyword did, the values at
 * the key moved from what that keyword allowed, and the change is judged by its relation.
 * @example keywordConstraining({ not: { properties: { a: { type: 'string' } } } }, 'a') // 'not'
 */
export function keywordConstraining(schema: Schema, name: string): string | undefined {
  if (typeof schema !== 'object') return undefined
  for (const keyword of APPLICATORS) {
    if (schema[keyword] === undefined) continue
    if (subschemasOf(schema[keyword], keyword).some((child) => speaksOf(child, name, 0))) return keyword
  }
  return undefined
}

function subschemasOf(value: unknown, keyword: string): unknown[] {
  if (Array.isArray(value)) return value
  if (keyword === 'dependentSchemas' && isPlainObject(value)) return Object.values(value)
  return [value]
}

/** Whether a subschema applied to the object constrains the key `name`, here or through its own applicators. */
function speaksOf(node: unknown, name: string, depth: number): boolean {
  if (!isPlainObject(node)) return false
  if (depth > MAX_DEPTH) return true
  if (isPlainObject(node.properties) && Object.hasOwn(node.properties, name)) return true
  if (Array.isArray(node.required) && node.required.includes(name)) return true
  for (const keyword of ['additionalProperties', 'propertyNames', 'unevaluatedProperties']) if (node[keyword] !== undefined && node[keyword] !== true) return true
  if (isPlainObject(node.patternProperties) && Object.keys(node.patternProperties).some((p) => patternMatches(p, name) !== false)) return true
  for (const keyword of ['dependentRequired', 'dependentSchemas']) {
    const dependencies = node[keyword]
    if (isPlainObject(dependencies) && (Object.hasOwn(dependencies, name) || Object.values(dependencies).some((d) => Array.isArray(d) && d.includes(name)))) return true
  }
  if (typeof node.$ref === 'string') return true
  return APPLICATORS.some((keyword) => node[keyword] !== undefined && subschemasOf(node[keyword], keyword).some((child) => speaksOf(child, name, depth + 1)))
}
