import { describe, expect, test } from 'vitest'
import { compareSchemas } from '../../src/schema/compare-schemas.js'
import type { SchemaObject } from '../../src/schema/finding.js'
import { alignMergedMembers } from '../../src/schema/merge-schemas.js'
import { ajvAccepts, bothWays, canon, checkRow, findingsOf, object, severityOf, type Row } from './support.js'

const str = { type: 'string' }
const num = { type: 'number' }
/** Discriminated branches: `kind` pins each to one value. */
const A = object({ kind: { const: 'a' }, x: str }, ['kind'])
const B = object({ kind: { const: 'b' }, y: num }, ['kind'])
const C = object({ kind: { const: 'c' } }, ['kind'])
/** A branch with no discriminator: overlaps A and B. */
const D = object({ x: str })

const rows: Row[] = [
  { title: 'anyOf branch added', before: { anyOf: [A, B] }, after: { anyOf: [A, B, C] }, kind: 'schema-branch-added', reverseKind: 'schema-branch-removed', relation: 'widened', newOnly: [{ kind: 'c' }], both: [{ kind: 'a' }] },
  { title: 'oneOf branch added, disjoint by discriminator', before: { oneOf: [A, B] }, after: { oneOf: [A, B, C] }, kind: 'schema-branch-added', reverseKind: 'schema-branch-removed', relation: 'widened', newOnly: [{ kind: 'c' }], both: [{ kind: 'b', y: 1 }] },
  { title: 'oneOf branch added that overlaps an existing branch', before: { oneOf: [A, B] }, after: { oneOf: [A, B, D] }, kind: 'schema-branch-added', reverseKind: 'schema-branch-removed', relation: 'incomparable', oldOnly: [{ kind: 'a' }], newOnly: [{ x: 's' }] },
  { title: 'oneOf → anyOf with overlapping branches', before: { oneOf: [A, D] }, after: { anyOf: [A, D] }, kind: 'schema-composition-changed', relation: 'widened', newOnly: [{ kind: 'a' }], both: [{ x: 's' }] },
  { title: 'oneOf → anyOf with disjoint branches: nothing', before: { oneOf: [A, B] }, after: { anyOf: [A, B] }, kind: null, both: [{ kind: 'a' }] },
  { title: 'a schema wrapped in anyOf with a new branch', before: A, after: { anyOf: [A, B] }, kind: 'schema-branch-added', reverseKind: 'schema-branch-removed', relation: 'widened', newOnly: [{ kind: 'b' }], both: [{ kind: 'a' }] },
  { title: 'a schema wrapped in oneOf with a disjoint branch', before: B, after: { oneOf: [B, C] }, kind: 'schema-branch-added', reverseKind: 'schema-branch-removed', relation: 'widened', newOnly: [{ kind: 'c' }] },
  { title: 'a field of one branch now required', before: { anyOf: [A, B] }, after: { anyOf: [A, object({ kind: { const: 'b' }, y: num }, ['kind', 'y'])] }, kind: 'argument-now-required', reverseKind: 'argument-now-optional', relation: 'narrowed', path: ['y'], oldOnly: [{ kind: 'b' }], both: [{ kind: 'b', y: 1 }] },
  { title: 'a field of one branch widened', before: { oneOf: [A, B] }, after: { oneOf: [A, object({ kind: { const: 'b' }, y: { type: ['number', 'string'] } }, ['kind'])] }, kind: 'schema-type-changed', relation: 'widened', path: ['y'], newOnly: [{ kind: 'b', y: 's' }] },
  { title: 'branches reordered and one retyped', before: { oneOf: [A, B] }, after: { oneOf: [object({ kind: { const: 'b' }, y: str }, ['kind']), A] }, kind: 'schema-type-changed', relation: 'incomparable', path: ['y'], oldOnly: [{ kind: 'b', y: 1 }], newOnly: [{ kind: 'b', y: 's' }] },
  { title: 'branch removed that another branch covers: nothing', before: { anyOf: [{ type: 'string', minLength: 1 }, { const: 'x' }] }, after: { type: 'string', minLength: 1 }, kind: null, both: ['x', 'abc'] },
  { title: 'anyOf → oneOf with overlapping branches', before: { anyOf: [A, D] }, after: { oneOf: [A, D] }, kind: 'schema-composition-changed', relation: 'narrowed', oldOnly: [{ kind: 'a' }] },
  { title: 'oneOf string branch added that contains an existing one', before: { oneOf: [{ type: 'string', maxLength: 3 }, num] }, after: { oneOf: [{ type: 'string', maxLength: 3 }, num, { type: 'string', maxLength: 5 }] }, kind: 'schema-branch-added', reverseKind: 'schema-branch-removed', relation: 'incomparable', oldOnly: ['ab'], newOnly: ['abcd'], both: [1] },
  { title: 'oneOf string branch added over a gap between two others', before: { oneOf: [{ type: 'string', maxLength: 3 }, { type: 'string', minLength: 10 }] }, after: { oneOf: [{ type: 'string', maxLength: 3 }, { type: 'string', minLength: 10 }, { type: 'string', maxLength: 12 }] }, kind: 'schema-branch-added', reverseKind: 'schema-branch-removed', relation: 'incomparable', oldOnly: ['ab', 'a'.repeat(10)], newOnly: ['abcde'], both: ['a'.repeat(13)] },
  { title: 'oneOf string branch added inside an existing one', before: { oneOf: [{ type: 'string', maxLength: 5 }, num] }, after: { oneOf: [{ type: 'string', maxLength: 5 }, num, { type: 'string', maxLength: 3 }] }, kind: 'schema-branch-added', reverseKind: 'schema-branch-removed', relation: 'narrowed', oldOnly: ['ab'], both: ['abcd', 1] },
  { title: 'allOf member added', before: object({ a: str }), after: object({ a: str }, [], { allOf: [{ additionalProperties: false }] }), kind: 'schema-branch-added', reverseKind: 'schema-branch-removed', relation: 'narrowed', oldOnly: [{ a: 'x' }], both: [{}] },
  { title: 'allOf member added beside one that was merged (the new one sorts last)', before: { type: 'string', allOf: [{ pattern: '^[a-z]' }] }, after: { type: 'string', allOf: [{ pattern: '^[a-z]' }, { pattern: '[0-9]$' }] }, kind: 'schema-branch-added', reverseKind: 'schema-branch-removed', relation: 'narrowed', oldOnly: ['ab'], both: ['a1'] },
  { title: 'allOf member added beside one that was merged (the new one sorts first)', before: { allOf: [{ pattern: 'b' }] }, after: { allOf: [{ pattern: 'b' }, { pattern: 'a' }] }, kind: 'schema-branch-added', reverseKind: 'schema-branch-removed', relation: 'narrowed', oldOnly: ['b'], both: ['ab'] },
  { title: 'allOf member added that collides with the schema\'s own keyword', before: { type: 'string', pattern: '^x' }, after: { type: 'string', pattern: '^x', allOf: [{ pattern: 'y$' }] }, kind: 'schema-branch-added', reverseKind: 'schema-branch-removed', relation: 'narrowed', oldOnly: ['x'], both: ['xy'] },
  { title: 'allOf member added to two that collide', before: { allOf: [{ pattern: 'a' }, { pattern: 'b' }, { minLength: 2 }] }, after: { allOf: [{ pattern: 'a' }, { pattern: 'b' }, { minLength: 2 }, { pattern: 'c' }] }, kind: 'schema-branch-added', reverseKind: 'schema-branch-removed', relation: 'narrowed', oldOnly: ['ab'], both: ['abc'] },
  { title: 'allOf member with two keywords added beside a merged one', before: { allOf: [{ pattern: 'b' }] }, after: { allOf: [{ pattern: 'b' }, { pattern: 'a', maxLength: 3 }] }, kind: 'schema-branch-added', reverseKind: 'schema-branch-removed', relation: 'narrowed', oldOnly: ['b', 'abcd'], both: ['ab'] },
  { title: 'string or object: object branch gains a required field', before: { anyOf: [{ type: 'string', pattern: '^x' }, object({ a: str })] }, after: { anyOf: [{ type: 'string', pattern: '^x' }, object({ a: str }, ['a'])] }, kind: 'argument-now-required', reverseKind: 'argument-now-optional', relation: 'narrowed', path: ['a'], oldOnly: [{}], both: ['xa'] },
  { title: 'nested union under a property', before: object({ target: { anyOf: [A, B] } }), after: object({ target: { anyOf: [A, B, C] } }), kind: 'schema-branch-added', reverseKind: 'schema-branch-removed', relation: 'widened', path: ['target'], newOnly: [{ target: { kind: 'c' } }] },
]

