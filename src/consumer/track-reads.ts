import type { PathSegment } from '../schema/types.js'
import { readerNow } from './read-attribution.js'

/** What `trackReads` reports: the consumer's own reads, and an output a dependency serialised whole. */
export interface ReadObserver {
  /** A field the consumer's own code read, as a structured path. */
  read(path: PathSegment[]): void
  /** A dependency serialised the value at `path` whole (`JSON.stringify` by a framework, for the model). */
  seenWhole(path: PathSegment[], value: unknown): void
  /** A dependency read the field at `path` (a validator walking it, a client copying the result). */
  readByDependency?(path: PathSegment[]): void
}

/**
 * Wraps a JSON value so every field the consumer's own code reads through it is reported, as a
 * structured path (`['items', '[]', 'price']`); an array element is `[]` whatever its index.
 * Reads made inside dependencies (see `readerNow`) are not the consumer's and are not reported;
 * a dependency's `JSON.stringify` is reported as the value seen whole. The value reads exactly as
 * before: same keys, same values, same `JSON.stringify`.
 * Why a Proxy: it is the one way to learn what code reads without changing that code.
 * Why `toJSON`: `JSON.stringify` looks it up on every object before serialising it.
 * @example const seen: string[][] = []; trackReads({ a: { b: 1 } }, { read: (path) => seen.push(path), seenWhole() {} }).a.b // seen: [['a'], ['a', 'b']]
 */
export function trackReads<T>(value: T, observer: ReadObserver, path: PathSegment[] = []): T {
  if (typeof value !== 'object' || value === null) return value
  const cache = new Map<PropertyKey, unknown>()
  return new Proxy(value as object, {
    get(target, key, receiver) {
      const field = Reflect.get(target, key, receiver)
      if (key === 'toJSON' && field === undefined && readerNow() === 'dependency') observer.seenWhole(path, target)
      if (typeof key === 'symbol' || !Object.hasOwn(target, key)) return field
      const isIndex = Array.isArray(target) && /^(0|[1-9][0-9]*)$/.test(key)
      // Why: `length` of an array is part of reading the array, not a field of the output.
      if (Array.isArray(target) && key === 'length') return field
      const next = [...path, isIndex ? '[]' : key]
      if (readerNow() === 'consumer') observer.read(next)
      else observer.readByDependency?.(next)
      if (typeof field !== 'object' || field === null) return field
      if (!cache.has(key)) cache.set(key, trackReads(field, observer, next))
      return cache.get(key)
    },
  }) as T
}

/**
 * The leaf paths of a JSON value, relative to `path`: what a reader of the whole value saw.
 * @example valuePaths({ a: { b: 1 }, c: [{ d: 2 }] }) // [['a', 'b'], ['c', '[]', 'd']]
 */
export function valuePaths(value: unknown, path: PathSegment[] = []): PathSegment[][] {
  if (Array.isArray(value)) return value.length === 0 ? [path] : value.flatMap((item) => valuePaths(item, [...path, '[]']))
  if (typeof value !== 'object' || value === null) return [path]
  const keys = Object.keys(value)
  return keys.length === 0 ? [path] : keys.flatMap((key) => valuePaths((value as Record<string, unknown>)[key], [...path, key]))
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
