/**
 * The shapes a value that changes by itself is recognized by: tokens inside a string (a date, a
 * UUID, a hex id, a run of digits) and numbers. Masking a token keeps the rest of the text compared.
 */

/** Token formats a volatile string is compared by, in the order they are masked. */
export const VOLATILE_FORMATS = ['date-time', 'date', 'time', 'uuid', 'hex', 'digits'] as const

/** One recognized token format. */
export type VolatileFormat = (typeof VOLATILE_FORMATS)[number]

// Why this order: a date-time holds a date and a time, a UUID holds hex runs, a hex id holds digits;
// the wider token is masked first so the narrower never eats part of it.
const TOKEN_PATTERNS: Record<VolatileFormat, RegExp> = {
  'date-time': /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g,
  date: /\d{4}-\d{2}-\d{2}/g,
  time: /\b\d{2}:\d{2}:\d{2}(?:\.\d+)?\b/g,
  uuid: /\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/g,
  // Why a letter and a digit both required: a word of hex letters ("facade") or a plain number is no id.
  hex: /\b(?=[0-9a-fA-F]*[a-fA-F])(?=[0-9a-fA-F]*\d)[0-9a-fA-F]{8,}\b/g,
  digits: /\d+/g,
}

/** The text that stands for a masked token or value: `{date-time}`, `{uuid}`, `{number}`. */
export function placeholder(shape: string): string {
  return `{${shape}}`
}

/**
 * The text with every token of the given formats replaced by its placeholder (or by what `mark`
 * writes for it), widest format first.
 * @example maskTokens('data as of 2026-12-07', ['date']) // 'data as of {date}'
 */
export function maskTokens(text: string, formats: readonly VolatileFormat[], mark: (format: VolatileFormat) => string = placeholder): string {
  let out = text
  for (const format of VOLATILE_FORMATS) if (formats.includes(format)) out = out.replace(TOKEN_PATTERNS[format], mark(format))
  return out
}

/** The formats whose placeholder appears in a masked text (a path segment naming a masked key). */
export function formatsIn(masked: string): VolatileFormat[] {
  return VOLATILE_FORMATS.filter((format) => masked.includes(placeholder(format)))
}

/**
 * The fewest token formats that explain why two strings differ: masked with them, the strings are
 * equal. `undefined` when they are equal, or differ in more than recognized tokens.
 * Why the fewest, widest first: a description holding a fixed year and a changing date keeps the
 * year compared, and a date-time stays a date-time rather than the digits in it.
 * @example tokenDifference('as of 2026-12-07', 'as of 2026-12-08') // ['date']
 */
export function tokenDifference(before: string, after: string): VolatileFormat[] | undefined {
  if (before === after) return undefined
  const present = VOLATILE_FORMATS.filter((format) => maskTokens(before, [format]) !== before || maskTokens(after, [format]) !== after)
  if (present.length === 0 || maskTokens(before, present) !== maskTokens(after, present)) return undefined
  let needed = [...present]
  // Why the narrowest dropped first: a date-time is kept as a date-time, not as the digits in it.
  for (const format of [...present].reverse()) {
    const without = needed.filter((other) => other !== format)
    if (without.length > 0 && maskTokens(before, without) === maskTokens(after, without)) needed = without
  }
  return needed
}

/** Milliseconds since 1970 of 2000-01-01 and 2100-01-01: the span a number read as a clock falls in. */
const CLOCK_SPAN_MS = [946_684_800_000, 4_102_444_800_000] as const

/** Number shapes: a clock in milliseconds or seconds since 1970, or a number that grew. */
export type NumberFormat = 'epoch-ms' | 'epoch-s' | 'increasing'

/**
 * What two different numbers look like: a clock when both fall in this century as milliseconds or
 * seconds since 1970, else a number that grew; `undefined` for one that shrank.
 * @example numberDifference(1765000000000, 1765000001000) // 'epoch-ms'
 */
export function numberDifference(before: number, after: number): NumberFormat | undefined {
  const within = (value: number, scale: number) => value >= CLOCK_SPAN_MS[0] / scale && value < CLOCK_SPAN_MS[1] / scale
  if (within(before, 1) && within(after, 1)) return 'epoch-ms'
  if (within(before, 1000) && within(after, 1000)) return 'epoch-s'
  return after > before ? 'increasing' : undefined
}

/** True for a format read as a clock (a hint says "looks like a clock"); false for an id or a counter. */
export function isClockFormat(format: string): boolean {
  return format === 'date-time' || format === 'date' || format === 'time' || format === 'epoch-ms' || format === 'epoch-s'
}
