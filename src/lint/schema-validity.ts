import { createRequire } from 'node:module'
import { isPlainObject } from './field-checks.js'
import type { RuleFinding } from './profile-rule.js'

type Ajv2020Module = typeof import('ajv/dist/2020.js')
type Ajv2020Instance = InstanceType<Ajv2020Module['Ajv2020']>
let ajv: Ajv2020Instance | undefined
/** What validating each schema text found. Why: servers repeat one schema across tools. */
const validated = new Map<string, RuleFinding[]>()

/** An Ajv that knows the JSON Schema 2020-12 meta-schema, loaded on first use (only a live lint needs it). */
function loadAjv(): Ajv2020Instance {
  if (ajv) return ajv
  const { Ajv2020 } = createRequire(import.meta.url)('ajv/dist/2020.js') as Ajv2020Module
  ajv = new Ajv2020({ strict: false, logger: false, allErrors: true })
  return ajv
}

/**
 * Where a tool's inputSchema is not a valid JSON Schema 2020-12 document, judged against the
 * 2020-12 meta-schema whatever `$schema` it declares (the model APIs that validate do so): a
 * draft-4 boolean `exclusiveMinimum`, `properties: []`, `required: "a"`. At most three places.
 * Why the declared `$schema` is set aside: Claude's API says "It must match JSON Schema draft
 * 2020-12" of a schema that declares draft-07, as the SDK 1.x writes into every schema.
 * @example metaSchemaFindings({ inputSchema: { type: 'object', properties: { ttl: { type: 'integer', exclusiveMinimum: true } } } }) // [{ path: 'inputSchema.properties.ttl.exclusiveMinimum', detail: '/properties/ttl/exclusiveMinimum must be number' }]
 */
export function metaSchemaFindings(fields: Record<string, unknown>): RuleFinding[] {
  const schema = fields.inputSchema
  if (!isPlainObject(schema)) return []
  const { $schema: _dialect, ...judged } = schema
  const text = JSON.stringify(judged)
  let findings = validated.get(text)
  if (findings === undefined) {
    findings = validate(judged)
    validated.set(text, findings)
  }
  return findings.map((finding) => ({ ...finding }))
}

function validate(schema: Record<string, unknown>): RuleFinding[] {
  const validator = loadAjv()
  if (validator.validateSchema(schema) === true) return []
  const places = new Map<string, string>()
  for (const error of validator.errors ?? []) {
    // Why one per place: a keyword the meta-schema checks by several rules fails each of them.
    if (!places.has(error.instancePath)) places.set(error.instancePath, `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`)
  }
  return [...places].slice(0, 3).map(([pointer, detail]) => ({ path: `inputSchema${pointer.split('/').slice(1).map((token) => `.${token.replace(/~1/g, '/').replace(/~0/g, '~')}`).join('')}`, detail }))
}
