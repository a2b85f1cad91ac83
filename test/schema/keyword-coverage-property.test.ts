import { Ajv } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { compareSchemas } from '../../src/schema/compare-schemas.js'
import { canon } from './support.js'

/**
 * A standing defence for the keywords that mean something only together (patternProperties
 * with additionalProperties, unevaluated*, contains with its bounds, dependencies, if/then):
 * random edits of random schemas, random values steered at each pattern and count, and Ajv as
 * the oracle. A miss is a value the edit lost (or gained) while every finding says the valid
 * values only widened (or only narrowed), or there is no finding at all.
 */

// Why these names: each matches, misses or overlaps the patterns below (and `a`/`b` trigger the dependencies).
const PATTERNS = ['^x', '^x_', '^[a-z]+$', '^[a-z_]{1,4}$', '^meta\\.', '^.*$', 'b$']
const NAMES = ['a', 'b', 'c', 'foo', 'x', 'xa', 'x_a', 'x_abcde', 'ab', 'meta.a', 'A', 'x\n', 'zzzzzb']
const SCALARS = [null, 0, 1, 1.5, '', 'b', 'abcd', true]
const LEAVES: unknown[] = [true, false, { type: 'null' }, { type: 'string' }, { type: 'number' }, { type: 'integer' }, { minLength: 4 }, { type: 'string', maxLength: 1 }, { not: { not: { type: 'number' } } }]

const leaf = fc.constantFrom(...LEAVES)
const names = (values: string[], min = 0) => fc.subarray(values, { minLength: min })
const map = <T>(keys: string[], value: fc.Arbitrary<T>, maxKeys = 2) => fc.dictionary(fc.constantFrom(...keys), value, { maxKeys })

const object2020 = fc.record(
  {
    type: fc.constant('object'),
    properties: map(['a', 'b', 'c', 'foo'], leaf),
    patternProperties: map(PATTERNS, leaf, 3),
    additionalProperties: leaf,
    unevaluatedProperties: leaf,
    required: names(['a', 'b']),
    allOf: fc.array(fc.record({ properties: map(['c', 'xa'], leaf, 1) }), { minLength: 1, maxLength: 2 }),
    dependentRequired: map(['a', 'b'], names(['b', 'c'], 1), 1),
    dependentSchemas: map(['a'], fc.oneof(fc.record({ required: names(['b', 'c'], 1) }), fc.record({ properties: map(['c'], leaf, 1) })), 1),
    if: fc.record({ required: names(['a'], 1) }),
    then: fc.oneof(fc.record({ required: names(['b', 'c'], 1) }), fc.record({ properties: map(['b'], leaf, 1) })),
  },
  { requiredKeys: ['type'] },
)

const array2020 = fc.record(
  {
    type: fc.constant('array'),
    prefixItems: fc.array(leaf, { minLength: 1, maxLength: 2 }),
    items: leaf,
    unevaluatedItems: leaf,
    contains: leaf,
    minContains: fc.integer({ min: 0, max: 2 }),
    maxContains: fc.integer({ min: 0, max: 3 }),
    maxItems: fc.integer({ min: 0, max: 3 }),
    allOf: fc.array(fc.record({ prefixItems: fc.array(leaf, { minLength: 1, maxLength: 2 }) }), { minLength: 1, maxLength: 1 }),
  },
  { requiredKeys: ['type'] },
)

// Why focused generators too: with few keywords beside them, an edit of patterns or of
// `contains` is judged alone, where a miss shows.
const patterns2020 = fc.record(
  {
    type: fc.constant('object'),
    properties: map(['a', 'foo'], leaf, 1),
    patternProperties: map(PATTERNS, leaf, 3),
    additionalProperties: fc.constantFrom(false, false, true, { type: 'null' }),
  },
  { requiredKeys: ['type', 'patternProperties'] },
)

