import type { Json, Schema } from './types.js'
import type { SchemaObject } from './finding.js'
import { canonicalJson, compareText, isPlainObject, KEYWORD_TYPES } from './keywords.js'
import { isMultipleOf } from './exact-decimal.js'

/**
 * Keywords whose meaning depends on a neighbour in the same schema object: merging two
 * schemas that each hold part of a group would change what they accept.
 */
const INTERACTING_GROUPS = [
  ['additionalProperties', 'patternProperties', 'properties'],
  ['items', 'prefixItems'],
  ['contains', 'maxContains', 'minContains'],
  ['else', 'if', 'then'],
]

// Why: a reference, and `unevaluated*` (which sees every neighbour's annotations), keep their
// own schema object; merging around them is not provably the same.
const BLOCKERS = ['$ref', '$dynamicRef', 'unevaluatedItems', 'unevaluatedProperties']

/**
 * Whether a schema object holds a keyword that reads its neighbours (a reference, `unevaluated*`),
 * so its keywords can be neither merged with another schema's nor split apart.
 * @example readsNeighbours({ unevaluatedProperties: false, allOf: [] }) // true
 */
export function readsNeighbours(schema: Record<string, unknown>): boolean {
  return BLOCKERS.some((keyword) => keyword in schema)
}

/**
 * Merges `member` (an `allOf` member or a lone branch) into `target` when the result accepts
 * exactly what both accepted together; returns false, leaving `target` untouched, otherwise.
 */
export function mergeInto(target: Record<string, unknown>, member: Schema): boolean {
  if (member === true) return true
  if (member === false) return false
  if (readsNeighbours(member) || readsNeighbours(target)) return false
  const theirs = withoutRefusedProperties(member as Record<string, unknown>, target)
  const own = withoutRefusedProperties(target, theirs)
  for (const group of INTERACTING_GROUPS) {
    const inTarget = group.filter((k) => k in own)
    const inMember = group.filter((k) => k in theirs)
    if (inTarget.length === 0 || inMember.length === 0) continue
    const onlyProperties = inTarget.length === 1 && inMember.length === 1 && inTarget[0] === 'properties' && inMember[0] === 'properties'
    if (!onlyProperties && !restatesClosedProperties(own, theirs) && !restatesClosedProperties(theirs, own)) return false
  }
  const merged: Record<string, unknown> = { ...own }
  for (const key of Object.keys(theirs)) {
    // Why own only: a keyword named `constructor` must not find Object's.
    const mine = Object.hasOwn(merged, key) ? merged[key] : undefined
    const other = theirs[key]
    if (mine === undefined || canonicalJson(mine) === canonicalJson(other)) {
      merged[key] = other
      continue
    }
    const combined = combineKeyword(key, mine, other)
    if (combined === undefined) return false
    merged[key] = combined
  }
  if (own !== target && !('properties' in merged)) delete target.properties
  for (const key of Object.keys(merged)) target[key] = merged[key]
  return true
}

/**
 * `other` without the `properties` a closed `closed` (`additionalProperties: false`, no
 * `patternProperties`) does not list: together the two refuse those keys whatever `other` says
 * of them, so an open member's extra property adds nothing to a closed one. The same object
 * back when there are none, or when `other` holds more of the group than `properties`.
 */
function withoutRefusedProperties(other: Record<string, unknown>, closed: Record<string, unknown>): Record<string, unknown> {
  if (!isPlainObject(other.properties) || 'additionalProperties' in other || 'patternProperties' in other) return other
  if (closed.additionalProperties !== false || 'patternProperties' in closed || !isPlainObject(closed.properties)) return other
  const listed = closed.properties
  const names = Object.keys(other.properties)
  if (names.every((name) => Object.hasOwn(listed, name))) return other
  const properties = Object.fromEntries(names.filter((name) => Object.hasOwn(listed, name)).map((name) => [name, (other.properties as Record<string, unknown>)[name]]))
  const { properties: _all, ...rest } = other
  return Object.keys(properties).length === 0 ? rest : { ...rest, properties }
}

/**
 * Whether `other` holds `properties` alone of its group and names only properties `closed`
 * lists beside `additionalProperties` (no `patternProperties`): for those names
 * `additionalProperties` reads nothing, so their schemas can be merged name by name.
 */
function restatesClosedProperties(closed: Record<string, unknown>, other: Record<string, unknown>): boolean {
  if (!isPlainObject(closed.properties) || !isPlainObject(other.properties) || 'patternProperties' in closed) return false
  if ('additionalProperties' in other || 'patternProperties' in other) return false
  const names = closed.properties
  return Object.keys(other.properties).every((name) => Object.hasOwn(names, name))
}

/**
 * Reads two schema objects so that an `allOf` member one side keeps as a member and the other
 * merged into its own keywords is a member on both sides. Canonicalization merges a member only
 * while no other member collides with it, so adding a member can move an existing one out of
 * the schema's keywords; read this way the edit is the added member alone. Each rewritten side
 * accepts exactly what it accepted before.
 * @example alignMergedMembers({ pattern: 'b' }, { allOf: [{ pattern: 'a' }, { pattern: 'b' }] })
 * // [{ allOf: [{ pattern: 'b' }] }, { allOf: [{ pattern: 'a' }, { pattern: 'b' }] }]
 */
export function alignMergedMembers(a: SchemaObject, b: SchemaObject): [SchemaObject, SchemaObject] {
  if (!Array.isArray(a.allOf) && !Array.isArray(b.allOf)) return [a, b]
  return [splitOutMembers(a, b), splitOutMembers(b, a)]
}

