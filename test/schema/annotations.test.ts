import { describe, expect, test } from 'vitest'
import { bothWays, checkRow, findingsOf, object, type Row } from './support.js'

const str = { type: 'string' }

const annotationRows: Row[] = [
  { title: 'default changed', before: object({ limit: { type: 'integer', default: 10 } }), after: object({ limit: { type: 'integer', default: 50 } }), kind: 'schema-default-changed', relation: 'equal', path: ['limit'], both: [{ limit: 1 }] },
  { title: 'default added', before: object({ mode: str }), after: object({ mode: { type: 'string', default: 'fast' } }), kind: 'schema-default-changed', relation: 'equal', path: ['mode'] },
  { title: 'default of an object changed', before: { type: 'object', default: { a: 1 } }, after: { type: 'object', default: { a: 2 } }, kind: 'schema-default-changed', relation: 'equal' },
  { title: 'default with keys reordered: nothing', before: { type: 'object', default: { a: 1, b: 2 } }, after: { type: 'object', default: { b: 2, a: 1 } }, kind: null },
  { title: 'deprecated added', before: object({ legacy: str }), after: object({ legacy: { type: 'string', deprecated: true } }), kind: 'schema-deprecated-changed', relation: 'equal', path: ['legacy'] },
  { title: 'deprecated false ≡ absent', before: object({ a: str }), after: object({ a: { type: 'string', deprecated: false } }), kind: null },
  { title: 'title changed', before: { type: 'string', title: 'Query' }, after: { type: 'string', title: 'Search query' }, kind: 'schema-annotation-changed', relation: 'equal' },
  { title: 'examples changed', before: { type: 'string', examples: ['a'] }, after: { type: 'string', examples: ['b'] }, kind: 'schema-annotation-changed', relation: 'equal' },
  { title: 'x-* extension changed', before: { type: 'string', 'x-order': 1 }, after: { type: 'string', 'x-order': 2 }, kind: 'schema-annotation-changed', relation: 'equal' },
  { title: 'readOnly added', before: object({ id: str }), after: object({ id: { type: 'string', readOnly: true } }), kind: 'schema-annotation-changed', relation: 'equal', path: ['id'] },
  { title: '$comment changed: nothing', before: { type: 'string', $comment: 'a' }, after: { type: 'string', $comment: 'b' }, kind: null },
  { title: '$schema changed (dialect only): nothing', before: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'string' }, after: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'string' }, kind: null },
]

/** Annotations that guide the producer of a value: no valid value moves, a kind of their own. */
const producerHintRows: Row[] = [
  { title: 'contentMediaType changed', before: { type: 'string', contentMediaType: 'text/plain' }, after: { type: 'string', contentMediaType: 'text/html' }, kind: 'schema-producer-hint-changed', relation: 'equal', both: ['<p>', 'a'] },
  { title: 'contentEncoding added on a nested field', before: object({ a: str }), after: object({ a: { type: 'string', contentEncoding: 'base64' } }), kind: 'schema-producer-hint-changed', relation: 'equal', path: ['a'], both: [{ a: 'not base64!' }] },
  { title: 'discriminator dropped beside a oneOf of disjoint models', before: { oneOf: [object({ k: { const: 'a' } }, ['k']), object({ k: { const: 'b' } }, ['k'])], discriminator: { propertyName: 'k' } }, after: { oneOf: [object({ k: { const: 'a' } }, ['k']), object({ k: { const: 'b' } }, ['k'])] }, kind: 'schema-producer-hint-changed', relation: 'equal', both: [{ k: 'a' }, { k: 'b' }] },
  { title: 'a property schema of a producer hint alone still accepts anything', before: object({ a: true }), after: object({ a: { contentMediaType: 'image/png' } }), kind: 'schema-producer-hint-changed', relation: 'equal', path: ['a'], both: [{ a: 1 }] },
]

const unknownRows: Row[] = [
  { title: 'unknown keyword changed', before: { type: 'string', vendorRank: 'a' }, after: { type: 'string', vendorRank: 'b' }, kind: 'schema-keyword-changed', relation: 'unknown' },
  { title: 'unknown keyword added', before: str, after: { type: 'string', 'my-keyword': true }, kind: 'schema-keyword-changed', relation: 'unknown' },
  { title: 'unevaluatedProperties added beside a oneOf', before: object({ a: str }, [], { oneOf: [{ required: ['a'] }, { required: ['b'] }] }), after: object({ a: str }, [], { oneOf: [{ required: ['a'] }, { required: ['b'] }], unevaluatedProperties: false }), kind: 'schema-keyword-changed', relation: 'unknown' },
  { title: 'unknown keyword on a nested field', before: object({ a: { type: 'string', vendorRank: 1 } }), after: object({ a: { type: 'string', vendorRank: 2 } }), kind: 'schema-keyword-changed', relation: 'unknown', path: ['a'] },
]