const unevaluated2020 = fc.record(
  {
    type: fc.constant('object'),
    properties: map(['a', 'c'], leaf, 1),
    patternProperties: map(['^x_', '^x'], leaf, 1),
    additionalProperties: fc.constantFrom(true, false, { type: 'string' }),
    unevaluatedProperties: fc.constantFrom(false, { type: 'string' }),
    allOf: fc.array(fc.record({ properties: map(['c', 'xa'], leaf, 1) }), { minLength: 1, maxLength: 2 }),
    if: fc.record({ required: names(['a'], 1) }),
    then: fc.record({ properties: map(['b'], leaf, 1) }),
  },
  { requiredKeys: ['type', 'unevaluatedProperties'] },
)

const contains2020 = fc.record(
  {
    type: fc.constant('array'),
    contains: leaf,
    minContains: fc.integer({ min: 0, max: 2 }),
    maxContains: fc.integer({ min: 1, max: 2 }),
  },
  { requiredKeys: ['type', 'contains', 'maxContains'] },
)

const object07 = fc.record(
  {
    type: fc.constant('object'),
    properties: map(['a', 'b', 'c', 'foo'], leaf),
    patternProperties: map(PATTERNS, leaf, 3),
    additionalProperties: leaf,
    required: names(['a', 'b']),
    dependencies: map(['a', 'b'], fc.oneof(names(['b', 'c'], 1), fc.record({ required: names(['b', 'c'], 1) }), fc.record({ properties: map(['c'], leaf, 1) })), 2),
    if: fc.record({ required: names(['a'], 1) }),
    then: fc.record({ required: names(['b', 'c'], 1) }),
    not: fc.record({ not: fc.record({ required: names(['a'], 1) }) }),
  },
  { requiredKeys: ['type'] },
)

const array07 = fc.record(
  {
    type: fc.constant('array'),
    items: fc.oneof(leaf, fc.array(leaf, { minLength: 1, maxLength: 2 })),
    additionalItems: leaf,
    contains: leaf,
    maxItems: fc.integer({ min: 0, max: 3 }),
  },
  { requiredKeys: ['type'] },
)

/** A schema and an edit of it: some of its keywords replaced by (or dropped as in) another schema's. */
function edits(schema: fc.Arbitrary<Record<string, unknown>>, slot: 'items' | 'prefixItems'): fc.Arbitrary<[Record<string, unknown>, Record<string, unknown>]> {
  return fc.tuple(schema, schema, fc.constantFrom('top', 'property', 'slot')).chain(([a, b, place]) =>
    // Why mostly one keyword: an edit of one keyword is where the relation is most often claimed one-way.
    fc.shuffledSubarray([...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => k !== 'type'), { minLength: 1, maxLength: 2 }).map((keys): [Record<string, unknown>, Record<string, unknown>] => {
      const after: Record<string, unknown> = { ...a }
      for (const key of keys) {
        if (key in b) after[key] = b[key]
        else delete after[key]
      }
      // Why nested too: the same edit under a property or in a tuple slot must be judged the same
      // way. Not under `additionalProperties`: Ajv 8 carries a `contains` count from one key to the next there.
      if (place === 'property') return [{ type: 'object', properties: { k: a } }, { type: 'object', properties: { k: after } }]
      if (place === 'slot') return [{ type: 'array', [slot]: [a] }, { type: 'array', [slot]: [after] }]
      return [a, after]
    }),
  )
}

const scalar = fc.constantFrom(...SCALARS)
const item = fc.oneof(scalar, fc.constant([]), fc.constant({}))
// Why steered: arrays at 0 … 5 items cover 0, 1, minContains, maxContains and maxContains + 1 contained items.
const arrayValue = fc.array(item, { maxLength: 5 })
const objectValue = fc.dictionary(fc.constantFrom(...NAMES), fc.oneof(scalar, scalar, arrayValue), { maxKeys: 3 })
const nestedValue = fc.oneof(objectValue, arrayValue)
const values = fc.array(fc.oneof(objectValue, arrayValue, fc.record({ k: nestedValue }), fc.tuple(nestedValue)), { minLength: 50, maxLength: 60 })

type Validator = { compile(schema: object | boolean): (value: unknown) => boolean }

