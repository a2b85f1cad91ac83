import type { Schema } from './types.js'
import { acceptsAll, canonicalJson, isPlainObject, valueKey, withoutList } from './keywords.js'
import { integerStepOf } from './exact-decimal.js'
import { valueMatches, type Verdict } from './value-matches.js'

/**
 * Instance types split so that set reasoning is exact: `number` is `integer` ∪ `fraction`
 * (numbers that are not integers), so integer ⊂ number falls out of set inclusion.
 */
export type TypeAtom = 'array' | 'boolean' | 'fraction' | 'integer' | 'null' | 'object' | 'string'

const ALL_ATOMS: readonly TypeAtom[] = ['array', 'boolean', 'fraction', 'integer', 'null', 'object', 'string']

/**
 * The type atoms a schema's `type` allows (all of them when it has no `type`).
 * @example typeAtoms({ type: ['number', 'null'] }) // Set { 'integer', 'fraction', 'null' }
 */
export function typeAtoms(schema: Schema): Set<TypeAtom> {
  if (schema === false) return new Set()
  if (schema === true || schema.type === undefined) return new Set(ALL_ATOMS)
  const out = new Set<TypeAtom>()
  for (const t of Array.isArray(schema.type) ? schema.type : [schema.type]) {
    if (t === 'number') out.add('integer').add('fraction')
    else if (typeof t === 'string' && (ALL_ATOMS as readonly string[]).includes(t)) out.add(t as TypeAtom)
  }
  return out
}

/**
 * The type atoms a schema's `type` allows that some value can still take: an atom whose
 * keywords leave it no value (`minLength: 3, maxLength: 2` on strings, an integer `multipleOf`
 * on non-integers) is left out, so `{type: number, multipleOf: 2}` allows integers alone.
 * @example liveTypeAtoms({ type: 'number', multipleOf: 2 }) // Set { 'integer' }
 */
export function liveTypeAtoms(schema: Schema): Set<TypeAtom> {
  const atoms = typeAtoms(schema)
  if (typeof schema === 'boolean') return atoms
  for (const atom of atoms) if (atomUnsatisfiable(schema, atom) !== undefined) atoms.delete(atom)
  return atoms
}

/** Whether the atoms include a number atom. */
export function allowsNumbers(atoms: Set<TypeAtom>): boolean {
  return atoms.has('integer') || atoms.has('fraction')
}

/**
 * Why a canonical schema can match no value at all, or `undefined` when it can (or the engine
 * cannot tell). Only reasons that hold whatever `$ref`s resolve to are reported.
 * @example unsatisfiableReason({ type: 'integer', minimum: 5, maximum: 3 }) // 'minimum 5 > maximum 3'
 */
export function unsatisfiableReason(schema: Schema): string | undefined {
  if (schema === false) return 'false'
  if (schema === true) return undefined
  if (Array.isArray(schema.enum) && schema.enum.length === 0) return 'empty enum'
  if (Array.isArray(schema.enum)) {
    const rest = withoutList(schema)
    if (schema.enum.every((v) => valueMatches(rest, v) === false)) return 'no listed value fits the rest of the schema'
  }
  const reasons: string[] = []
  const atoms = typeAtoms(schema)
  const live = [...atoms].filter((atom) => {
    const reason = atomUnsatisfiable(schema, atom)
    if (reason !== undefined) reasons.push(reason)
    return reason === undefined
  })
  if (live.length === 0) return reasons.length > 0 ? [...new Set(reasons)].join('; ') : 'no type allowed'
  const repeated = repeatedOneOf(schema.oneOf)
  if (repeated !== undefined) return repeated
  if (Array.isArray(schema.allOf)) {
    const members = schema.allOf as Schema[]
    for (const member of members) {
      const reason = unsatisfiableReason(member)
      if (reason !== undefined) return `allOf member: ${reason}`
    }
    const { allOf: _members, ...base } = schema
    for (let i = 0; i < members.length; i++) {
      if (disjoint(members[i], base) === true) return 'allOf member shares no value with its schema'
      for (let j = i + 1; j < members.length; j++) {
        if (disjoint(members[i], members[j]) === true) return 'allOf members share no value'
      }
    }
  }
  return undefined
}

/**
 * Why a `oneOf` matches nothing: a value that one branch accepts is accepted by its copy too,
 * so when every branch has a copy (or two branches accept everything) no value matches exactly one.
 */
