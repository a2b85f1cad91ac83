import { patternMatches } from './bounded-pattern.js'
import { isMultipleOf } from './exact-decimal.js'
import { isNumberFormat, numberMeetsFormat } from './format-types.js'
import { canonicalJson, isPlainObject, valueKey } from './keywords.js'

/** Resolves a `$ref` of a canonical schema to its target, or `undefined` when it cannot. */
export type RefResolver = (ref: string) => unknown

/** `true` valid, `false` invalid, `undefined` the engine cannot tell (format, external `$ref`, …). */
export type Verdict = boolean | undefined

const MAX_DEPTH = 64

/**
 * Schema nodes one validation may visit. Why: `oneOf: [{$ref: N}, {$ref: N}]` inside `N`
 * doubles the work at every level; past this the answer is "cannot tell", never a hang.
 */
const MAX_VISITS = 200_000

interface Run {
  visits: number
  /** `$ref`s being followed for each value: meeting one again without a step into the value is a loop. */
  following: Map<unknown, Set<string>>
  looped: boolean
}

/**
 * Decides whether one JSON value is valid under a canonical (2020-12 shaped) schema, in
 * three-valued logic: what it cannot judge (a string `format`, an external `$ref`, a regex the engine
 * cannot compile) is `undefined`, never a guess.
 * @example valueMatches({ type: 'string', minLength: 2 }, 'ab') // true
 */
export function valueMatches(schema: unknown, value: unknown, resolveRef?: RefResolver): Verdict {
  return valueMatchesWithin(schema, value, resolveRef).verdict
}

/** `valueMatches`, and whether it stopped at its work budget (so the caller can list the place as not recorded). */
export function valueMatchesWithin(schema: unknown, value: unknown, resolveRef?: RefResolver): { verdict: Verdict; stopped: string | undefined } {
  const run: Run = { visits: 0, following: new Map(), looped: false }
  const verdict = matches(schema, value, resolveRef, 0, run)
  const stopped = run.visits > MAX_VISITS ? `checking a value stopped after ${MAX_VISITS} schema nodes (work budget)` : undefined
  return { verdict, stopped: stopped ?? (run.looped ? 'checking a value stopped: a $ref leads back to itself without a step into the value' : undefined) }
}

function matches(schema: unknown, value: unknown, resolveRef: RefResolver | undefined, depth: number, run: Run): Verdict {
  if (schema === true) return true
  if (schema === false) return false
  if (!isPlainObject(schema)) return undefined
  if (depth > MAX_DEPTH || ++run.visits > MAX_VISITS) return undefined
  const verdicts: Verdict[] = []
  const sub = (s: unknown, v: unknown): Verdict => matches(s, v, resolveRef, depth + 1, run)

  if (typeof schema.$ref === 'string') {
    const ref = schema.$ref
    const target = resolveRef?.(ref)
    let following = run.following.get(value)
    if (following === undefined) run.following.set(value, (following = new Set()))
    if (following.has(ref)) run.looped = true
    if (target === undefined || following.has(ref)) verdicts.push(undefined)
    else {
      following.add(ref)
      verdicts.push(sub(target, value))
      following.delete(ref)
    }
  }
  if (schema.$dynamicRef !== undefined) verdicts.push(undefined)
  // Why early: a value of another type, or off the list, fails at once; a union of 10,000
  // branches is checked for every example value, and all but one branch fail here.
  if (schema.type !== undefined && !matchesType(schema.type, value)) return false
  if (Array.isArray(schema.enum) && !enumTexts(schema.enum).has(valueKey(value))) return false
  if ('const' in schema && canonicalJson(schema.const) !== canonicalJson(value)) return false
  if (typeof value === 'number') verdicts.push(...numberVerdicts(schema, value))
  if (typeof value === 'string') verdicts.push(...stringVerdicts(schema, value))
  if (Array.isArray(value)) verdicts.push(...arrayVerdicts(schema, value, sub))
  if (isPlainObject(value)) verdicts.push(...objectVerdicts(schema, value, sub))

  if (verdicts.includes(false)) return false
  if (Array.isArray(schema.allOf)) verdicts.push(allOf(schema.allOf, (s) => sub(s, value)))
  if (Array.isArray(schema.anyOf)) verdicts.push(anyOf(schema.anyOf, (s) => sub(s, value)))
  if (Array.isArray(schema.oneOf)) verdicts.push(exactlyOne(schema.oneOf, (s) => sub(s, value)))
  if (schema.not !== undefined) verdicts.push(negate(sub(schema.not, value)))
  if (schema.if !== undefined) {
    const condition = sub(schema.if, value)
    const thenVerdict = schema.then === undefined ? true : sub(schema.then, value)
    const elseVerdict = schema.else === undefined ? true : sub(schema.else, value)
    verdicts.push(condition === undefined ? (thenVerdict === elseVerdict ? thenVerdict : undefined) : condition ? thenVerdict : elseVerdict)
  }
  return all(verdicts)
}

