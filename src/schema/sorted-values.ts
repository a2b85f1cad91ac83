import { canonicalJson, isPlainObject, sortTexts } from './keywords.js'

/** Dedupes by canonical JSON (`keyOf`, when the caller remembers it) and sorts by it. */
export function uniqueSorted<T>(values: T[], keyOf: (value: unknown) => string = canonicalJson): T[] {
  const byText = new Map<string, T>()
  for (const v of values) byText.set(keyOf(v), v)
  return sortTexts([...byText.keys()]).map((k) => byText.get(k)!)
}

/** A deep copy with object keys in sorted order (data values keep their exact content). */
export function sortKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length)
    for (let i = 0; i < value.length; i++) out[i] = sortKeys(value[i])
    return out
  }
  if (!isPlainObject(value)) return value
  const out: Record<string, unknown> = {}
  for (const key of sortTexts(Object.keys(value))) out[key] = sortKeys(value[key])
  return out
}
