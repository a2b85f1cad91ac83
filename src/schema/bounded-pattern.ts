import { searchLanguage } from './pattern-automaton.js'

/**
 * Strings this short are tested with the native `RegExp`: even a pattern that backtracks
 * exponentially (`^(a+)+$`) finishes in well under a millisecond on them.
 */
const NATIVE_MAX_LENGTH = 12

/** A longer pattern is not turned into an automaton: the answer for it on a longer string is unknown. */
const MAX_PATTERN_LENGTH = 2_000

type Automaton = ReturnType<typeof searchLanguage>

// Why a cache: the same pattern is tested against many values (an enum, property names).
const AUTOMATA = new Map<string, Automaton | null>()

/**
 * Whether an ECMA-262 `pattern` (unicode mode, unanchored) finds a match in `value`, never
 * running a server's regex where it can backtrack without bound: a short string goes to the
 * native engine; a longer one runs on refa's automaton for the pattern, in time linear in the
 * string. A pattern refa cannot read (a backreference, a lookahead) against a longer string, or
 * one that does not compile, is `undefined`: the engine cannot tell, and says so.
 * @example patternMatches('^(a+)+$', 'a'.repeat(34) + '!') // false, at once
 */
export function patternMatches(pattern: string, value: string): boolean | undefined {
  const points = [...value]
  if (points.length <= NATIVE_MAX_LENGTH) {
    try {
      return new RegExp(pattern, 'u').test(value)
    } catch {
      return undefined
    }
  }
  const automaton = automatonOf(pattern)
  if (automaton === undefined) return undefined
  return automaton.test(points.map((c) => c.codePointAt(0)!) as never)
}

function automatonOf(pattern: string): Automaton | undefined {
  let known = AUTOMATA.get(pattern)
  if (known === undefined) {
    if (AUTOMATA.size > 10_000) AUTOMATA.clear()
    try {
      if (pattern.length > MAX_PATTERN_LENGTH) throw new RangeError('pattern too long')
      known = searchLanguage(pattern)
    } catch {
      known = null
    }
    AUTOMATA.set(pattern, known)
  }
  return known ?? undefined
}