// Why: a value is checked against the same enum for every listed value of the other side; a
// set of texts per list keeps that linear instead of one scan of the list per value.
const ENUM_TEXTS = new WeakMap<unknown[], Set<string>>()

function enumTexts(list: unknown[]): Set<string> {
  let texts = ENUM_TEXTS.get(list)
  if (texts === undefined) ENUM_TEXTS.set(list, (texts = new Set(list.map(valueKey))))
  return texts
}

function matchesType(type: unknown, value: unknown): Verdict {
  const types = Array.isArray(type) ? type : [type]
  return types.some((t) => typeOfValueIs(t, value))
}

function typeOfValueIs(type: unknown, value: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null
    case 'boolean':
      return typeof value === 'boolean'
    case 'string':
      return typeof value === 'string'
    case 'number':
      return typeof value === 'number'
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value)
    case 'array':
      return Array.isArray(value)
    case 'object':
      return isPlainObject(value)
    default:
      return false
  }
}

function numberVerdicts(schema: Record<string, unknown>, value: number): Verdict[] {
  const out: Verdict[] = []
  if (typeof schema.minimum === 'number') out.push(value >= schema.minimum)
  if (typeof schema.maximum === 'number') out.push(value <= schema.maximum)
  if (typeof schema.exclusiveMinimum === 'number') out.push(value > schema.exclusiveMinimum)
  if (typeof schema.exclusiveMaximum === 'number') out.push(value < schema.exclusiveMaximum)
  if (typeof schema.multipleOf === 'number') out.push(isMultipleOf(value, schema.multipleOf))
  if (typeof schema.format === 'string') out.push(numberMeetsFormat(schema.format, value))
  return out
}

function stringVerdicts(schema: Record<string, unknown>, value: string): Verdict[] {
  const out: Verdict[] = []
  const length = [...value].length
  if (typeof schema.minLength === 'number') out.push(length >= schema.minLength)
  if (typeof schema.maxLength === 'number') out.push(length <= schema.maxLength)
  if (typeof schema.pattern === 'string') out.push(patternMatches(schema.pattern, value))
  if (schema.format !== undefined && !(typeof schema.format === 'string' && isNumberFormat(schema.format))) out.push(undefined)
  return out
}


function arrayVerdicts(schema: Record<string, unknown>, value: unknown[], sub: (s: unknown, v: unknown) => Verdict): Verdict[] {
  const out: Verdict[] = []
  if (typeof schema.minItems === 'number') out.push(value.length >= schema.minItems)
  if (typeof schema.maxItems === 'number') out.push(value.length <= schema.maxItems)
  if (schema.uniqueItems === true) out.push(new Set(value.map(canonicalJson)).size === value.length)
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : []
  value.forEach((item, index) => {
    const itemSchema = index < prefix.length ? prefix[index] : schema.items
    if (itemSchema !== undefined) out.push(sub(itemSchema, item))
  })
  if (schema.contains !== undefined) {
    const matches = value.map((item) => sub(schema.contains, item))
    if (matches.includes(undefined)) out.push(undefined)
    else {
      const count = matches.filter(Boolean).length
      const min = typeof schema.minContains === 'number' ? schema.minContains : 1
      const max = typeof schema.maxContains === 'number' ? schema.maxContains : Infinity
      out.push(count >= min && count <= max)
    }
  }
  return out
}

