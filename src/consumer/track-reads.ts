import type { PathSegment } from '../schema/types.js'

/**
 * Wraps a JSON value so every field read through it is reported, as a structured path
 * (`['items', '[]', 'price']`); an array element is `[]` whatever its index. The value reads
 * exactly as before: same keys, same values, same `JSON.stringify`.
 * Why a Proxy: it is the one way to learn what code reads without changing that code.
 * @example const seen: string[][] = []; trackReads({ a: { b: 1 } }, (path) => seen.push(path)).a.b // seen: [['a'], ['a', 'b']]
 */
export function trackReads<T>(value: T, onRead: (path: PathSegment[]) => void, path: PathSegment[] = []): T {
  if (typeof value !== 'object' || value === null) return value
  const cache = new Map<PropertyKey, unknown>()
  return new Proxy(value as object, {
    get(target, key, receiver) {
      const field = Reflect.get(target, key, receiver)
      if (typeof key === 'symbol' || !Object.hasOwn(target, key)) return field
      const isIndex = Array.isArray(target) && /^(0|[1-9][0-9]*)$/.test(key)
      // Why: `length` of an array is part of reading the array, not a field of the output.
      if (Array.isArray(target) && key === 'length') return field
      const next = [...path, isIndex ? '[]' : key]
      onRead(next)
      if (typeof field !== 'object' || field === null) return field
      if (!cache.has(key)) cache.set(key, trackReads(field, onRead, next))
      return cache.get(key)
    },
  }) as T
}

/**
 * The paths that say what was relied on: a path read only on the way to a deeper one is dropped.
 * @example leafPaths([['a'], ['a', 'b'], ['c']]) // [['a', 'b'], ['c']]
 */
export function leafPaths(paths: readonly PathSegment[][]): PathSegment[][] {
  const keys = new Set(paths.map((path) => JSON.stringify(path)))
  const unique = [...keys].map((key) => JSON.parse(key) as PathSegment[])
  return unique.filter((path) => !unique.some((other) => other.length > path.length && path.every((segment, index) => other[index] === segment)))
}

/**
 * Parses a path as reports render it back into segments.
 * @example parseReadPath('items[].price') // ['items', '[]', 'price']
 */
export function parseReadPath(rendered: string): PathSegment[] {
  return rendered.match(/\[\]|[^.[\]]+/g) ?? []
}
