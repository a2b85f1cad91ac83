import { integerStepOf } from './exact-decimal.js'
import { sortTexts } from './keywords.js'

const MAX_SAFE = Number.MAX_SAFE_INTEGER

/** Draft-04 boolean `exclusiveMinimum`/`exclusiveMaximum` become the 2020-12 numeric form; infinite bounds are rewritten. */
export function rewriteBooleanExclusiveBounds(s: Record<string, unknown>): void {
  rewriteInfiniteBounds(s)
  if (typeof s.exclusiveMinimum === 'boolean') rewriteBooleanExclusiveBound(s, 'exclusiveMinimum', 'minimum')
  if (typeof s.exclusiveMaximum === 'boolean') rewriteBooleanExclusiveBound(s, 'exclusiveMaximum', 'maximum')
}

function rewriteBooleanExclusiveBound(s: Record<string, unknown>, exclusive: string, inclusive: string): void {
  if (s[exclusive] === true && typeof s[inclusive] === 'number') {
    s[exclusive] = s[inclusive]
    delete s[inclusive]
  } else delete s[exclusive]
}

/**
 * Keeps one lower and one upper numeric bound. On an integer-only schema bounds are rounded
 * inward to inclusive integers, except one at ±9007199254740991 that was not spelled so (or sits
 * under `not`/`if`: `negated`), which is spelled exclusive, and
 * `multipleOf` becomes the smallest integer step it allows.
 */
export function normalizeNumbers(s: Record<string, unknown>, negated = false): void {
  if (s.minimum === undefined && s.maximum === undefined && s.exclusiveMinimum === undefined && s.exclusiveMaximum === undefined && s.multipleOf === undefined) return
  const minimum = finiteNumber(s.minimum)
  const exclusiveMinimum = finiteNumber(s.exclusiveMinimum)
  const maximum = finiteNumber(s.maximum)
  const exclusiveMaximum = finiteNumber(s.exclusiveMaximum)
  numbersAsIntegers(s)
  if (isIntegerOnly(s.type)) {
    let low = -Infinity
    if (minimum !== undefined) low = Math.ceil(minimum)
    if (exclusiveMinimum !== undefined) low = Math.max(low, Math.floor(exclusiveMinimum) + 1)
    let high = Infinity
    if (maximum !== undefined) high = Math.floor(maximum)
    if (exclusiveMaximum !== undefined) high = Math.min(high, Math.ceil(exclusiveMaximum) - 1)
    if ('minimum' in s) delete s.minimum
    if ('exclusiveMinimum' in s) delete s.exclusiveMinimum
    if ('maximum' in s) delete s.maximum
    if ('exclusiveMaximum' in s) delete s.exclusiveMaximum
    // Why: the exact safe-integer limit spelled as such (zod's `.int()`) stays an inclusive
    // bound, which the comparison lists under the safe-integer policy; a bound that only rounds
    // to it (`exclusiveMaximum: 2^53`), or one under `not`/`if` (`negated`), is spelled
    // exclusive, the same integers, so the policy never applies to it.
    if (Number.isFinite(low)) {
      if (low === -MAX_SAFE && (minimum !== -MAX_SAFE || negated)) s.exclusiveMinimum = low - 1
      else s.minimum = low
    }
    if (Number.isFinite(high)) {
      if (high === MAX_SAFE && (maximum !== MAX_SAFE || negated)) s.exclusiveMaximum = high + 1
      else s.maximum = high
    }
    const step = finiteNumber(s.multipleOf)
    if (step !== undefined && step > 0) {
      const integerStep = integerStepOf(step)
      if (integerStep === 1) delete s.multipleOf
      else s.multipleOf = integerStep
    }
    return
  }
  if (minimum !== undefined && exclusiveMinimum !== undefined) delete s[exclusiveMinimum >= minimum ? 'minimum' : 'exclusiveMinimum']
  if (maximum !== undefined && exclusiveMaximum !== undefined) delete s[exclusiveMaximum <= maximum ? 'maximum' : 'exclusiveMaximum']
}

/**
 * `multipleOf: 1` accepts whole numbers alone: `{type: number, multipleOf: 1}` ≡ `{type: integer}`.
 * Why 1 alone: a larger step (2) stays a step on `number`, so adding it is one finding, not a
 * type change beside it.
 */
function numbersAsIntegers(s: Record<string, unknown>): void {
  if (s.multipleOf !== 1) return
  if (s.type === 'number') s.type = 'integer'
  else if (Array.isArray(s.type) && s.type.includes('number')) s.type = sortTexts(s.type.map((t) => (t === 'number' ? 'integer' : t)))
}

const BOUNDS = ['minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum'] as const

/**
 * A bound JSON parsing made infinite (`1e400`) would be written as `null` in a contract file:
 * one that every number meets is dropped; one that no number meets takes the numbers out of `type`.
 */
function rewriteInfiniteBounds(s: Record<string, unknown>): void {
  let impossible = false
  for (const keyword of BOUNDS) {
    const bound = s[keyword]
    if (typeof bound !== 'number' || Number.isFinite(bound)) continue
    delete s[keyword]
    const lower = keyword.endsWith('inimum')
    if ((lower && bound > 0) || (!lower && bound < 0)) impossible = true
  }
  if (!impossible) return
  for (const keyword of BOUNDS) delete s[keyword]
  delete s.multipleOf
  const types = s.type === undefined ? ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'] : Array.isArray(s.type) ? s.type : [s.type]
  s.type = types.filter((t) => t !== 'number' && t !== 'integer')
}

function finiteNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/** Whether a normalized `type` lists `integer` and not `number`. */
function isIntegerOnly(type: unknown): boolean {
  if (!Array.isArray(type)) return type === 'integer'
  return type.includes('integer') && !type.includes('number')
}
