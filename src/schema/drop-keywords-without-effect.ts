import { EMPTY_LIST, EMPTY_MAP, FALSE, KEYWORD_ROLES, NOT_POSITIVE, NUMBER_BITS, ONE, TRUE, TYPE_BITS, UNIVERSAL_PATTERN } from './keyword-roles.js'
import { dropImpliedKeywords } from './drop-implied-keywords.js'
import { acceptsAll, isPlainObject } from './keywords.js'
import { isUniversalPattern } from './pattern-inclusion.js'
import { patternAsLengths } from './length-pattern.js'

/**
 * Drops keywords that constrain only types the schema does not allow (`maximum` on a string)
 * and keywords spelled at their default: `minLength: 0`, `uniqueItems: false`, `items: true`, `{}` maps, …
 * Returns whether it added a keyword (a length-only `pattern` read as its bounds), so the
 * caller sorts the keys again.
 */
export function dropKeywordsWithoutEffect(s: Record<string, unknown>): boolean {
  let added = false
  const allowed = s.type === undefined ? -1 : allowedTypeBits(s.type)
  // Why: one pass over the keys, one lookup each; this runs on most nodes of every tool schema.
  for (const key of Object.keys(s)) {
    const role = KEYWORD_ROLES.get(key)
    if (role === undefined) continue
    if (role.types !== 0 && (role.types & allowed) === 0) {
      delete s[key]
      continue
    }
    const value = s[key]
    switch (role.defaultSpelling) {
      case NOT_POSITIVE:
        if (typeof value === 'number' && value <= 0) delete s[key]
        break
      case FALSE:
        if (value === false) delete s[key]
        break
      case TRUE:
        if (value === true) delete s[key]
        break
      case EMPTY_LIST:
        if (Array.isArray(value) && value.length === 0) delete s[key]
        break
      case EMPTY_MAP:
        if (isPlainObject(value)) dropEmptyEntries(s, key, value)
        break
      case UNIVERSAL_PATTERN:
        if (typeof value === 'string' && isUniversalPattern(value)) delete s[key]
        else if (patternAsLengths(s)) added = true
        break
      case ONE:
        if (value === 1) delete s[key]
        break
    }
  }
  return dropImpliedKeywords(s, allowed) || added
}

/**
 * Drops keywords that mean nothing without a partner (`then` without `if`, …) and trailing
 * `true` tuple slots, and spells `if: A, then: false` as `not: A`.
 * Returns whether it added a keyword, so the caller sorts the keys again and reads the `not`.
 */
export function dropUnpairedKeywords(s: Record<string, unknown>): boolean {
  let added = false
  if (Array.isArray(s.prefixItems)) {
    // Why: with no `items`, trailing `true` tuple slots accept what the tail accepts anyway.
    const slots = [...s.prefixItems]
    if (s.items === undefined) while (slots.length > 0 && slots[slots.length - 1] === true) slots.pop()
    if (slots.length === 0) delete s.prefixItems
    else s.prefixItems = slots
  }
  // Why: `delete` of a missing key is a slow runtime call in V8, and nearly every key here is missing.
  if (s.contains === undefined) {
    if ('minContains' in s) delete s.minContains
    if ('maxContains' in s) delete s.maxContains
  }
  // Why: a branch with annotations alone accepts everything, and a condition that always (or
  // never) holds leaves `else` (or `then`) unreachable; `{if: {description}, else: X}` is `{}`.
  if (s.then !== undefined && acceptsAll(s.then)) delete s.then
  if (s.else !== undefined && acceptsAll(s.else)) delete s.else
  if (s.if !== undefined && acceptsAll(s.if) && s.else !== undefined) delete s.else
  if (s.if === false && s.then !== undefined) delete s.then
  if (s.if !== undefined && s.then === undefined && s.else === undefined) delete s.if
  if (s.if === undefined) {
    if ('then' in s) delete s.then
    if ('else' in s) delete s.else
  }
  // Why: "when A holds, fail" is "A must not hold"; `anyOf: [{not: A}, false]` reads the same.
  if (s.if !== undefined && s.then === false && s.else === undefined && s.not === undefined) {
    s.not = s.if
    delete s.if
    delete s.then
    added = true
  }
  return added
}

/** The type bits a normalized `type` allows; `number` allows `integer` too. */
function allowedTypeBits(type: unknown): number {
  if (!Array.isArray(type)) return typeBits(type)
  let bits = 0
  for (const t of type) bits |= typeBits(t)
  return bits
}

function typeBits(type: unknown): number {
  return type === 'number' ? NUMBER_BITS : (TYPE_BITS.get(type as string) ?? 0)
}

function dropEmptyEntries(s: Record<string, unknown>, key: string, map: Record<string, unknown>): void {
  if (key === 'dependentRequired' || key === 'dependentSchemas') {
    const keep: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(map)) {
      if ((Array.isArray(value) && value.length === 0) || value === true) continue
      keep[name] = value
    }
    map = keep
    s[key] = keep
  }
  if (!hasOwnKey(map)) delete s[key]
}

export function hasOwnKey(map: Record<string, unknown>): boolean {
  for (const key in map) if (Object.prototype.hasOwnProperty.call(map, key)) return true
  return false
}
