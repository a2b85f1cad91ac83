import type { ErrorObject } from 'ajv'
import type { Schema } from '../surface/types.js'
import { pointerSegments } from '../schema/json-pointer.js'

/** A compiled validator: `true` for a valid value, otherwise the errors in words, one per line. */
export type CheckValue = (value: unknown) => true | string

/** A schema Ajv could compile, or why it could not. */
export type CompiledSchema = { check: CheckValue } | { failure: string }

/** Compiles recorded schemas with Ajv, one instance per dialect, created on first use. */
export interface SchemaValidator {
  compile(schema: Schema): CompiledSchema
}

const DRAFT_07_FAMILY = /json-schema\.org\/draft-0[4-7]\/schema/

/** At most this many validation errors are described; the rest are counted. */
const MAX_DESCRIBED_ERRORS = 10

let shared: Promise<SchemaValidator> | undefined

/**
 * The validator every mock shares: compiled schemas are kept by their JSON text, so a test
 * suite that builds a mock per test compiles each schema once. The dialect comes from
 * `$schema`: draft-04…07 → Ajv's draft-07 engine; anything else, or none → 2020-12.
 * Why 2020-12 without `$schema`: canonical contract schemas drop `$schema` and are spelled in
 * 2020-12 vocabulary (`$defs`, `prefixItems`, `dependentRequired`).
 * Why async: Ajv loads on the first tool call, not when mcp-contract is imported.
 * @example const compiled = (await schemaValidator()).compile(tool.inputSchema)
 */
export function schemaValidator(): Promise<SchemaValidator> {
  return (shared ??= createSchemaValidator())
}

async function createSchemaValidator(): Promise<SchemaValidator> {
  const [{ Ajv }, { Ajv2020 }, formats] = await Promise.all([import('ajv'), import('ajv/dist/2020.js'), import('ajv-formats')])
  // Why: ajv-formats is CommonJS; its default export sits one level down in some loaders.
  const addFormats = ((formats as unknown as { default: unknown }).default ?? formats) as (ajv: object) => void
  const options = {
    // Why: recorded schemas come from servers; unknown keywords and formats are theirs to use.
    strict: false,
    allErrors: true,
    allowUnionTypes: true,
    // Why: a recorded `$schema` must not make Ajv look for a meta-schema it was not given, and
    // one contract's `$id` must not clash with another's in the shared instance.
    validateSchema: false,
    addUsedSchema: false,
    logger: false as const,
    // Why: Ajv divides floats for multipleOf (0.3 / 0.1 ≠ 3); a precision reads decimals as written.
    multipleOfPrecision: 9,
  }
  let draft07: InstanceType<typeof Ajv> | undefined
  let draft2020: InstanceType<typeof Ajv2020> | undefined
  const engineFor = (schema: Schema) => {
    const dialect = typeof schema === 'object' && typeof schema.$schema === 'string' ? schema.$schema : ''
    if (DRAFT_07_FAMILY.test(dialect)) {
      if (draft07 === undefined) addFormats((draft07 = new Ajv(options)))
      return draft07
    }
    if (draft2020 === undefined) addFormats((draft2020 = new Ajv2020(options)))
    return draft2020
  }
  const compiled = new Map<string, CompiledSchema>()
  const compile = (schema: Schema): CompiledSchema => {
    let validate: ReturnType<ReturnType<typeof engineFor>['compile']>
    try {
      validate = engineFor(schema).compile(schema)
    } catch (error) {
      return { failure: (error as Error).message }
    }
    return { check: (value) => (validate(value) ? true : describeErrors(validate.errors ?? [])) }
  }
  return {
    compile(schema) {
      const key = JSON.stringify(schema)
      let entry = compiled.get(key)
      if (entry === undefined) compiled.set(key, (entry = compile(schema)))
      return entry
    },
  }
}

/**
 * Ajv's errors in the shape an SDK `McpServer` gives zod's, one per line:
 * `must be string at filters.city` / `is required at q`.
 * @example describeErrors(validate.errors)
 */
export function describeErrors(errors: readonly ErrorObject[]): string {
  const lines: string[] = []
  for (const error of errors) {
    const line = describeError(error)
    if (!lines.includes(line)) lines.push(line)
  }
  const shown = lines.slice(0, MAX_DESCRIBED_ERRORS)
  if (lines.length > shown.length) shown.push(`and ${lines.length - shown.length} more`)
  return shown.join('\n')
}

function describeError(error: ErrorObject): string {
  const path = pathOf(error.instancePath)
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required':
      return at('is required', joinPath(path, String(params.missingProperty)))
    case 'additionalProperties':
      return at('is not allowed', joinPath(path, String(params.additionalProperty)))
    case 'unevaluatedProperties':
      return at('is not allowed', joinPath(path, String(params.unevaluatedProperty)))
    case 'enum':
      return at(`must be one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`, path)
    default:
      return at(error.message ?? `fails ${error.keyword}`, path)
  }
}

function at(message: string, path: string): string {
  return path === '' ? message : `${message} at ${path}`
}

/** `/items/0/price` → `items[0].price`. */
function pathOf(pointer: string): string {
  let path = ''
  for (const segment of pointerSegments(pointer)) {
    path = /^\d+$/.test(segment) ? `${path}[${segment}]` : joinPath(path, segment)
  }
  return path
}

function joinPath(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`
}
