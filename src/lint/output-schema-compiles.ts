import { createRequire } from 'node:module'
import { isPlainObject } from './field-checks.js'
import type { RuleFinding } from './profile-rule.js'

type AjvModule = typeof import('ajv')
type AjvInstance = InstanceType<AjvModule['Ajv']>
let ajv: AjvInstance | undefined
/** What compiling each schema text found. Why: servers repeat one output schema across tools, and a compile costs about 0.75 ms. */
const compiled = new Map<string, RuleFinding[]>()

/**
 * An Ajv configured as the SDK 1.x client's default validator (draft-07 `Ajv`, `strict: false`,
 * `validateSchema: false`), loaded on first use. Why required, not imported: it costs tens of
 * milliseconds to load and only lint of a live surface needs it. Why no formats: an unknown
 * format is ignored at `strict: false`, so formats never make a compile fail. Nothing is ever
 * fetched: no `loadSchema`, so a remote `$ref` fails to resolve, as it does in the client.
 * Why not loaded ahead (while `check`'s server boots): Ajv is about 80 CommonJS files, and most
 * surfaces have no output schema that needs a compile (see `usesCompileRisk`).
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
  if (!isPlainObject(schema) || !usesCompileRisk(schema)) return []
  // Why $id is dropped: the client caches by $id, and a compile here must not make a later one
  // of the same id (another tool, another run) pass from the cache or fail as a duplicate.
  const { $id: _id, ...withoutId } = schema
  const text = JSON.stringify(withoutId)
  let findings = compiled.get(text)
  if (findings === undefined) {
    findings = compileFindings(withoutId)
    compiled.set(text, findings)
  }
  return findings.map((finding) => ({ ...finding }))
}

function compileFindings(schema: Record<string, unknown>): RuleFinding[] {
  try {
    loadAjv().compile(schema)
    return []
  } catch (error) {
    return [{ path: 'outputSchema', detail: (error as Error).message }]
  }
}

const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'])
const REFERENCE_KEYWORDS = new Set(['$ref', '$dynamicRef', '$recursiveRef', '$id', 'pattern', 'patternProperties'])
const VALUE_KEYWORDS = new Set(['enum', 'const', 'default', 'examples'])

/**
 * True when a schema uses what makes the client's compile fail in practice: a reference or an id,
 * a pattern, a type that names no JSON type. Why a pre-check: compiling costs about 0.75 ms per
 * schema (1,000 output schemas would double a check's time), and a schema without these compiles.
 * A keyword value of the wrong type (`minimum: "1"`) also fails the client's compile and is not
 * looked for.
 */
function usesCompileRisk(root: Record<string, unknown>): boolean {
  const pending: unknown[] = [root]
  // Why a bound: a server's schema is input we do not control; past it, compile and let Ajv judge.
  for (let visited = 0; pending.length > 0; visited++) {
    if (visited > 10_000) return true
    const node = pending.pop()
    if (Array.isArray(node)) {
      pending.push(...node)
      continue
    }
    if (!isPlainObject(node)) continue
    for (const key in node) {
      if (REFERENCE_KEYWORDS.has(key)) return true
      const value = node[key]
      if (key === 'type' && !(Array.isArray(value) ? value : [value]).every((type) => JSON_TYPES.has(type as string))) return true
      // Why these are skipped: they hold values, not schemas.
      if (typeof value === 'object' && value !== null && !VALUE_KEYWORDS.has(key)) pending.push(value)
    }
  }
  return false
}
