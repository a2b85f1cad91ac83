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
  return rootKeywordFindings(fields, ROOT_COMBINATORS)
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

/** True when a schema's `type` names `type`, spelled as one string or in a list. */
function hasType(node: Record<string, unknown>, type: string): boolean {
  return node.type === type || (Array.isArray(node.type) && node.type.includes(type))
}

/** Where an array schema in inputSchema gives no `items`. */
export function arrayItemsFindings(fields: Record<string, unknown>): RuleFinding[] {
  return schemaNodes(fields.inputSchema, 'inputSchema')
    .filter(({ node }) => hasType(node, 'array') && node.items === undefined)
    .map(({ path }) => ({ path: `${path}.items`, detail: `an array without items at ${path}` }))
}

/** Where an inputSchema whose root says type: "object" gives no `properties` (a tool without arguments, most often). */
export function rootPropertiesFindings(fields: Record<string, unknown>): RuleFinding[] {
  const schema = fields.inputSchema
  if (!isPlainObject(schema) || schema.type !== 'object' || schema.properties !== undefined) return []
  return [{ path: 'inputSchema.properties', detail: 'an object root without properties' }]
}

/**
 * Where a schema of `type` in inputSchema carries a `format` outside `allowed`.
 * @example formatFindings({ inputSchema: { type: 'object', properties: { u: { type: 'string', format: 'uri' } } } }, 'string', ['date-time']) // one finding at inputSchema.properties.u.format
 */
export function formatFindings(fields: Record<string, unknown>, type: string | undefined, allowed: readonly string[]): RuleFinding[] {
  return schemaNodes(fields.inputSchema, 'inputSchema')
    .filter(({ node }) => typeof node.format === 'string' && !allowed.includes(node.format) && (type === undefined || hasType(node, type)))
    .map(({ path, node }) => ({ path: `${path}.format`, detail: `format ${JSON.stringify(node.format)} at ${path}` }))
}

/** Where an `enum` in inputSchema sits on a schema whose type is not "string", or holds a value that is not text. */
export function nonStringEnumFindings(fields: Record<string, unknown>): RuleFinding[] {
  return schemaNodes(fields.inputSchema, 'inputSchema')
    .filter(({ node }) => Array.isArray(node.enum) && (node.type !== 'string' || node.enum.some((value) => typeof value !== 'string')))
    .map(({ path, node }) => ({ path: `${path}.enum`, detail: `an enum of ${node.type === undefined ? 'no type' : `type ${JSON.stringify(node.type)}`} holding ${JSON.stringify(node.enum).slice(0, 60)} at ${path}` }))
}

/** Where `properties` sits on a schema whose type is given and is not the one string "object". */
export function propertiesOnNonObjectFindings(fields: Record<string, unknown>): RuleFinding[] {
  return schemaNodes(fields.inputSchema, 'inputSchema')
    .filter(({ node }) => isPlainObject(node.properties) && node.type !== undefined && node.type !== 'object')
    .map(({ path, node }) => ({ path: `${path}.properties`, detail: `properties on type ${JSON.stringify(node.type)} at ${path}` }))
}

/**
 * Where a `$ref` in inputSchema does not resolve inside the schema: a local pointer to nothing, an
 * anchor no schema declares, or a reference to another document (nothing is fetched).
 * @example refResolutionFindings({ inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/A' } } } }) // one finding: nothing at #/$defs/A
 */
export function refResolutionFindings(fields: Record<string, unknown>): RuleFinding[] {
  const root = fields.inputSchema
  const nodes = schemaNodes(root, 'inputSchema')
  const anchors = new Set(nodes.map(({ node }) => node.$anchor).filter((anchor) => typeof anchor === 'string'))
  return nodes
    .filter(({ node }) => typeof node.$ref === 'string' && !resolves(root, node.$ref, anchors))
    .map(({ path, node }) => ({ path: `${path}.$ref`, detail: `$ref ${JSON.stringify(node.$ref)} at ${path} does not resolve inside the schema` }))
}

function resolves(root: unknown, ref: string, anchors: ReadonlySet<unknown>): boolean {
  if (!ref.startsWith('#')) return false
  if (ref !== '#' && !ref.startsWith('#/')) return anchors.has(ref.slice(1))
  let at: unknown = root
  for (const token of ref.slice(2).split('/').filter((part, index, parts) => part !== '' || index < parts.length - 1)) {
    const key = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~')
    if (Array.isArray(at)) at = at[Number(key)]
    else if (isPlainObject(at)) at = at[key]
    else return false
    if (at === undefined) return false
  }
  return isPlainObject(at) || typeof at === 'boolean'
}

/** The size limits of a strict schema: properties in all, object nesting, enum values in all. */
export interface SizeLimits {
  properties: number
  depth: number
  enumValues: number
}

/**
 * Where inputSchema passes `limits`: more properties in all, deeper object nesting (the root's
 * properties are level 1), or more enum values in all. One finding per limit passed.
 */
export function sizeLimitFindings(fields: Record<string, unknown>, limits: SizeLimits): RuleFinding[] {
  const nodes = schemaNodes(fields.inputSchema, 'inputSchema')
  const properties = nodes.reduce((sum, { node }) => sum + (isPlainObject(node.properties) ? Object.keys(node.properties).length : 0), 0)
  const enumValues = nodes.reduce((sum, { node }) => sum + (Array.isArray(node.enum) ? node.enum.length : 0), 0)
  const deepest = nodes.reduce((found: { path: string; depth: number } | undefined, { path }) => {
    const depth = path.split('.properties.').length - 1
    return depth > (found?.depth ?? 0) ? { path, depth } : found
  }, undefined)
  const findings: RuleFinding[] = []
  if (properties > limits.properties) findings.push({ path: 'inputSchema', detail: `${properties} properties in all, past ${limits.properties}` })
  if (deepest !== undefined && deepest.depth > limits.depth) findings.push({ path: deepest.path, detail: `${deepest.depth} levels of nesting at ${deepest.path}, past ${limits.depth}` })
  if (enumValues > limits.enumValues) findings.push({ path: 'inputSchema', detail: `${enumValues} enum values in all, past ${limits.enumValues}` })
  return findings
}

/** Where an inputSchema carries one of `keywords` at its root only. */
export function rootKeywordFindings(fields: Record<string, unknown>, keywords: readonly string[]): RuleFinding[] {
  const schema = fields.inputSchema
  if (!isPlainObject(schema)) return []
  return keywords.filter((keyword) => schema[keyword] !== undefined).map((keyword) => ({ path: `inputSchema.${keyword}`, detail: `${keyword} at its root` }))
}