function repeatedOneOf(branches: unknown): string | undefined {
  if (!Array.isArray(branches) || branches.length < 2) return undefined
  // Why: a branch that is a `$ref` may lead back to this `oneOf` without a step into the value;
  // such a schema is not judged here (the walker lists it as not recorded).
  if (branches.some((branch) => isPlainObject(branch) && branch.$ref !== undefined)) return undefined
  const counts = new Map<string, number>()
  for (const branch of branches) {
    const key = acceptsAll(branch) ? 'true' : canonicalJson(branch)
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  if ((counts.get('true') ?? 0) >= 2) return 'two oneOf branches accept every value'
  if ([...counts.values()].every((count) => count >= 2)) return 'every oneOf branch is repeated, so no value matches exactly one'
  return undefined
}

/** The count pairs (lower, upper) per type whose crossing leaves no value. */
const COUNT_RANGES: Partial<Record<TypeAtom, [string, string][]>> = {
  string: [['minLength', 'maxLength']],
  array: [
    ['minItems', 'maxItems'],
    ['minContains', 'maxContains'],
  ],
  object: [['minProperties', 'maxProperties']],
}

function atomUnsatisfiable(schema: Record<string, unknown>, atom: TypeAtom): string | undefined {
  const num = (key: string): number | undefined => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined)
  for (const [lower, upper] of COUNT_RANGES[atom] ?? []) {
    const min = num(lower)
    const max = num(upper)
    if (min !== undefined && max !== undefined && min > max) return `${lower} ${min} > ${upper} ${max}`
  }
  if (atom === 'object') {
    const max = num('maxProperties')
    const required = Array.isArray(schema.required) ? schema.required : []
    const properties = isPlainObject(schema.properties) ? schema.properties : {}
    const closed = schema.additionalProperties === false && schema.patternProperties === undefined
    for (const name of required) {
      if (typeof name !== 'string') continue
      if (properties[name] === false) return `required property ${name} accepts no value`
      if (closed && !(name in properties)) return `required property ${name} is not allowed (additionalProperties false)`
    }
    if (max !== undefined && required.length > max) return `${required.length} required properties > maxProperties ${max}`
  }
  if (atom === 'array') {
    const min = num('minItems')
    const longest = longestArray(schema)
    if (min !== undefined && min > longest) return `minItems ${min} > the ${longest} item${longest === 1 ? '' : 's'} the item schemas allow`
  }
  const step = num('multipleOf')
  // Why: a whole-number step has whole multiples alone, so no fraction is a multiple of it.
  if (atom === 'fraction' && step !== undefined && step > 0 && Number.isInteger(step)) return `multipleOf ${step} admits whole numbers alone`
  if (atom === 'integer' || atom === 'fraction') {
    const low = schema.exclusiveMinimum !== undefined ? num('exclusiveMinimum') : num('minimum')
    const high = schema.exclusiveMaximum !== undefined ? num('exclusiveMaximum') : num('maximum')
    if (low === undefined || high === undefined) return undefined
    const exclusive = schema.exclusiveMinimum !== undefined || schema.exclusiveMaximum !== undefined
    const lowName = schema.exclusiveMinimum !== undefined ? 'exclusiveMinimum' : 'minimum'
    const highName = schema.exclusiveMaximum !== undefined ? 'exclusiveMaximum' : 'maximum'
    const empty = low > high || (low === high && exclusive)
    if (empty) return `${lowName} ${low} ${low === high ? '=' : '>'} ${highName} ${high}`
    if (atom === 'integer' && Math.ceil(low) > Math.floor(high)) return `no integer between ${low} and ${high}`
    if (atom === 'integer' && step !== undefined && step > 0) return noMultipleBetween(schema, step)
  }
  return undefined
}

/**
 * The most items an array can hold: up to the first tuple slot no value fits, and (with
 * `items` that no value fits) no more than its tuple slots; `Infinity` when unbounded so.
 */
function longestArray(schema: Record<string, unknown>): number {
  const slots = Array.isArray(schema.prefixItems) ? (schema.prefixItems as Schema[]) : []
  const blocked = slots.findIndex((slot) => slot === false || (isPlainObject(slot) && slot.$ref === undefined && unsatisfiableReason(slot) !== undefined))
  if (blocked >= 0) return blocked
  const tail = schema.items as Schema | undefined
  const closed = tail === false || (isPlainObject(tail) && tail.$ref === undefined && unsatisfiableReason(tail) !== undefined)
  return closed ? slots.length : Infinity
}

