import type { ErrorObject, ValidateFunction } from 'ajv'
import { validate as compiledValidate } from './contract-validator.generated.js'
import { pointerSegments } from '../schema/json-pointer.js'

// Why compiled ahead of time (`npm run schemas`): compiling the schema cost every `check` about 100 ms.
const validate = compiledValidate as ValidateFunction

/**
 * Checks parsed contract data against `mcp-contract.schema.json` (the schema shipped with the
 * package, which editors can use through `$schema`). Returns what is wrong, naming the JSON path
 * (`tools[0].inputSchema.enum must be an array`), or `undefined` when the shape is right.
 * Why one schema for reading and editors: the file format is described once, and what an editor
 * flags is exactly what `check` refuses.
 * @example contractShapeProblem({ format: 1, server: { capabilities: null } }) // 'server.capabilities must be an object, not null'
 */
export function contractShapeProblem(data: unknown): string | undefined {
  return shapeProblem(validate, data)
}

/**
 * What a compiled Ajv validator finds wrong with `data`, in words naming the JSON path; undefined
 * when nothing. Shared by every file format the package reads (contracts, the project config).
 */
export function shapeProblem(check: ValidateFunction, data: unknown): string | undefined {
  if (check(data)) return undefined
  const [error] = check.errors ?? []
  return error === undefined ? 'its shape is wrong' : describeError(error, data)
}

function describeError(error: ErrorObject, data: unknown): string {
  const path = renderPath(error.instancePath)
  const where = path === '' ? 'the file' : path
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required':
      return `${where} has no "${String(params.missingProperty)}"`
    case 'type':
      return `${where} must be ${article(String(params.type))}, not ${kindOf(valueAt(data, error.instancePath))}`
    case 'additionalProperties':
      return `${where} has an unknown key "${String(params.additionalProperty)}"`
    case 'minLength':
      return params.limit === 1 ? `${where} must not be empty` : `${where} ${error.message ?? 'is too short'}`
    case 'pattern':
      // Why: a key that breaks a name rule (propertyNames) is reported by Ajv as the object failing a pattern.
      if (error.propertyName !== undefined) return `${where} has the key ${JSON.stringify(error.propertyName.slice(0, 80))}, which is not a valid name (a letter or digit, then letters, digits, _, . or -)`
      return `${where} ${error.message ?? 'is not valid'}`
    case 'enum':
      return `${where} must be one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`
    default:
      return `${where} ${error.message ?? 'is not valid'}`
  }
}

/** `/tools/0/inputSchema/properties/a b` → `tools[0].inputSchema.properties["a b"]`. */
function renderPath(pointer: string): string {
  if (pointer === '') return ''
  let path = ''
  for (const segment of pointerSegments(pointer)) {
    if (/^\d+$/.test(segment)) path += `[${segment}]`
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) path += path === '' ? segment : `.${segment}`
    else path += `[${JSON.stringify(segment)}]`
  }
  return path
}

function valueAt(data: unknown, pointer: string): unknown {
  let value = data
  for (const segment of pointerSegments(pointer)) {
    value = (value as Record<string, unknown> | undefined)?.[segment]
  }
  return value
}

function article(types: string): string {
  return types
    .split(',')
    .map((type) => (type === 'array' || type === 'object' || type === 'integer' ? `an ${type}` : `a ${type}`))
    .join(' or ')
}

function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : article(typeof value)
}
