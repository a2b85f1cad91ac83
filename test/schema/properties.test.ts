import { describe, expect, test } from 'vitest'
import { bothWays, checkRow, checkSoundnessRow, findingsOf, messageOf, object, severityOf, type Row, type SoundnessRow } from './support.js'

const closed = { additionalProperties: false }
const str = { type: 'string' }
const num = { type: 'number' }

const rows: Row[] = [
  { title: 'optional argument added to an open object', before: object({ q: str }), after: object({ q: str, r: num }), kind: 'argument-added', reverseKind: 'argument-removed', relation: 'narrowed', path: ['r'], oldOnly: [{ q: 'a', r: 'x' }], both: [{ q: 'a' }] },
  { title: 'optional argument added to a closed object', before: object({ q: str }, [], closed), after: object({ q: str, r: num }, [], closed), kind: 'argument-added', reverseKind: 'argument-removed', relation: 'widened', path: ['r'], newOnly: [{ r: 1 }] },
  { title: 'required argument added to an open object', before: object({ q: str }), after: object({ q: str, r: num }, ['r']), kind: 'argument-added', reverseKind: 'argument-removed', relation: 'narrowed', path: ['r'], oldOnly: [{ q: 'a' }], both: [{ r: 1 }] },
  { title: 'required argument added to a closed object', before: object({ q: str }, [], closed), after: object({ q: str, r: num }, ['r'], closed), kind: 'argument-added', reverseKind: 'argument-removed', relation: 'incomparable', path: ['r'], oldOnly: [{}], newOnly: [{ r: 1 }] },
  { title: 'argument with no schema added to an open object', before: object({ q: str }), after: object({ q: str, r: true }), kind: 'argument-added', reverseKind: 'argument-removed', relation: 'equal', path: ['r'], both: [{ r: 1 }] },
  { title: 'a name only listed in required becomes required', before: object({}), after: { type: 'object', required: ['x'] }, kind: 'argument-added', reverseKind: 'argument-removed', relation: 'narrowed', path: ['x'], oldOnly: [{}] },
  { title: 'optional → required', before: object({ q: str }), after: object({ q: str }, ['q']), kind: 'argument-now-required', reverseKind: 'argument-now-optional', relation: 'narrowed', path: ['q'], oldOnly: [{}], both: [{ q: 'a' }] },
  { title: 'optional → required on a closed object', before: object({ q: str, r: num }, ['r'], closed), after: object({ q: str, r: num }, ['q', 'r'], closed), kind: 'argument-now-required', reverseKind: 'argument-now-optional', relation: 'narrowed', path: ['q'], oldOnly: [{ r: 1 }] },
  { title: 'nested argument type changed: filters.city', before: object({ filters: object({ city: str }) }), after: object({ filters: object({ city: { type: 'integer' } }) }), kind: 'schema-type-changed', relation: 'incomparable', path: ['filters', 'city'], oldOnly: [{ filters: { city: 'x' } }], newOnly: [{ filters: { city: 1 } }] },
  { title: 'nested optional → required: filters.city', before: object({ filters: object({ city: str }) }), after: object({ filters: object({ city: str }, ['city']) }), kind: 'argument-now-required', reverseKind: 'argument-now-optional', relation: 'narrowed', path: ['filters', 'city'], oldOnly: [{ filters: {} }] },
  { title: 'nested argument added: filters.zip', before: object({ filters: object({ city: str }, [], closed) }), after: object({ filters: object({ city: str, zip: str }, [], closed) }), kind: 'argument-added', reverseKind: 'argument-removed', relation: 'widened', path: ['filters', 'zip'], newOnly: [{ filters: { zip: '1' } }] },
  { title: 'array item field bound added: tags[].name', before: object({ tags: { type: 'array', items: object({ name: str }) } }), after: object({ tags: { type: 'array', items: object({ name: { type: 'string', maxLength: 3 } }) } }), kind: 'schema-bound-changed', relation: 'narrowed', path: ['tags', '[]', 'name'], oldOnly: [{ tags: [{ name: 'abcd' }] }], both: [{ tags: [{ name: 'ab' }] }] },
  { title: 'array item field added: tags[].id', before: object({ tags: { type: 'array', items: object({ name: str }, [], closed) } }), after: object({ tags: { type: 'array', items: object({ name: str, id: num }, [], closed) } }), kind: 'argument-added', reverseKind: 'argument-removed', relation: 'widened', path: ['tags', '[]', 'id'], newOnly: [{ tags: [{ id: 1 }] }] },
  { title: 'array item field now required: tags[].name', before: object({ tags: { type: 'array', items: object({ name: str }) } }), after: object({ tags: { type: 'array', items: object({ name: str }, ['name']) } }), kind: 'argument-now-required', reverseKind: 'argument-now-optional', relation: 'narrowed', path: ['tags', '[]', 'name'], oldOnly: [{ tags: [{}] }] },
  { title: 'three levels deep: a.b.c format added', before: object({ a: object({ b: object({ c: str }) }) }), after: object({ a: object({ b: object({ c: { type: 'string', format: 'email' } }) }) }), kind: 'schema-format-changed', relation: 'narrowed', path: ['a', 'b', 'c'], oldOnly: [{ a: { b: { c: 'not-an-email' } } }] },
  { title: 'tuple slot type changed: point[0]', before: object({ point: { type: 'array', prefixItems: [num, num] } }), after: object({ point: { type: 'array', prefixItems: [str, num] } }), kind: 'schema-type-changed', relation: 'incomparable', path: ['point', '[0]'], oldOnly: [{ point: [1, 2] }], newOnly: [{ point: ['a', 2] }] },
  { title: 'description changed', before: object({ q: { type: 'string', description: 'the query' } }), after: object({ q: { type: 'string', description: 'the search query' } }), kind: 'argument-description-changed', relation: 'equal', path: ['q'] },
  { title: 'description added', before: object({ q: str }), after: object({ q: { type: 'string', description: 'the query' } }), kind: 'argument-description-changed', relation: 'equal', path: ['q'] },
  { title: 'nested description changed: filters.city', before: object({ filters: object({ city: { type: 'string', description: 'a' } }) }), after: object({ filters: object({ city: { type: 'string', description: 'b' } }) }), kind: 'argument-description-changed', relation: 'equal', path: ['filters', 'city'] },
  { title: 'root description changed', before: object({}, [], { description: 'tool input' }), after: object({}, [], { description: 'the input' }), kind: 'argument-description-changed', relation: 'equal', path: [] },
  { title: 'property under additionalProperties S, new ⊂ S', before: object({}, [], { additionalProperties: str }), after: object({ n: { type: 'string', maxLength: 3 } }, [], { additionalProperties: str }), kind: 'argument-added', reverseKind: 'argument-removed', relation: 'narrowed', path: ['n'], oldOnly: [{ n: 'abcd' }], both: [{ n: 'ab' }] },
  { title: 'property under additionalProperties S, S ⊂ new', before: object({}, [], { additionalProperties: str }), after: object({ n: { type: ['number', 'string'] } }, [], { additionalProperties: str }), kind: 'argument-added', reverseKind: 'argument-removed', relation: 'widened', path: ['n'], newOnly: [{ n: 1 }] },
  { title: 'property under additionalProperties S, S ≡ new', before: object({}, [], { additionalProperties: str }), after: object({ n: str }, [], { additionalProperties: str }), kind: 'argument-added', reverseKind: 'argument-removed', relation: 'equal', path: ['n'], both: [{ n: 'a' }] },
  { title: 'property under additionalProperties S, disjoint', before: object({}, [], { additionalProperties: str }), after: object({ n: num }, [], { additionalProperties: str }), kind: 'argument-added', reverseKind: 'argument-removed', relation: 'incomparable', path: ['n'], oldOnly: [{ n: 'a' }], newOnly: [{ n: 1 }] },
  { title: 'property under patternProperties S, new adds to S', before: object({}, [], { patternProperties: { '^x_': { type: 'integer' } }, additionalProperties: false }), after: object({ x_a: { type: 'number', minimum: 0 } }, [], { patternProperties: { '^x_': { type: 'integer' } }, additionalProperties: false }), kind: 'argument-added', reverseKind: 'argument-removed', relation: 'narrowed', path: ['x_a'], oldOnly: [{ x_a: -1 }], both: [{ x_a: 1 }] },
  { title: 'property under patternProperties S, pattern also applies: no change', before: object({}, [], { patternProperties: { '^x_': { type: 'integer' } } }), after: object({ x_a: { type: 'number' } }, [], { patternProperties: { '^x_': { type: 'integer' } } }), kind: 'argument-added', reverseKind: 'argument-removed', relation: 'equal', path: ['x_a'], both: [{ x_a: 1 }] },
  { title: 'additionalProperties absent → false', before: object({ a: str }), after: object({ a: str }, [], closed), kind: 'schema-additional-properties-changed', relation: 'narrowed', oldOnly: [{ extra: 1 }], both: [{ a: 'x' }] },
  { title: 'additionalProperties true → false', before: object({ a: str }, [], { additionalProperties: true }), after: object({ a: str }, [], closed), kind: 'schema-additional-properties-changed', relation: 'narrowed', oldOnly: [{ extra: 1 }] },
  { title: 'additionalProperties schema narrowed', before: object({}, [], { additionalProperties: { type: ['number', 'string'] } }), after: object({}, [], { additionalProperties: str }), kind: 'schema-additional-properties-changed', relation: 'narrowed', oldOnly: [{ e: 1 }], both: [{ e: 'x' }] },
  { title: 'additionalProperties false → schema', before: object({}, [], closed), after: object({}, [], { additionalProperties: str }), kind: 'schema-additional-properties-changed', relation: 'widened', newOnly: [{ e: 'x' }], both: [{}] },
  { title: 'additionalProperties schema replaced', before: object({}, [], { additionalProperties: str }), after: object({}, [], { additionalProperties: num }), kind: 'schema-additional-properties-changed', relation: 'incomparable', oldOnly: [{ e: 'x' }], newOnly: [{ e: 1 }] },
  { title: 'additionalProperties schema → open', before: object({}, [], { additionalProperties: str }), after: object({}), kind: 'schema-additional-properties-changed', relation: 'widened', newOnly: [{ e: 1 }] },
  { title: 'property type widened', before: object({ q: str }), after: object({ q: { type: ['number', 'string'] } }), kind: 'schema-type-changed', relation: 'widened', path: ['q'], newOnly: [{ q: 1 }] },
  { title: 'unchanged object: nothing', before: object({ q: str, r: num }, ['q'], closed), after: object({ r: num, q: str }, ['q'], closed), kind: null, both: [{ q: 'a' }] },
]