describe('anyOf, oneOf, allOf: compatibility by coverage, one finding per edit', () => {
  test.each(bothWays(rows))('%s', (_, row, reverse) => checkRow(row, reverse))

  test('a discriminator that changed value is reported as one branch removed and one added', () => {
    const findings = findingsOf({ anyOf: [A, B] }, { anyOf: [A, C] })
    expect(findings.map((f) => f.kind).sort()).toEqual(['schema-branch-added', 'schema-branch-removed'])
  })

  test('a oneOf branch added over an existing one breaks both directions', () => {
    const [finding] = findingsOf({ oneOf: [A, B] }, { oneOf: [A, B, D] })
    expect(finding).toMatchObject({ kind: 'schema-branch-added', relation: 'incomparable', details: { keyword: 'oneOf' } })
  })

  test('a oneOf branch added over an existing one is incomparable even when no value it adds is found', () => {
    // "bbbb" is new, but no example the engine tries finds it; the overlap on "a" decides.
    const before = { oneOf: [{ type: 'string', maxLength: 3 }, num] }
    const after = { oneOf: [{ type: 'string', maxLength: 3 }, num, { type: 'string', pattern: '^(a|bbbb)$' }] }
    const findings = findingsOf(before, after)
    expect(findings).toMatchObject([{ kind: 'schema-branch-added', relation: 'incomparable', details: { keyword: 'oneOf' } }])
    expect([severityOf(findings[0], 'input'), severityOf(findings[0], 'output')]).toEqual(['breaking', 'breaking'])
    expect([ajvAccepts(canon(before), 'a'), ajvAccepts(canon(after), 'a')]).toEqual([true, false])
  })

  test('an allOf member merged on one side and kept on the other is the same member: no finding', () => {
    // The form a contract recorded before colliding members were all kept apart: the first merged.
    const recorded = { allOf: [{ pattern: '^[a-z]' }], pattern: '[0-9]$', type: 'string' }
    const live = canon({ type: 'string', allOf: [{ pattern: '^[a-z]' }, { pattern: '[0-9]$' }] })
    expect(compareSchemas(recorded, live, { direction: 'input' }).findings).toEqual([])
    expect(compareSchemas(live, recorded, { direction: 'output' }).findings).toEqual([])
  })

  test('a member is read out of the other side only when that side already asserts all of it', () => {
    const after: SchemaObject = { type: 'string', allOf: [{ pattern: 'a' }, { pattern: 'b' }] }
    expect(alignMergedMembers({ pattern: 'b', type: 'string' }, after)).toEqual([{ type: 'string', allOf: [{ pattern: 'b' }] }, after])
    // `additionalProperties: false` alone allows no key at all; beside `properties` it allows `a`.
    const closed: SchemaObject = { type: 'object', properties: { a: str }, additionalProperties: false }
    const other: SchemaObject = { type: 'object', properties: { a: str }, allOf: [{ additionalProperties: false }, { required: ['a'] }] }
    expect(alignMergedMembers(closed, other)).toEqual([closed, other])
  })

  test('a schema split over two branches is never claimed to break: covered by the union, not by one branch', () => {
    const whole = { type: 'string' }
    const split = { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'string', minLength: 4 }] }
    for (const [before, after] of [
      [whole, split],
      [split, whole],
    ]) {
      const findings = findingsOf(before, after)
      expect(findings.length).toBeGreaterThan(0)
      for (const finding of findings) {
        expect(finding.relation).toBe('unknown')
        expect(severityOf(finding, 'input')).toBe('risky')
        expect(severityOf(finding, 'output')).toBe('risky')
      }
    }
  })

  test('a branch regrouping that per-branch pairing cannot explain is judged by coverage', () => {
    const before = { anyOf: [object({ a: str }, ['a']), object({ b: str }, ['b'])] }
    const after = { anyOf: [object({ a: str, b: str }, ['a']), object({ b: str }, ['b'])] }
    const findings = findingsOf(before, after)
    expect(findings.every((f) => f.relation !== 'equal')).toBe(true)
    expect(findings.length).toBeGreaterThan(0)
  })
})