function objectVerdicts(
  schema: Record<string, unknown>,
  value: Record<string, unknown>,
  sub: (s: unknown, v: unknown) => Verdict,
): Verdict[] {
  const out: Verdict[] = []
  const keys = Object.keys(value)
  if (typeof schema.minProperties === 'number') out.push(keys.length >= schema.minProperties)
  if (typeof schema.maxProperties === 'number') out.push(keys.length <= schema.maxProperties)
  if (Array.isArray(schema.required)) out.push(schema.required.every((k) => typeof k === 'string' && k in value))
  const properties = isPlainObject(schema.properties) ? schema.properties : {}
  const patterns = isPlainObject(schema.patternProperties) ? schema.patternProperties : {}
  for (const key of keys) {
    let evaluated = false
    if (key in properties) {
      evaluated = true
      out.push(sub(properties[key], value[key]))
    }
    for (const pattern of Object.keys(patterns)) {
      const hit = patternMatches(pattern, key)
      if (hit === undefined) out.push(undefined)
      if (hit) {
        evaluated = true
        out.push(sub(patterns[pattern], value[key]))
      }
    }
    if (!evaluated && schema.additionalProperties !== undefined) out.push(sub(schema.additionalProperties, value[key]))
    if (schema.propertyNames !== undefined) out.push(sub(schema.propertyNames, key))
  }
  if (isPlainObject(schema.dependentRequired)) {
    for (const [key, names] of Object.entries(schema.dependentRequired)) {
      if (key in value && Array.isArray(names)) out.push(names.every((n) => typeof n === 'string' && n in value))
    }
  }
  if (isPlainObject(schema.dependentSchemas)) {
    for (const [key, dependent] of Object.entries(schema.dependentSchemas)) {
      if (key in value) out.push(sub(dependent, value))
    }
  }
  return out
}

/** Three-valued AND: any `false` wins, then any `undefined`. */
export function all(verdicts: Verdict[]): Verdict {
  if (verdicts.includes(false)) return false
  return verdicts.includes(undefined) ? undefined : true
}

/** Three-valued OR: any `true` wins, then any `undefined`. */
export function any(verdicts: Verdict[]): Verdict {
  if (verdicts.includes(true)) return true
  return verdicts.includes(undefined) ? undefined : false
}

// Why the three below stop early: once the answer is settled, the other branches cannot change it.

/** `all` over members checked one by one, stopping at the first `false`. */
function allOf(members: unknown[], check: (member: unknown) => Verdict): Verdict {
  let verdict: Verdict = true
  for (const member of members) {
    const v = check(member)
    if (v === false) return false
    if (v === undefined) verdict = undefined
  }
  return verdict
}

/** `any` over branches checked one by one, stopping at the first `true`. */
function anyOf(branches: unknown[], check: (branch: unknown) => Verdict): Verdict {
  let verdict: Verdict = false
  for (const branch of branches) {
    const v = check(branch)
    if (v === true) return true
    if (v === undefined) verdict = undefined
  }
  return verdict
}

/** Exactly one branch matches: stops at the second `true`. */
function exactlyOne(branches: unknown[], check: (branch: unknown) => Verdict): Verdict {
  let yes = 0
  let unsure = 0
  for (const branch of branches) {
    const v = check(branch)
    if (v === true && ++yes > 1) return false
    if (v === undefined) unsure++
  }
  if (unsure === 0) return yes === 1
  return undefined
}

/** Three-valued NOT. */
export function negate(verdict: Verdict): Verdict {
  return verdict === undefined ? undefined : !verdict
}