describe('properties, required, additionalProperties', () => {
  test.each(bothWays(rows))('%s', (_, row, reverse) => checkRow(row, reverse))
})

describe('several edits, one finding each', () => {
  test('a renamed argument is a removed one and an added one', () => {
    const findings = findingsOf(object({ query: str }, ['query']), object({ q: str }, ['q']))
    expect(findings).toMatchObject([
      { kind: 'argument-added', path: ['q'], details: { required: true } },
      { kind: 'argument-removed', path: ['query'], details: { required: true } },
    ])
  })

  test('two changed arguments give two findings, in property order', () => {
    const findings = findingsOf(object({ a: str, b: num }), object({ a: num, b: { type: 'integer' } }))
    expect(findings.map((f) => [f.kind, f.path, f.relation])).toEqual([
      ['schema-type-changed', ['a'], 'incomparable'],
      ['schema-type-changed', ['b'], 'narrowed'],
    ])
  })

  test('a property both retyped and made required gives both findings', () => {
    const findings = findingsOf(object({ a: str }), object({ a: num }, ['a']))
    expect(findings.map((f) => f.kind)).toEqual(['schema-type-changed', 'argument-now-required'])
  })

  test('added argument details tell the severity rule what it needs', () => {
    const [finding] = findingsOf(object({ q: str }), object({ q: str, r: num }))
    expect(finding).toEqual({ kind: 'argument-added', path: ['r'], relation: 'narrowed', after: num, details: { required: false, openObject: true } })
  })

  test('removed argument details', () => {
    const [finding] = findingsOf(object({ q: str, r: num }, ['r'], closed), object({ q: str }, [], closed))
    expect(finding).toEqual({ kind: 'argument-removed', path: ['r'], relation: 'incomparable', before: num, details: { required: true, openObject: false } })
  })
})

