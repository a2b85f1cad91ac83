import { isPlainObject } from '../field-checks.js'
import type { RuleFinding } from '../profile-rule.js'
import { schemaNodes } from '../schema-nodes.js'

/**
 * Where a tool's name does not fit a model API's pattern; `shape` says the pattern in words.
 * @example nameFindings({ name: 'get items:v2' }, /^[a-zA-Z0-9_-]{1,64}$/, '…') // [{ path: 'name', detail: 'a name that is not …' }]
 */
export function nameFindings(fields: Record<string, unknown>, pattern: RegExp, shape: string): RuleFinding[] {
  const name = fields.name
  if (typeof name === 'string' && pattern.test(name)) return []
  return [{ path: 'name', detail: `a name that is not ${shape}` }]
}

/** The combinators a root may not carry for Claude's API. */
const ROOT_COMBINATORS = ['oneOf', 'allOf', 'anyOf'] as const

/** Where an inputSchema carries oneOf, allOf or anyOf at its root. */
export function rootCombinatorFindings(fields: Record<string, unknown>): RuleFinding[] {
  const schema = fields.inputSchema
  if (!isPlainObject(schema)) return []
  return ROOT_COMBINATORS.filter((keyword) => schema[keyword] !== undefined).map((keyword) => ({ path: `inputSchema.${keyword}`, detail: `${keyword} at its root` }))
}

/** Where an inputSchema's root does not say type: "object". */
export function objectTypeFindings(fields: Record<string, unknown>): RuleFinding[] {
  const schema = fields.inputSchema
  if (isPlainObject(schema) && schema.type === 'object') return []
  const type = isPlainObject(schema) ? schema.type : undefined
  return [{ path: 'inputSchema.type', detail: type === undefined ? 'no type "object" at its root' : `type ${JSON.stringify(type)} at its root` }]
}

/**
 * Where any schema in inputSchema carries one of `keywords`, one finding per place and keyword.
 * Why by schema node: a property called `const` is a key of `properties`, not the keyword.
 */
export function keywordFindings(fields: Record<string, unknown>, keywords: readonly string[]): RuleFinding[] {
  return schemaNodes(fields.inputSchema, 'inputSchema').flatMap(({ path, node }) =>
    keywords.filter((keyword) => node[keyword] !== undefined).map((keyword) => ({ path: `${path}.${keyword}`, detail: `${keyword} at ${path}` })),
  )
}

/** Where a schema in inputSchema spells `type` as a list (`["string", "null"]`). */
export function typeListFindings(fields: Record<string, unknown>): RuleFinding[] {
  return schemaNodes(fields.inputSchema, 'inputSchema')
    .filter(({ node }) => Array.isArray(node.type))
    .map(({ path, node }) => ({ path: `${path}.type`, detail: `type ${JSON.stringify(node.type)} at ${path}` }))
}

/** The object schemas in inputSchema: a `type` of "object", or `properties` without a type. */
function objectNodes(fields: Record<string, unknown>) {
  return schemaNodes(fields.inputSchema, 'inputSchema').filter(({ node }) => node.type === 'object' || (node.type === undefined && isPlainObject(node.properties)))
}

/** Where an object schema in inputSchema does not say additionalProperties: false. */
export function openObjectFindings(fields: Record<string, unknown>): RuleFinding[] {
  return objectNodes(fields)
    .filter(({ node }) => node.additionalProperties !== false)
    .map(({ path, node }) => ({ path: `${path}.additionalProperties`, detail: `additionalProperties is ${node.additionalProperties === undefined ? 'missing' : JSON.stringify(node.additionalProperties)} at ${path}` }))
}

/** Where an object schema in inputSchema leaves a property out of required. */
export function optionalPropertyFindings(fields: Record<string, unknown>): RuleFinding[] {
  return objectNodes(fields).flatMap(({ path, node }) => {
    const required = Array.isArray(node.required) ? node.required : []
    const names = isPlainObject(node.properties) ? Object.keys(node.properties) : []
    return names.filter((name) => !required.includes(name)).map((name) => ({ path: `${path}.required`, detail: `${name} is not in required at ${path}` }))
  })
}