describe('large unions and lists are compared by canonical key, not pair by pair', () => {
  const union = (n: number, shift: number) => ({ anyOf: Array.from({ length: n }, (_, i) => object({ kind: { const: `k${i + shift}` }, v: { type: 'string' } }, ['kind'])) })

  test('a 10,000-branch anyOf with one branch swapped: one removed, one added, in seconds not minutes', () => {
    const [before, after] = [canon(union(10_000, 0)), canon(union(10_000, 1))]
    const findings = compareSchemas(before, after, { direction: 'input' }).findings
    expect(findings.map((f) => [f.kind, f.relation])).toEqual([
      ['schema-branch-removed', 'narrowed'],
      ['schema-branch-added', 'widened'],
    ])
  })

  test('a changed 20,000-value enum of objects: one finding with the one added and the one removed value', () => {
    const values = Array.from({ length: 20_000 }, (_, i) => ({ k: i }))
    const [before, after] = [canon({ enum: values }), canon({ enum: [...values.slice(1), { k: -1 }] })]
    const findings = compareSchemas(before, after, { direction: 'output' }).findings
    expect(findings).toMatchObject([{ kind: 'schema-enum-changed', relation: 'incomparable', details: { added: [{ k: -1 }], removed: [{ k: 0 }] } }])
  })
})

