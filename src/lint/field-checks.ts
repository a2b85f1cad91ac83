import type { RuleFinding } from './profile-rule.js'

/** The JSON Schema 2020-12 meta-schema URI, the dialect MCP assumes when `$schema` is absent. */
export const DIALECT_2020_12 = 'https://json-schema.org/draft/2020-12/schema'

/**
 * Where a tool schema's root is not an object schema with `type: "object"` spelled as one string.
 * An absent optional schema (`outputSchema`) is fine; an absent `inputSchema` is not.
 * @example objectRootFindings({ inputSchema: { $schema: '…' } }, 'inputSchema') // [{ path: 'inputSchema.type', detail: 'type is missing' }]
 */
export function objectRootFindings(fields: Record<string, unknown>, side: 'inputSchema' | 'outputSchema'): RuleFinding[] {
  const schema = fields[side]
  if (schema === undefined && side === 'outputSchema') return []
  // Why said apart: a contract file records a schema without constraints (`{}`, `$schema` only) as `true`.
  if (schema === true) return [{ path: side, detail: `${side} has no root type: it accepts anything` }]
  if (!isPlainObject(schema)) return [{ path: side, detail: `${side} is ${describeValue(schema)}, not a schema object` }]
  if (schema.type === 'object') return []
  return [{ path: `${side}.type`, detail: schema.type === undefined ? 'type is missing' : `type is ${JSON.stringify(schema.type)}` }]
}

/** Where a field that must be text is missing or not a string. */
export function requiredTextFindings(fields: Record<string, unknown>, names: readonly string[], prefix = ''): RuleFinding[] {
  return names
    .filter((name) => typeof fields[name] !== 'string')
    .map((name) => ({ path: `${prefix}${name}`, detail: `${name} is ${describeValue(fields[name])}` }))
}

/** Where an optional field is present but not of the type it must have. */
export function optionalTypeFindings(
  fields: Record<string, unknown>,
  names: readonly string[],
  type: 'string' | 'boolean',
  prefix = '',
): RuleFinding[] {
  return names
    .filter((name) => fields[name] !== undefined && typeof fields[name] !== type)
    .map((name) => ({ path: `${prefix}${name}`, detail: `${name} is ${describeValue(fields[name])}, not a ${type}` }))
}

/** What McpServer of @modelcontextprotocol/sdk 1.x writes into each schema it converts from zod 3 or 4. */
const SDK1_ZOD_DIALECT = 'http://json-schema.org/draft-07/schema#'

/**
 * True when a tool's schema carries the `$schema` the SDK 1.x's McpServer writes for ordinary code.
 * Why `execution` too: 1.x's McpServer gives every tool one, a hand-written tool list seldom does,
 * and draft-07 a user chose (a low-level Server, their own zod-to-json-schema call) is theirs to change.
 */
export function sdkWroteDraft07(fields: Record<string, unknown>, side: 'inputSchema' | 'outputSchema'): boolean {
  const schema = fields[side]
  return isPlainObject(schema) && schema.$schema === SDK1_ZOD_DIALECT && isPlainObject(fields.execution)
}

/** True for a JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A short description of a value the server sent: `missing`, `true`, `a list`, `"yes"`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'missing'
  if (Array.isArray(value)) return 'a list'
  if (isPlainObject(value)) return 'an object'
  return JSON.stringify(value)
}