/**
 * `self` with each `allOf` member of `other` that its own keywords already assert, and that it
 * does not list itself, read as a member: the keywords spelled exactly as in the member and not
 * shared with `other` move into it (an interacting group only as a whole).
 */
function splitOutMembers(self: SchemaObject, other: SchemaObject): SchemaObject {
  const theirs = Array.isArray(other.allOf) ? (other.allOf as Schema[]) : []
  const mine = Array.isArray(self.allOf) ? (self.allOf as Schema[]) : []
  const listed = new Set(mine.map(canonicalJson))
  const { allOf: _members, ...own } = self
  const kept: Record<string, Json> = { ...own }
  const split: Schema[] = []
  for (const member of theirs) {
    if (typeof member !== 'object' || listed.has(canonicalJson(member)) || !asserts(own, member)) continue
    for (const key of movableKeywords(own, member, other)) delete kept[key]
    split.push(member)
  }
  if (split.length === 0) return self
  return { ...kept, allOf: [...mine, ...split] as Json[] }
}

/**
 * Whether `own` already asserts every keyword of `member` (merging it in would change nothing).
 * A keyword spelled the same in both asserts nothing new (an interacting group only when the
 * whole group is the same), nor does one for types `own` does not allow.
 */
function asserts(own: Record<string, Json>, member: Record<string, Json>): boolean {
  const types = own.type === undefined ? undefined : Array.isArray(own.type) ? own.type : [own.type]
  const applies = (key: string) => types === undefined || (KEYWORD_TYPES.get(key)?.some((t) => types.includes(t) || (t === 'integer' && types.includes('number'))) ?? true)
  const same = (key: string) => canonicalJson(own[key]) === canonicalJson(member[key])
  const groupOf = (key: string) => INTERACTING_GROUPS.find((group) => group.includes(key))
  const settled = (key: string) => {
    const group = groupOf(key)
    return group === undefined ? same(key) : group.every((k) => (!(k in own) && !(k in member)) || same(k))
  }
  const rest = Object.fromEntries(Object.entries(member).filter(([key]) => applies(key) && !settled(key)))
  const merged: Record<string, unknown> = { ...own }
  if (!mergeInto(merged, rest)) return false
  return Object.keys(merged).every((key) => Object.hasOwn(own, key) && sameAssertion(key, merged[key], own[key]))
}

function sameAssertion(key: string, a: unknown, b: unknown): boolean {
  if (key !== 'type' && key !== 'required' && key !== 'enum') return canonicalJson(a) === canonicalJson(b)
  const texts = (v: unknown) => new Set((Array.isArray(v) ? v : [v]).map(canonicalJson))
  const [x, y] = [texts(a), texts(b)]
  return x.size === y.size && [...x].every((t) => y.has(t))
}

/** The keywords of `own` that `member` spells the same and `other` does not, groups kept whole. */
function movableKeywords(own: Record<string, Json>, member: Record<string, Json>, other: SchemaObject): string[] {
  const same = (key: string) => Object.hasOwn(member, key) && canonicalJson(own[key]) === canonicalJson(member[key])
  const movable = new Set(Object.keys(member).filter((key) => same(key) && (!Object.hasOwn(other, key) || canonicalJson(other[key]) !== canonicalJson(own[key]))))
  for (const group of INTERACTING_GROUPS) {
    if (!group.some((key) => movable.has(key))) continue
    const whole = group.every((key) => !(key in own) || same(key))
    for (const key of group) {
      if (whole && key in own) movable.add(key)
      else movable.delete(key)
    }
  }
  return [...movable]
}

/** The value of one keyword present in two schemas that must both hold, or undefined when it has no single spelling. */
function combineKeyword(key: string, a: unknown, b: unknown): unknown {
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v])
  switch (key) {
    case 'type': {
      const bs = list(b)
      const common = list(a).flatMap((t) => (bs.includes(t) ? [t] : t === 'number' && bs.includes('integer') ? ['integer'] : t === 'integer' && bs.includes('number') ? ['integer'] : []))
      return [...new Set(common)]
    }
    case 'required':
      return [...list(a), ...list(b)]
    case 'enum': {
      const texts = new Set(list(b).map(canonicalJson))
      return list(a).filter((v) => texts.has(canonicalJson(v)))
    }
    case 'minimum':
    case 'exclusiveMinimum':
    case 'minLength':
    case 'minItems':
    case 'minProperties':
      return typeof a === 'number' && typeof b === 'number' ? Math.max(a, b) : undefined
    case 'maximum':
    case 'exclusiveMaximum':
    case 'maxLength':
    case 'maxItems':
    case 'maxProperties':
      return typeof a === 'number' && typeof b === 'number' ? Math.min(a, b) : undefined
    case 'multipleOf':
      // Why: a step that is a multiple of the other asserts both (3 and 1 on an integer: 3).
      if (typeof a !== 'number' || typeof b !== 'number' || a <= 0 || b <= 0) return undefined
      return isMultipleOf(a, b) ? a : isMultipleOf(b, a) ? b : undefined
    case 'properties': {
      if (!isPlainObject(a) || !isPlainObject(b)) return undefined
      const out: Record<string, unknown> = { ...a }
      for (const [name, schema] of Object.entries(b)) {
        // Why `true`: it asserts nothing, so the other side's schema is the two together.
        if (!Object.hasOwn(out, name) || out[name] === true || canonicalJson(out[name]) === canonicalJson(schema)) out[name] = schema
        else if (schema !== true) return undefined
      }
      // Why: canonical schemas keep their keys sorted, so their JSON text can be compared as is.
      return Object.fromEntries(Object.keys(out).sort(compareText).map((name) => [name, out[name]]))
    }
    default:
      return undefined
  }
}