/**
 * A property added where another keyword beside `properties` already constrained its key: the
 * values at the key moved from what that keyword allowed, so it is judged by its relation (an
 * open object's plain addition is additive; this one may lose values).
 */
const constrainedElsewhere: SoundnessRow[] = [
  {
    // Fuzz counterexample 3089: before, `a` had to be present and not a string; now it may be a string or absent.
    title: 'a property added under a double not that already named it',
    before: { not: { properties: { a: str } } },
    after: { not: { not: { properties: { a: str } } } },
    moved: [{ a: 0, b: 0, c: 0 }, { a: 'x' }, {}, 1],
  },
  {
    title: 'a property added beside an anyOf branch that typed it',
    before: { type: 'object', anyOf: [object({ a: num }, ['a']), { required: ['b'] }] },
    after: object({ a: str }, [], { anyOf: [object({ a: num }, ['a']), { required: ['b'] }] }),
    moved: [{ a: 1 }, { a: 1, b: 0 }],
  },
]

describe('a property added where another keyword already constrained its key', () => {
  test.each(bothWays(constrainedElsewhere as unknown as Row[]))('%s', (_, row, reverse) => checkSoundnessRow(row as unknown as SoundnessRow, reverse))

  test('the finding names the keyword, and an input that loses values is breaking', () => {
    const [added] = findingsOf(constrainedElsewhere[0].before, constrainedElsewhere[0].after)
    expect(added).toEqual({ kind: 'argument-added', path: ['a'], relation: 'narrowed', after: str, details: { required: false, openObject: true, governedBy: 'not' } })
    expect([severityOf(added, 'input'), messageOf(added, 'input')]).toEqual(['breaking', 'optional argument added (already constrained by not)'])
    expect([severityOf(added, 'output'), messageOf(added, 'output')]).toEqual(['additive', 'optional field added (already constrained by not)'])
  })

  test('a key the other keywords never name stays a plain addition', () => {
    const before = { not: { properties: { b: num } } }
    const [added] = findingsOf(before, { ...before, properties: { a: str } })
    expect(added).toMatchObject({ kind: 'argument-added', details: { openObject: true } })
    expect(added.details?.governedBy).toBeUndefined()
    expect(severityOf(added, 'input')).toBe('additive')
  })
})
