/** How a value that is not a target looks, for messages: `null`, `a number`, `an object with keys a, b`. */
export function kindOfValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value !== 'object') return `${/^[aeiou]/.test(typeof value) ? 'an' : 'a'} ${typeof value}`
  const keys = Object.keys(value).slice(0, 5)
  return keys.length === 0 ? 'an empty object' : `an object with keys ${keys.join(', ')}`
}
