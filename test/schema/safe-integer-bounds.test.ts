import { describe, expect, test } from 'vitest'
import { ajvAccepts, bothWays, checkRow, findingsOf, messageOf, severityOf, type Row } from './support.js'

const MAX_SAFE = Number.MAX_SAFE_INTEGER
const int = (more: Record<string, unknown> = {}) => ({ type: 'integer', ...more })

/**
 * The safe-integer policy: the exact ±(2^53−1) bounds zod's `.int()` writes on an integer are
 * listed as their own kind, cosmetic in both directions, and never after rounding or under `not`.
 */
const rows: Row[] = [
  { title: 'maximum 2^53−1 added to an integer', before: int(), after: int({ maximum: MAX_SAFE }), kind: 'schema-safe-integer-bound-changed', relation: 'narrowed', oldOnly: [2 ** 53, 1e21], both: [0, MAX_SAFE] },
  { title: 'minimum −(2^53−1) added to an integer', before: int(), after: int({ minimum: -MAX_SAFE }), kind: 'schema-safe-integer-bound-changed', relation: 'narrowed', oldOnly: [-(2 ** 53)], both: [-MAX_SAFE] },
  { title: 'rounded to 2^53−1 (exclusiveMaximum 2^53): a bound', before: int(), after: int({ exclusiveMaximum: 2 ** 53 }), kind: 'schema-bound-changed', relation: 'narrowed', oldOnly: [2 ** 53] },
  { title: 'maximum 2^53−1 on a number: a bound', before: { type: 'number' }, after: { type: 'number', maximum: MAX_SAFE }, kind: 'schema-bound-changed', relation: 'narrowed', oldOnly: [2 ** 53] },
  { title: 'another limit (int64) on an integer: a bound', before: int(), after: int({ maximum: 2 ** 63 }), kind: 'schema-bound-changed', relation: 'narrowed', oldOnly: [2 ** 64] },
  { title: 'under not: a constraint that moves values', before: { not: int() }, after: { not: int({ maximum: MAX_SAFE }) }, kind: 'schema-constraint-changed', relation: 'widened', newOnly: [1e21] },
  { title: 'safe bounds → a real bound', before: int({ minimum: -MAX_SAFE, maximum: MAX_SAFE }), after: int({ minimum: -MAX_SAFE, maximum: 100 }), kind: 'schema-bound-changed', relation: 'narrowed', oldOnly: [101] },
]

describe('the safe-integer policy', () => {
  test.each(bothWays(rows))('%s', (_title, row, reverse) => checkRow(row, reverse))

  test.each(['input', 'output'] as const)('listed at cosmetic severity on an %s, whichever way', (direction) => {
    for (const [before, after] of [[int(), int({ maximum: MAX_SAFE })], [int({ maximum: MAX_SAFE }), int()]]) {
      const [finding] = findingsOf(before, after, direction)
      expect(severityOf(finding, direction)).toBe('cosmetic')
    }
  })

  test('an anyOf branch that only gained the bounds is listed alike', () => {
    const before = { anyOf: [int(), { type: 'string', minLength: 1 }] }
    const after = { anyOf: [int({ minimum: -MAX_SAFE, maximum: MAX_SAFE }), { type: 'string', minLength: 1 }] }
    for (const direction of ['input', 'output'] as const) {
      expect(findingsOf(before, after, direction).map((f) => severityOf(f, direction))).toEqual(['cosmetic', 'cosmetic'])
    }
  })

  // Why: in a oneOf the bound decides which branches a value matches, so 1e21 matching one
  // branch instead of two really moves; the policy does not hide it.
  // Why risky, not breaking: 2^53 + 2 matched both old branches and matches one new branch, a
  // value gained; the engine's examples do not reach past the limit, so it proves the change
  // without proving which way it moves (a value both sides reject is no proof either way).
  test('in an overlapping oneOf the bounds move values and are not read as the same branch', () => {
    const before = { oneOf: [int(), { type: 'number', minimum: 0.5 }] }
    const after = { oneOf: [int({ minimum: -MAX_SAFE, maximum: MAX_SAFE }), { type: 'number', minimum: 0.5 }] }
    expect([ajvAccepts(before, MAX_SAFE + 3), ajvAccepts(after, MAX_SAFE + 3)]).toEqual([false, true])
    expect(findingsOf(before, after, 'output').map((f) => severityOf(f, 'output'))).toEqual(['risky'])
  })

  test('messages', () => {
    expect(findingsOf(int(), int({ minimum: -MAX_SAFE, maximum: MAX_SAFE })).map((f) => messageOf(f))).toMatchInlineSnapshot(`
      [
        "minimum -9007199254740991 added (the safe-integer limit)",
        "maximum 9007199254740991 added (the safe-integer limit)",
      ]
    `)
  })
})