const unsatisfiableRows: Row[] = [
  { title: 'minimum raised above maximum', before: { type: 'integer', minimum: 1, maximum: 5 }, after: { type: 'integer', minimum: 6, maximum: 5 }, kind: 'schema-satisfiability-changed', reverseKind: 'schema-satisfiability-changed', relation: 'narrowed', oldOnly: [3] },
  { title: 'exclusive bounds that meet', before: { type: 'number', minimum: 1, maximum: 1 }, after: { type: 'number', exclusiveMinimum: 1, maximum: 1 }, kind: 'schema-satisfiability-changed', relation: 'narrowed', oldOnly: [1] },
  { title: 'no integer between the bounds', before: { type: 'number', minimum: 1.2, maximum: 1.8 }, after: { type: 'integer', minimum: 1.2, maximum: 1.8 }, kind: 'schema-satisfiability-changed', relation: 'narrowed', oldOnly: [1.5] },
  { title: 'minLength above maxLength', before: { type: 'string', maxLength: 3 }, after: { type: 'string', minLength: 4, maxLength: 3 }, kind: 'schema-satisfiability-changed', relation: 'narrowed', oldOnly: ['ab'] },
  { title: 'minItems above maxItems', before: { type: 'array', maxItems: 1 }, after: { type: 'array', minItems: 2, maxItems: 1 }, kind: 'schema-satisfiability-changed', relation: 'narrowed', oldOnly: [[]] },
  { title: 'schema false', before: str, after: false, kind: 'schema-satisfiability-changed', relation: 'narrowed', oldOnly: ['a'] },
  { title: 'disjoint allOf', before: { allOf: [str, { minLength: 1 }] }, after: { allOf: [str, { type: 'number' }] }, kind: 'schema-satisfiability-changed', relation: 'narrowed', oldOnly: ['a'] },
  { title: 'a required property that accepts nothing', before: object({ a: str }, ['a']), after: object({ a: false }, ['a']), kind: 'schema-satisfiability-changed', relation: 'narrowed', oldOnly: [{ a: 'x' }] },
  { title: 'a property that accepts nothing', before: object({ a: str }), after: object({ a: false }), kind: 'schema-satisfiability-changed', relation: 'narrowed', path: ['a'], oldOnly: [{ a: 'x' }], both: [{}] },
  { title: 'a required name a closed object does not allow', before: object({ a: str }, [], { additionalProperties: false }), after: object({ a: str }, ['b'], { additionalProperties: false }), kind: 'schema-satisfiability-changed', relation: 'narrowed', oldOnly: [{ a: 'x' }] },
  { title: 'unsatisfiable both sides: nothing', before: { type: 'integer', minimum: 5, maximum: 1 }, after: { type: 'integer', minimum: 9, maximum: 2 }, kind: null },
  { title: 'one type unsatisfiable, another still fine', before: { type: ['integer', 'string'], maximum: 5 }, after: { type: ['integer', 'string'], minimum: 6, maximum: 5 }, kind: 'schema-bound-changed', relation: 'narrowed', oldOnly: [3], both: ['x'] },
]

describe('annotations: no effect on values, a kind each', () => {
  test.each(bothWays(annotationRows))('%s', (_, row, reverse) => checkRow(row, reverse))

  test('default finding keeps both values', () => {
    expect(findingsOf({ type: 'integer', default: 10 }, { type: 'integer', default: 50 })).toEqual([{ kind: 'schema-default-changed', path: [], relation: 'equal', before: 10, after: 50 }])
  })
})

describe('annotations that guide the producer: routing on input, cosmetic on output, never risky', () => {
  test.each(bothWays(producerHintRows))('%s', (_, row, reverse) => checkRow(row, reverse))
})

describe('keywords the engine does not reason about: unknown, never silent', () => {
  test.each(bothWays(unknownRows))('%s', (_, row, reverse) => checkRow(row, reverse))

  test.each(['constructor', 'toString', 'hasOwnProperty'])('an unknown keyword named %s, inside allOf and beside a type list, is judged like any other', (keyword) => {
    const edit = (name: string) => {
      const before = { allOf: [{ type: 'string', [name]: 1 }, { type: 'string', minLength: 1 }] }
      const after = { allOf: [{ type: 'string', [name]: 2 }, { type: ['string', 'number'], maxLength: 3 }] }
      return findingsOf(before, after).map(({ kind, relation, path }) => ({ kind, relation, path }))
    }
    expect(edit(keyword)).toEqual(edit('vendorRank'))
    expect(edit(keyword)).toContainEqual({ kind: 'schema-keyword-changed', relation: 'unknown', path: [] })
  })
})

describe('a schema that can no longer match anything', () => {
  test.each(bothWays(unsatisfiableRows))('%s', (_, row, reverse) => checkRow(row, reverse))

  test('the reason is in the details', () => {
    expect(findingsOf({ type: 'integer' }, { type: 'integer', minimum: 6, maximum: 5 })).toEqual([
      { kind: 'schema-satisfiability-changed', path: [], relation: 'narrowed', details: { reason: 'minimum 6 > maximum 5', satisfiable: false } },
    ])
  })
})
