import { compareText } from '../schema/keywords.js'

/**
 * Serializes JSON with keys sorted (code-point order, NFC-normalized) so equal values always
 * give equal text. `undefined` members are left out, as `JSON.stringify` does.
 * @example stableStringify({ b: 1, a: [2] }, 2) // '{\n  "a": [\n    2\n  ],\n  "b": 1\n}'
 */
export function stableStringify(value: unknown, indent?: number): string {
  return JSON.stringify(sortKeys(value), null, indent)
}

/** A deep copy with object keys NFC-normalized and sorted. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (typeof value !== 'object' || value === null) return value
  const entries = Object.entries(value)
    .filter(([, member]) => member !== undefined)
    .map(([key, member]) => [key.normalize('NFC'), member] as const)
    .sort(([a], [b]) => compareText(a, b))
  const out: Record<string, unknown> = {}
  for (const [key, member] of entries) out[key] = sortKeys(member)
  return out
}
