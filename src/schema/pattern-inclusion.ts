import type { Relation } from '../diff/change.js'

/**
 * What the engine can prove about two ECMA-262 `pattern`s (unanchored, unicode mode) without a
 * regular-language library: equal text, a pattern that accepts every string, and `^.*$`
 * (every string without a line terminator) against an anchored pattern that cannot produce one.
 * Anything else is `unknown`, never a guess.
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
const SINGLE_LINE_ANY = new Set(['^.*$', '^(.*)$', '^(?:.*)$'])

/**
 * How the set of strings a pattern accepts moved from `before` to `after`.
 * @example patternRelation('^[a-z]+$', '^.*$') // 'widened'
 * @example patternRelation('^[a-z]+$', '^[a-c]+$') // 'unknown'
 */
export function patternRelation(before: string, after: string): Relation {
  if (before === after) return 'equal'
  const beforeAll = isUniversalPattern(before)
  const afterAll = isUniversalPattern(after)
  if (beforeAll && afterAll) return 'equal'
  if (afterAll) return 'widened'
  if (beforeAll) return 'narrowed'
  if (SINGLE_LINE_ANY.has(after) && isSingleLineAnchored(before)) return 'widened'
  if (SINGLE_LINE_ANY.has(before) && isSingleLineAnchored(after)) return 'narrowed'
  return 'unknown'
}

/** True when every string the pattern accepts is free of line terminators. */
function isSingleLineAnchored(pattern: string): boolean {
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return false
  if (hasTopLevelAlternation(pattern)) return false
  // Why: without the `m` flag `^…$` covers the whole string, so it has a line terminator only
  // if the body can produce one: a negated class or an escape that includes one.
  return !/\\[sSWDnrcpPu]|\\x0[aAdD]|\[\^|[\n\r\u2028\u2029]/.test(pattern.slice(1, -1))
}

function hasTopLevelAlternation(pattern: string): boolean {
  let depth = 0
  let inClass = false
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]
    if (c === '\\') {
      i++
      continue
    }
    if (inClass) {
      if (c === ']') inClass = false
      continue
    }
    if (c === '[') inClass = true
    else if (c === '(') depth++
    else if (c === ')') depth--
    else if (c === '|' && depth === 0) return true
  }
  return false
}

function matchesEmpty(pattern: string): boolean {
  try {
    return new RegExp(pattern, 'u').test('')
  } catch {
    return false
  }
}

function stripPrefix(pattern: string, prefix: string): string | undefined {
  return pattern.startsWith(prefix) ? pattern.slice(prefix.length) : undefined
}

function stripSuffix(pattern: string, suffix: string): string | undefined {
  return pattern.endsWith(suffix) && !pattern.endsWith(`\\${suffix}`) ? pattern.slice(0, -suffix.length) : undefined
}
