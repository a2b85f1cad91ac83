/**
 * Structural equality for JSON values (objects, arrays, strings, numbers, booleans, null),
 * ignoring key order. Why not `util.isDeepStrictEqual`: it also weighs prototypes, symbols and
 * property descriptors, and costs several times more on the thousands of schema nodes an
 * unchanged surface compares.
 * @example jsonEqual({ a: [1], b: 2 }, { b: 2, a: [1] }) // true
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false
    return true
  }
  if (Array.isArray(b)) return false
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  let count = 0
  for (const key in left) {
    if (left[key] === undefined) continue
    count += 1
    if (!jsonEqual(left[key], right[key])) return false
  }
  for (const key in right) if (right[key] !== undefined) count -= 1
  return count === 0
}
