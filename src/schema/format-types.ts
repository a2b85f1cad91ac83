import { NUMBER_BITS, TYPE_BITS } from './keyword-roles.js'

/**
 * Formats whose validator reads numbers (ajv-formats); every other format reads strings alone
 * and lets any other value through.
 */
const NUMBER_FORMATS = new Set(['int32', 'int64', 'float', 'double'])

const INT32 = 2 ** 31

/**
 * The type bits a `format` constrains: numbers for the numeric formats, strings for the rest.
 * @example formatTypeBits('email') === TYPE_BITS.get('string') // true
 */
export function formatTypeBits(format: string): number {
  return NUMBER_FORMATS.has(format) ? NUMBER_BITS : TYPE_BITS.get('string')!
}

/**
 * Whether a number meets a `format`: the numeric formats are decided exactly (`int32` is a
 * whole number in [-2^31, 2^31), `int64` any whole number, `float`/`double` any number); a
 * string format lets every number through.
 * @example numberMeetsFormat('int32', 3000000000) // false
 */
export function numberMeetsFormat(format: string, value: number): boolean {
  if (format === 'int32') return Number.isInteger(value) && value >= -INT32 && value < INT32
  if (format === 'int64') return Number.isInteger(value)
  return true
}

/** Whether a `format` reads numbers (so a string passes it untouched). */
export function isNumberFormat(format: string): boolean {
  return NUMBER_FORMATS.has(format)
}
