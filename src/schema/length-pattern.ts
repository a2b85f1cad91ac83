/**
 * Patterns that only bound a string's length (`^[\s\S]{2,5}$`), read as `minLength`/`maxLength`.
 * Why: schema libraries spell a length either way (a regex written for another validator, a
 * pydantic `constr`), and the two spellings accept exactly the same strings: `pattern` runs in
 * unicode mode, where a class of every code point matches one code point, and both length
 * keywords count code points. `.` is not such a class (it refuses line terminators), so
 * `^.{2,5}$` is read as the lengths beside `^.*$`, the newline-free strings.
 */

/** Classes that match every code point in unicode mode. */
const EVERY_CODE_POINT = String.raw`\[(?:\\s\\S|\\S\\s|\\d\\D|\\D\\d|\\w\\W|\\W\\w|\^)\]`
/** `.` without the `s` flag: every code point but a line terminator. */
const NOT_A_LINE_TERMINATOR = String.raw`\.`
const QUANTIFIER = String.raw`(\*|\+|\?|\{(\d{1,6})\}|\{(\d{1,6}),(\d{0,6})\})`
const LENGTH_PATTERN = new RegExp(String.raw`^(\^?)(?:${EVERY_CODE_POINT}|(${NOT_A_LINE_TERMINATOR}))${QUANTIFIER}(\$?)$`)

/** What a length-only pattern says: the bounds, and the pattern that stays beside them. */
export interface LengthReading {
  minLength: number
  maxLength: number | undefined
  /** `^.*$` when the class refuses line terminators; nothing when it takes every code point. */
  pattern: string | undefined
}

/** The pattern every string without a line terminator matches, and no other. */
export const NO_LINE_TERMINATOR = '^.*$'

/**
 * The length bounds a pattern amounts to, or `undefined` when it says more than a length.
 * Unanchored on either side, a pattern finds its match in any string long enough, so only the
 * lower bound is left (for a class of every code point; `.` keeps its pattern whole then).
 * @example readLengthPattern('^[\\s\\S]{0,2}$') // { minLength: 0, maxLength: 2, pattern: undefined }
 * @example readLengthPattern('^.{2,5}$') // { minLength: 2, maxLength: 5, pattern: '^.*$' }
 */
export function readLengthPattern(pattern: string): LengthReading | undefined {
  const m = LENGTH_PATTERN.exec(pattern)
  if (m === null) return undefined
  const [, start, dot, quantifier, exact, low, high, end] = m
  let min: number
  let max: number | undefined
  if (quantifier === '*') [min, max] = [0, undefined]
  else if (quantifier === '+') [min, max] = [1, undefined]
  else if (quantifier === '?') [min, max] = [0, 1]
  else if (exact !== undefined) [min, max] = [Number(exact), Number(exact)]
  else [min, max] = [Number(low), high === '' ? undefined : Number(high)]
  if (max !== undefined && max < min) return undefined
  const anchored = start === '^' && end === '$'
  if (dot !== undefined) return anchored ? { minLength: min, maxLength: max, pattern: NO_LINE_TERMINATOR } : undefined
  return { minLength: min, maxLength: anchored ? max : undefined, pattern: undefined }
}

/**
 * Replaces a length-only `pattern` with the length keywords it amounts to (kept with any
 * bounds already there); says whether it did.
 */
export function patternAsLengths(s: Record<string, unknown>): boolean {
  if (typeof s.pattern !== 'string') return false
  const reading = readLengthPattern(s.pattern)
  if (reading === undefined || (reading.pattern !== undefined && reading.minLength === 0 && reading.maxLength === undefined)) return false
  if (reading.pattern === undefined) delete s.pattern
  else s.pattern = reading.pattern
  const min = typeof s.minLength === 'number' ? Math.max(s.minLength, reading.minLength) : reading.minLength
  if (min > 0) s.minLength = min
  if (reading.maxLength !== undefined) s.maxLength = typeof s.maxLength === 'number' ? Math.min(s.maxLength, reading.maxLength) : reading.maxLength
  return true
}