/** The first value the engine's verdict misses, or undefined. */
function missOf(oracle: Validator, before: Record<string, unknown>, after: Record<string, unknown>, samples: unknown[]): string | undefined {
  const relations = compareSchemas(canon(before), canon(after), { direction: 'input' }).findings.map((f) => f.relation)
  const onlyWidened = relations.every((r) => r === 'widened' || r === 'equal')
  const onlyNarrowed = relations.every((r) => r === 'narrowed' || r === 'equal')
  if (!onlyWidened && !onlyNarrowed) return undefined
  const old = oracle.compile(forAjv(before) as object)
  const now = oracle.compile(forAjv(after) as object)
  for (const value of samples) {
    const verdicts = judged(old, now, value)
    if (verdicts === undefined) continue
    const [inOld, inNew] = verdicts
    if (inOld && !inNew && onlyWidened) return `lost ${JSON.stringify(value)} but findings say ${JSON.stringify(relations)}`
    if (!inOld && inNew && onlyNarrowed) return `gained ${JSON.stringify(value)} but findings say ${JSON.stringify(relations)}`
  }
  return undefined
}

/**
 * Both verdicts, or undefined when Ajv throws. Why: Ajv 8 crashes on some `if`/`then` beside
 * `allOf` and `patternProperties` (its evaluated-properties bookkeeping); such a value says nothing.
 */
function judged(old: (v: unknown) => boolean, now: (v: unknown) => boolean, value: unknown): [boolean, boolean] | undefined {
  try {
    return [old(value), now(value)]
  } catch {
    return undefined
  }
}

/**
 * The same schema with `contains` (and its bounds) moved into an `allOf` member wherever a tuple
 * sits beside it. Why: Ajv 8 accepts `[]` under an always-valid `contains` beside a tuple; in
 * an `allOf` member it judges `contains` per the specification, and the meaning is the same.
 */
function forAjv(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forAjv)
  if (typeof schema !== 'object' || schema === null) return schema
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, forAjv(v)]))
  if (out.contains === undefined || (out.prefixItems === undefined && !Array.isArray(out.items))) return out
  const member: Record<string, unknown> = {}
  for (const key of ['contains', 'minContains', 'maxContains']) {
    if (key in out) member[key] = out[key]
    delete out[key]
  }
  out.allOf = [...((out.allOf as unknown[]) ?? []), member]
  return out
}

const SEED = 20261203

describe('keyword coverage: no miss against Ajv at a fixed seed', () => {
  const cases: [string, Validator, fc.Arbitrary<Record<string, unknown>>, 'items' | 'prefixItems', number][] = [
    ['2020-12 objects (patterns, unevaluatedProperties, dependencies, if)', new Ajv2020({ strict: false, allowUnionTypes: true }), object2020, 'prefixItems', 150],
    ['2020-12 arrays (prefixItems, unevaluatedItems, contains with its bounds)', new Ajv2020({ strict: false, allowUnionTypes: true }), array2020, 'prefixItems', 150],
    ['2020-12 patternProperties beside additionalProperties', new Ajv2020({ strict: false, allowUnionTypes: true }), patterns2020, 'prefixItems', 300],
    ['2020-12 unevaluatedProperties beside what evaluates', new Ajv2020({ strict: false, allowUnionTypes: true }), unevaluated2020, 'prefixItems', 200],
    ['2020-12 contains beside maxContains', new Ajv2020({ strict: false, allowUnionTypes: true }), contains2020, 'prefixItems', 300],
    ['draft-07 objects (patterns, dependencies both forms, if, not)', new Ajv({ strict: false, allowUnionTypes: true }), object07, 'items', 150],
    ['draft-07 arrays (tuple items, additionalItems, contains)', new Ajv({ strict: false, allowUnionTypes: true }), array07, 'items', 150],
  ]
  test.each(cases)('%s', (_, oracle, schema, slot, runs) => {
    fc.assert(
      fc.property(edits(schema, slot), values, ([before, after], samples) => {
        const miss = missOf(oracle, before, after, samples)
        expect(miss, `${JSON.stringify(before)} → ${JSON.stringify(after)}`).toBeUndefined()
      }),
      { seed: SEED, numRuns: runs },
    )
  }, 20_000)
})
