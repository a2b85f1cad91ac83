import { canonicalJson, isPlainObject } from './keywords.js'
import { patternMatches } from './value-matches.js'

/** Keywords that evaluate properties or items in place from a subschema (their annotations reach `unevaluated*`). */
const IN_PLACE_APPLICATORS = ['allOf', 'anyOf', 'oneOf', 'if', 'then', 'else', 'dependentSchemas', '$ref', '$dynamicRef', '$recursiveRef']

/**
 * Rewrites spellings that cover the same keys and items to one: `unevaluated*` with nothing
 * composed beside it becomes `additionalProperties` / `items`; `not: {not: X}` becomes `allOf: [X]`;
 * a dependent schema that only requires names, and `if: {required: [a]}, then: {required: […]}`,
 * become `dependentRequired`; a tuple closed by `maxItems` is closed by `items: false`; a
 * trailing tuple slot equal to `items`, and a `false` property a closed object rejects anyway,
 * are dropped. Edits `s` in place; returns true when it added a key (so keys need sorting).
 */
export function normalizeCoverage(s: Record<string, unknown>): boolean {
  let added = false
  if (s.unevaluatedProperties !== undefined) added = foldUnevaluated(s, 'unevaluatedProperties', 'additionalProperties') || added
  if (s.unevaluatedItems !== undefined) added = foldUnevaluated(s, 'unevaluatedItems', 'items') || added
  if (isPlainObject(s.not) && Object.keys(s.not).length === 1 && s.not.not !== undefined) {
    // Why: a double negation accepts what its inner schema accepts; as an `allOf` member it is folded.
    s.allOf = [...(Array.isArray(s.allOf) ? s.allOf : []), s.not.not]
    delete s.not
    added = true
  }
  if (isPlainObject(s.dependentSchemas)) added = requiredOnlyDependencies(s) || added
  if (s.if !== undefined && s.else === undefined) added = conditionalRequired(s) || added
  if (Array.isArray(s.prefixItems)) added = closeTuple(s) || added
  if (s.additionalProperties === false && isPlainObject(s.properties)) dropRejectedProperties(s)
  return added
}

// Why: `additionalProperties` / `items` beside `unevaluated*` evaluate every key / item the
// other local keywords leave, so `unevaluated*` has nothing left; with no in-place applicator
// (and, for items, no `contains`) `unevaluated*` sees exactly what the local keywords saw.
function foldUnevaluated(s: Record<string, unknown>, keyword: 'unevaluatedProperties' | 'unevaluatedItems', local: 'additionalProperties' | 'items'): boolean {
  if (s[local] !== undefined) {
    delete s[keyword]
    return false
  }
  if (IN_PLACE_APPLICATORS.some((k) => s[k] !== undefined)) return false
  if (keyword === 'unevaluatedItems' && s.contains !== undefined) return false
  s[local] = s[keyword]
  delete s[keyword]
  return true
}

/** `dependentSchemas: {a: {required: [b]}}` is `dependentRequired: {a: [b]}`. */
function requiredOnlyDependencies(s: Record<string, unknown>): boolean {
  const schemas = s.dependentSchemas as Record<string, unknown>
  let moved = false
  for (const [name, dependent] of Object.entries(schemas)) {
    if (!isPlainObject(dependent) || Object.keys(dependent).length !== 1 || !Array.isArray(dependent.required)) continue
    addDependentRequired(s, name, dependent.required)
    delete schemas[name]
    moved = true
  }
  if (moved && Object.keys(schemas).length === 0) delete s.dependentSchemas
  return moved
}

/** `if: {required: [a]}, then: {required: […]}` (no `else`) is `dependentRequired: {a: […]}`. */
function conditionalRequired(s: Record<string, unknown>): boolean {
  const condition = s.if
  const then = s.then
  if (!isPlainObject(condition) || Object.keys(condition).length !== 1 || !Array.isArray(condition.required) || condition.required.length !== 1) return false
  if (!isPlainObject(then) || Object.keys(then).length !== 1 || !Array.isArray(then.required)) return false
  if (typeof condition.required[0] !== 'string') return false
  addDependentRequired(s, condition.required[0], then.required)
  delete s.if
  delete s.then
  return true
}

function addDependentRequired(s: Record<string, unknown>, name: string, required: unknown[]): void {
  const map = isPlainObject(s.dependentRequired) ? { ...s.dependentRequired } : {}
  const list = Array.isArray(map[name]) ? (map[name] as unknown[]) : []
  map[name] = [...list, ...required.filter((n) => !list.includes(n))]
  s.dependentRequired = map
}

/**
 * An `n`-slot tuple with `maxItems` at most `n` has no tail: `items: false` says so, and
 * `maxItems: n` beside it says nothing more. Trailing slots equal to `items` say nothing either.
 */
function closeTuple(s: Record<string, unknown>): boolean {
  const slots = s.prefixItems as unknown[]
  let added = false
  if (typeof s.maxItems === 'number' && s.maxItems <= slots.length && s.items !== false) {
    added = s.items === undefined
    s.items = false
  }
  if (s.items === false && typeof s.maxItems === 'number' && s.maxItems >= slots.length) delete s.maxItems
  if (s.items !== undefined && s.items !== false) {
    const tail = canonicalJson(s.items)
    const kept = [...slots]
    while (kept.length > 0 && canonicalJson(kept[kept.length - 1]) === tail) kept.pop()
    if (kept.length === 0) delete s.prefixItems
    else if (kept.length < slots.length) s.prefixItems = kept
  }
  return added
}

/** `properties: {foo: false}` on an object whose other keys are rejected anyway (no pattern may match `foo`). */
function dropRejectedProperties(s: Record<string, unknown>): void {
  const props = s.properties as Record<string, unknown>
  const patterns = isPlainObject(s.patternProperties) ? Object.keys(s.patternProperties) : []
  const required = Array.isArray(s.required) ? s.required : []
  for (const [name, schema] of Object.entries(props)) {
    if (schema !== false || required.includes(name)) continue
    if (patterns.some((p) => patternMatches(p, name) !== false)) continue
    delete props[name]
  }
  if (Object.keys(props).length === 0) delete s.properties
}
