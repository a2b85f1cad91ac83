/**
 * True when JSON text keeps `value` exactly, within `maxDepth` levels: strings, booleans, finite
 * numbers other than -0, null, and arrays without holes and plain objects of those. Why: two values
 * with one text are then the same schema; an in-process server's schema is an object, not text from
 * a wire, and undefined, NaN, -0 or a class instance would read alike as text while they canonicalize apart.
 * @example isPlainJson({ a: [1, 'x'] }, 8) // true; isPlainJson({ a: undefined }, 8) // false
 */
export function isPlainJson(value: unknown, maxDepth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0)
    case 'object':
      break
    default:
      return false
  }
  if (value === null) return true
  if (maxDepth <= 0) return false
  const prototype = Object.getPrototypeOf(value)
  if (prototype === Array.prototype) {
    const array = value as unknown[]
    for (let index = 0; index < array.length; index++) if (!(index in array) || !isPlainJson(array[index], maxDepth - 1)) return false
    return true
  }
  if (prototype !== Object.prototype && prototype !== null) return false
  // Why keys without symbols only: JSON text leaves symbol keys out.
  if (Object.getOwnPropertySymbols(value as object).length > 0) return false
  for (const key in value as Record<string, unknown>) {
    if (!Object.hasOwn(value as object, key) || !isPlainJson((value as Record<string, unknown>)[key], maxDepth - 1)) return false
  }
  return true
}
