import { patternMatches } from './bounded-pattern.js'
import { loadRefa, MAX_STATES, searchLanguage } from './pattern-automaton.js'
import type { Relation } from './types.js'

/**
 * What the engine can prove about two ECMA-262 `pattern`s (unanchored, unicode mode): equal
 * text and patterns that accept every string are decided here; anything else is decided by
 * comparing the two regular languages with refa. A pattern refa cannot read (a backreference,
 * an assertion it cannot place, too many states) is `unknown`, never a guess.
 */

// A pattern that can match the empty string with no assertion attached matches at position 0
// of every string. Assertions (`^` `$` `\b` lookarounds) are what can make that fail.
const ASSERTION = /[\^$]|\\[bB]|\(\?<?[=!]/

/**
 * True when `pattern` accepts every string, so it constrains nothing.
 * @example isUniversalPattern('.*') // true
 * @example isUniversalPattern('^.*$') // false: a string with a newline does not match
 */
export function isUniversalPattern(pattern: string): boolean {
  let known = UNIVERSAL.get(pattern)
  if (known === undefined) {
    if (UNIVERSAL.size > 10_000) UNIVERSAL.clear()
    known = decideUniversal(pattern)
    UNIVERSAL.set(pattern, known)
  }
  return known
}

// Why: the same few patterns recur across a server's tools; compiling each once is enough.
const UNIVERSAL = new Map<string, boolean>()

function decideUniversal(pattern: string): boolean {
  if (matchesEmpty(pattern) && !ASSERTION.test(pattern)) return true
  for (const body of [stripPrefix(pattern, '^'), stripSuffix(pattern, '$')]) {
    if (body !== undefined && !ASSERTION.test(body) && matchesEmpty(body)) return true
  }
  return ANY_STRING.has(pattern)
}

const ANY_STRING = new Set(['^[\\s\\S]*$', '^[\\S\\s]*$', '^[^]*$', '^[\\d\\D]*$', '^[\\w\\W]*$', '^(?:[\\s\\S]*)$', '^([\\s\\S]*)$'])

/**
 * How the set of strings a pattern accepts moved from `before` to `after`.
 * @example patternRelation('^[a-z]+$', '^[a-z0-9]+$') // 'widened'
 * @example patternRelation('^[a-z]+$', '^[0-9]+$') // 'incomparable'
 */
export function patternRelation(before: string, after: string): Relation {
  if (before === after) return 'equal'
  const beforeAll = isUniversalPattern(before)
  const afterAll = isUniversalPattern(after)
  if (beforeAll && afterAll) return 'equal'
  if (afterAll) return 'widened'
  if (beforeAll) return 'narrowed'
  const key = `${before}\u0000${after}`
  let known = RELATIONS.get(key)
  if (known === undefined) {
    if (RELATIONS.size > 10_000) RELATIONS.clear()
    known = languageRelation(before, after)
    RELATIONS.set(key, known)
  }
  return known
}

const RELATIONS = new Map<string, Relation>()

// Why these limits: a server's pattern is input we do not control; past them the answer is `unknown`.
const MAX_PATTERN_LENGTH = 2_000

function languageRelation(before: string, after: string): Relation {
  if (before.length > MAX_PATTERN_LENGTH || after.length > MAX_PATTERN_LENGTH) return 'unknown'
  try {
    const { DFA, isDisjointWith } = loadRefa()
    const [old, now] = [searchLanguage(before), searchLanguage(after)]
    const within = (inner: typeof old, outer: typeof old) => {
      const outside = DFA.fromFA(outer, new DFA.LimitedNodeFactory(MAX_STATES))
      outside.complement()
      return isDisjointWith(inner, outside, MAX_STATES)
    }
    const lost = !within(old, now)
    const gained = !within(now, old)
    return lost ? (gained ? 'incomparable' : 'narrowed') : gained ? 'widened' : 'equal'
  } catch {
    return 'unknown'
  }
}

function matchesEmpty(pattern: string): boolean {
  return patternMatches(pattern, '') === true
}

function stripPrefix(pattern: string, prefix: string): string | undefined {
  return pattern.startsWith(prefix) ? pattern.slice(prefix.length) : undefined
}

function stripSuffix(pattern: string, suffix: string): string | undefined {
  return pattern.endsWith(suffix) && !pattern.endsWith(`\\${suffix}`) ? pattern.slice(0, -suffix.length) : undefined
}