/** Why no integer multiple of `step` lies within the schema's bounds, or `undefined` when one does (or the bounds are open or huge). */
function noMultipleBetween(schema: Record<string, unknown>, step: number): string | undefined {
  const bound = (key: string): number | undefined => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined)
  const exclusiveLow = bound('exclusiveMinimum')
  const exclusiveHigh = bound('exclusiveMaximum')
  const low = exclusiveLow !== undefined ? Math.floor(exclusiveLow) + 1 : Math.ceil(bound('minimum') ?? -Infinity)
  const high = exclusiveHigh !== undefined ? Math.ceil(exclusiveHigh) - 1 : Math.floor(bound('maximum') ?? Infinity)
  if (!Number.isSafeInteger(low) || !Number.isSafeInteger(high)) return undefined
  // Why the whole-number step: an integer is a multiple of 2.5 exactly when it is one of 5.
  const whole = integerStepOf(step)
  if (!Number.isSafeInteger(whole)) return undefined
  const first = Math.ceil(low / whole) * whole
  return first > high ? `no multiple of ${step} between ${low} and ${high}` : undefined
}

/**
 * Whether no value matches both schemas: proved (`true`), refuted with a shared value
 * (`false`), or undecided. Used for `oneOf` overlap and discriminated unions.
 */
export function disjoint(a: Schema, b: Schema): Verdict {
  if (a === false || b === false) return true
  if (unsatisfiableReason(a) !== undefined || unsatisfiableReason(b) !== undefined) return true
  const atomsA = typeAtoms(a)
  const atomsB = typeAtoms(b)
  if (![...atomsA].some((t) => atomsB.has(t))) return true
  if (a === true || b === true) return false
  const enumA = Array.isArray(a.enum) ? a.enum : undefined
  const enumB = Array.isArray(b.enum) ? b.enum : undefined
  if (enumA !== undefined && enumB !== undefined) {
    const keys = new Set(enumA.map(valueKey))
    return !enumB.some((v) => keys.has(valueKey(v)))
  }
  if (enumA !== undefined || enumB !== undefined) {
    const verdicts = (enumA ?? enumB!).map((v) => valueMatches(enumA === undefined ? a : b, v))
    if (verdicts.every((v) => v === false)) return true
    return verdicts.some((v) => v === true) ? false : undefined
  }
  const tagA = discriminators(a)
  const tagB = discriminators(b)
  for (const [key, value] of tagA) if (tagB.has(key) && tagB.get(key) !== value) return true
  return undefined
}

/**
 * The properties an object schema pins to one value and requires (`{kind: {enum: ['a']}}`),
 * keyed by name with the canonical JSON of the value: how discriminated unions tell branches apart.
 */
export function discriminators(schema: Schema): Map<string, string> {
  const out = new Map<string, string>()
  if (typeof schema === 'boolean' || !isPlainObject(schema.properties) || !Array.isArray(schema.required)) return out
  for (const name of schema.required) {
    if (typeof name !== 'string') continue
    const property = schema.properties[name]
    if (isPlainObject(property) && Array.isArray(property.enum) && property.enum.length === 1) out.set(name, canonicalJson(property.enum[0]))
  }
  return out
}

/**
 * Looks for one value two schemas both accept, from simple examples of each (and, for two
 * object schemas, one object that fills the required properties of both). A value found proves
 * the schemas overlap; finding none proves nothing.
 */
export function overlapWitness(a: Schema, b: Schema, accepts: (schema: Schema, value: unknown) => Verdict): { value: unknown } | undefined {
  const candidates = [...examplesOf(a), ...examplesOf(b), ...combinedObjects(a, b)]
  for (const value of candidates) if (accepts(a, value) === true && accepts(b, value) === true) return { value }
  return undefined
}

const MAX_EXAMPLE_DEPTH = 4

/** A few simple values a schema is likely to accept (each is verified before use). */
export function examplesOf(schema: Schema, depth = 0): unknown[] {
  if (schema === false || depth > MAX_EXAMPLE_DEPTH) return []
  if (schema === true) return [null, 0, '', {}]
  if (Array.isArray(schema.enum)) return schema.enum
  const out: unknown[] = []
  for (const atom of typeAtoms(schema)) {
    if (atom === 'null') out.push(null)
    else if (atom === 'boolean') out.push(true, false)
    else if (atom === 'string') out.push(...stringExamples(schema))
    else if (atom === 'integer' || atom === 'fraction') out.push(...numberExamples(schema, atom))
    else if (atom === 'array') out.push(arrayExample(schema, depth))
    else if (atom === 'object') out.push(...objectExamples(schema, depth))
  }
  return out
}

