/**
 * Exact decimal arithmetic for `multipleOf`: a JSON number is read as the decimal it was
 * written as (`0.1` is one tenth, not the nearest double), so `0.1` is a multiple of `0.01`.
 */

/** A decimal `mantissa × 10^exponent`. */
interface Decimal {
  mantissa: bigint
  exponent: number
}

// Why: `String(n)` gives the shortest text that reads back as `n`, which is the decimal the
// schema author wrote for every value JSON.parse produced; float division (0.1 / 0.01) is not.
function toDecimal(value: number): Decimal {
  const text = String(value)
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i.exec(text)
  if (!match) throw new RangeError(`not a finite number: ${text}`)
  const [, sign, whole, fraction = '', exp = '0'] = match
  const mantissa = BigInt(`${sign}${whole}${fraction}`)
  return { mantissa, exponent: Number(exp) - fraction.length }
}

function alignedIntegers(a: number, b: number): [bigint, bigint] {
  const x = toDecimal(a)
  const y = toDecimal(b)
  const exponent = Math.min(x.exponent, y.exponent)
  return [x.mantissa * 10n ** BigInt(x.exponent - exponent), y.mantissa * 10n ** BigInt(y.exponent - exponent)]
}

/**
 * True when `value` is an exact multiple of `divisor` (divisor > 0).
 * @example isMultipleOf(0.1, 0.01) // true
 * @example isMultipleOf(0.3, 0.1) // true (float division says 2.9999999999999996)
 */
export function isMultipleOf(value: number, divisor: number): boolean {
  if (!Number.isFinite(value) || !Number.isFinite(divisor) || divisor === 0) return false
  const [v, d] = alignedIntegers(value, divisor)
  return v % d === 0n
}

/**
 * The smallest positive integer that is a multiple of `divisor`: the numerator of the divisor
 * in lowest terms. An integer is a multiple of `divisor` iff it is a multiple of this.
 * @example integerStepOf(2.5) // 5
 * @example integerStepOf(0.5) // 1
 */
export function integerStepOf(divisor: number): number {
  const { mantissa, exponent } = toDecimal(Math.abs(divisor))
  if (exponent >= 0) return Number(mantissa * 10n ** BigInt(exponent))
  const denominator = 10n ** BigInt(-exponent)
  return Number(mantissa / gcd(mantissa, denominator))
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b]
  return a < 0n ? -a : a
}
