import { acceptsAll, canonicalJson, isPlainObject } from './keywords.js'
import { patternMatches } from './bounded-pattern.js'

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
  if (s.if !== undefined) added = conditionalRequired(s) || added
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
  if (keyword === 'unevaluatedItems' && s.contains !== undefined) return false
  if (IN_PLACE_APPLICATORS.some((k) => k !== 'allOf' && s[k] !== undefined)) return false
  if (s.allOf !== undefined && !evaluatedByMembers(s, keyword)) return false
  s[local] = s[keyword]
  delete s[keyword]
  return true
}

/**
 * Members of an `allOf` always apply, so what they evaluate is fixed: it is spelled beside
 * `unevaluated*` as `true` properties, patterns and tuple slots (which evaluate without
 * constraining), and `unevaluated*` then reads as `additionalProperties` / `items`. False
 * (nothing rewritten) when a member composes further or evaluates conditionally (`contains`).
 * A member that evaluates every key or item leaves `unevaluated*` nothing: it is dropped.
 */
function evaluatedByMembers(s: Record<string, unknown>, keyword: 'unevaluatedProperties' | 'unevaluatedItems'): boolean {
  const members = s.allOf
  if (!Array.isArray(members)) return false
  const objects: Record<string, unknown>[] = []
  for (const member of members) {
    if (member === true || member === false) continue
    if (!isPlainObject(member)) return false
    if (IN_PLACE_APPLICATORS.some((k) => member[k] !== undefined) || member.unevaluatedProperties !== undefined || member.unevaluatedItems !== undefined) return false
    if (keyword === 'unevaluatedItems' && member.contains !== undefined) return false
    objects.push(member)
  }
  if (keyword === 'unevaluatedProperties') {
    if (objects.some((m) => m.additionalProperties !== undefined)) return everythingEvaluated(s, keyword)
    const properties = isPlainObject(s.properties) ? { ...s.properties } : {}
    const patterns = isPlainObject(s.patternProperties) ? { ...s.patternProperties } : {}
    for (const member of objects) {
      if (isPlainObject(member.properties)) for (const name of Object.keys(member.properties)) if (!Object.hasOwn(properties, name)) properties[name] = true
      if (isPlainObject(member.patternProperties)) for (const p of Object.keys(member.patternProperties)) if (!Object.hasOwn(patterns, p)) patterns[p] = true
    }
    if (Object.keys(properties).length > 0) s.properties = properties
    if (Object.keys(patterns).length > 0) s.patternProperties = patterns
    // Why: a member's `true` property or pattern only evaluated; that is now spelled beside, so it goes.
    s.allOf = members.map((m) => (isPlainObject(m) ? withoutTrueEntries(m) : m))
    return true
  }
  if (objects.some((m) => m.items !== undefined)) return everythingEvaluated(s, keyword)
  const slots = Array.isArray(s.prefixItems) ? [...s.prefixItems] : []
  const longest = Math.max(0, ...objects.map((m) => (Array.isArray(m.prefixItems) ? m.prefixItems.length : 0)))
  while (slots.length < longest) slots.push(true)
  if (slots.length > 0) s.prefixItems = slots
  return true
}

function withoutTrueEntries(member: Record<string, unknown>): Record<string, unknown> | true {
  const out: Record<string, unknown> = { ...member }
  for (const keyword of ['properties', 'patternProperties']) {
    const map = out[keyword]
    if (!isPlainObject(map)) continue
    const kept = Object.fromEntries(Object.entries(map).filter(([, schema]) => schema !== true))
    if (Object.keys(kept).length > 0) out[keyword] = kept
    else delete out[keyword]
  }
  return Object.keys(out).length > 0 ? out : true
}

function everythingEvaluated(s: Record<string, unknown>, keyword: string): false {
  delete s[keyword]
  return false
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

/** `if: {required: [a]}, then: {required: […]}` (no `else`, or one that accepts everything) is `dependentRequired: {a: […]}`. */
function conditionalRequired(s: Record<string, unknown>): boolean {
  const condition = s.if
  const then = s.then
  if (s.else !== undefined && !acceptsAll(s.else)) return false
  if (!isPlainObject(condition) || Object.keys(condition).length !== 1 || !Array.isArray(condition.required) || condition.required.length !== 1) return false
  if (!isPlainObject(then) || Object.keys(then).length !== 1 || !Array.isArray(then.required)) return false
  if (typeof condition.required[0] !== 'string') return false
  addDependentRequired(s, condition.required[0], then.required)
  delete s.if
  delete s.then
  if ('else' in s) delete s.else
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
 * `maxItems: n` beside it says nothing more; slots past `maxItems` are never reached. Trailing
 * slots equal to `items` say nothing either.
 */
function closeTuple(s: Record<string, unknown>): boolean {
  let slots = s.prefixItems as unknown[]
  let added = false
  if (typeof s.maxItems === 'number' && s.maxItems < slots.length) {
    slots = slots.slice(0, Math.max(0, Math.ceil(s.maxItems)))
    if (slots.length === 0) {
      delete s.prefixItems
      return false
    }
    s.prefixItems = slots
  }
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