const precisionRows: Row[] = [
  { title: 'a default changed inside a oneOf branch is a default change', before: { oneOf: [{ type: 'string', default: 'a' }, { type: 'integer' }] }, after: { oneOf: [{ type: 'string', default: 'b' }, { type: 'integer' }] }, kind: 'schema-default-changed', relation: 'equal', both: ['x', 1] },
  { title: 'a default changed beside a $ref is a default change', before: object({ a: { $ref: '#/$defs/A', default: 1 } }, [], { $defs: { A: { type: 'integer' } } }), after: object({ a: { $ref: '#/$defs/A', default: 2 } }, [], { $defs: { A: { type: 'integer' } } }), kind: 'schema-default-changed', relation: 'equal', path: ['a'], both: [{ a: 3 }] },
  { title: 'one unsatisfiable schema for another is no change', before: { type: 'string', minLength: 5, maxLength: 2 }, after: { type: 'integer', minimum: 5, maximum: 2 }, kind: null },
  { title: 'oneOf X → anyOf [oneOf X, string] widens', before: { oneOf: [{ type: 'integer' }, { type: 'boolean' }] }, after: { anyOf: [{ oneOf: [{ type: 'integer' }, { type: 'boolean' }] }, { type: 'string' }] }, kind: 'schema-type-changed', relation: 'widened', newOnly: ['s'], both: [1, true] },
]

describe('precision: edits that keep or only widen the values', () => {
  test.each(bothWays(precisionRows))('%s', (_, row, reverse) => checkRow(row, reverse))
})