// Why: a length bound can be any number; examples past this size are not worth building.
const MAX_EXAMPLE_LENGTH = 4096

/** A string of `length` characters, or nothing when the length is not a small whole number. */
function stringOfLength(length: number): string[] {
  return Number.isInteger(length) && length >= 0 && length <= MAX_EXAMPLE_LENGTH ? ['a'.repeat(length)] : []
}

/** The shortest string the bounds allow (at least one character), the empty one, and the longest. */
function stringExamples(schema: Record<string, unknown>): string[] {
  const shortest = stringOfLength(typeof schema.minLength === 'number' ? schema.minLength : 1)
  const longest = typeof schema.maxLength === 'number' && schema.maxLength > 1 ? stringOfLength(schema.maxLength) : []
  return [...shortest, '', ...longest]
}

/**
 * Strings at and just past every length bound a schema sets, in itself or in its `anyOf`/`oneOf`/
 * `allOf` branches: where two schemas accept different lengths, one of these tells them apart.
 * @example stringsAroundBounds({ anyOf: [{ maxLength: 3 }, { minLength: 10 }] }).map((s) => s.length) // [2, 3, 4, 9, 10, 11]
 */
export function stringsAroundBounds(schema: Schema, depth = 0): string[] {
  if (typeof schema === 'boolean' || depth > MAX_EXAMPLE_DEPTH) return []
  const lengths = new Set<number>()
  for (const keyword of ['minLength', 'maxLength']) {
    const bound = schema[keyword]
    if (typeof bound === 'number') for (const length of [bound - 1, bound, bound + 1]) lengths.add(length)
  }
  const out = [...lengths].flatMap(stringOfLength)
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
    const branches = schema[keyword]
    if (Array.isArray(branches)) for (const branch of branches as Schema[]) out.push(...stringsAroundBounds(branch, depth + 1))
  }
  return out
}

function numberExamples(schema: Record<string, unknown>, atom: TypeAtom): number[] {
  const low = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined
  const high = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : undefined
  const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : undefined
  const values = [low, high, 0, step, low === undefined ? undefined : Math.ceil(low)].filter((v): v is number => v !== undefined)
  return atom === 'fraction' ? values.map((v) => v + 0.5).concat(values) : values.map(Math.ceil)
}

function arrayExample(schema: Record<string, unknown>, depth: number): unknown[] {
  const count = typeof schema.minItems === 'number' ? schema.minItems : 0
  const slots = Array.isArray(schema.prefixItems) ? (schema.prefixItems as Schema[]) : []
  const out: unknown[] = []
  for (let i = 0; i < count; i++) out.push(examplesOf(slots[i] ?? ((schema.items ?? true) as Schema), depth + 1)[0] ?? null)
  return out
}

/** An object with its required properties filled. */
function objectExample(schema: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const properties = isPlainObject(schema.properties) ? (schema.properties as Record<string, Schema>) : {}
  for (const name of Array.isArray(schema.required) ? schema.required : []) {
    if (typeof name === 'string') out[name] = examplesOf(properties[name] ?? true, depth + 1)[0] ?? null
  }
  return out
}

const EXAMPLES_PER_PROPERTY = 4

/** The required-only object, then that object with one property set to each of a few example values. */
function objectExamples(schema: Record<string, unknown>, depth: number): Record<string, unknown>[] {
  const base = objectExample(schema, depth)
  const out = [base]
  const properties = isPlainObject(schema.properties) ? (schema.properties as Record<string, Schema>) : {}
  for (const [name, property] of Object.entries(properties)) {
    for (const value of examplesOf(property, depth + 1).slice(0, EXAMPLES_PER_PROPERTY)) out.push({ ...base, [name]: value })
  }
  return out
}

function combinedObjects(a: Schema, b: Schema): unknown[] {
  if (typeof a === 'boolean' || typeof b === 'boolean') return []
  if (!typeAtoms(a).has('object') || !typeAtoms(b).has('object')) return []
  return [{ ...objectExample(b, 0), ...objectExample(a, 0) }, { ...objectExample(a, 0), ...objectExample(b, 0) }]
}
