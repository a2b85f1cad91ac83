import { createRequire } from 'node:module'
import { isPlainObject } from './field-checks.js'
import type { RuleFinding } from './profile-rule.js'

type AjvModule = typeof import('ajv')
type AjvInstance = InstanceType<AjvModule['Ajv']>
let ajv: AjvInstance | undefined

/**
 * An Ajv configured as the SDK 1.x client's default validator (draft-07 `Ajv`, `strict: false`,
 * `validateSchema: false`), loaded on first use. Why required, not imported: it costs tens of
 * milliseconds to load and only lint of a live surface needs it. Why no formats: an unknown
 * format is ignored at `strict: false`, so formats never make a compile fail. Nothing is ever
 * fetched: no `loadSchema`, so a remote `$ref` fails to resolve, as it does in the client.
 */
function loadAjv(): AjvInstance {
  if (ajv) return ajv
  const { Ajv } = createRequire(import.meta.url)('ajv') as AjvModule
  ajv = new Ajv({ strict: false, validateSchema: false, allErrors: true, logger: false, addUsedSchema: false })
  return ajv
}

/**
 * Where a tool's outputSchema does not compile the way the SDK 1.x client compiles it while it
 * lists tools: an unresolvable `$ref`, a pattern that is not a valid Unicode regular expression,
 * a `type` that names no JSON type.
 * @example outputSchemaCompileFindings({ outputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/x' } } } })
 */
export function outputSchemaCompileFindings(fields: Record<string, unknown>): RuleFinding[] {
  const schema = fields.outputSchema
  if (!isPlainObject(schema)) return []
  const validator = loadAjv()
  try {
    // Why $id is dropped: the client caches by $id, and a compile here must not make a later one
    // of the same id (another tool, another run) pass from the cache or fail as a duplicate.
    const { $id: _id, ...withoutId } = schema
    validator.compile(withoutId)
    return []
  } catch (error) {
    return [{ path: 'outputSchema', detail: (error as Error).message }]
  }
}
