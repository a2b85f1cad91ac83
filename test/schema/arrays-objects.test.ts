import { describe, expect, test } from 'vitest'
import { bothWays, checkRow, findingsOf, object, type Row } from './support.js'

const arr = (more: Record<string, unknown>) => ({ type: 'array', ...more })
const str = { type: 'string' }
const num = { type: 'number' }

const arrayRows: Row[] = [
  { title: 'items added', before: arr({}), after: arr({ items: str }), kind: 'schema-type-changed', relation: 'narrowed', path: ['[]'], oldOnly: [[1]], both: [['a']] },
  { title: 'items narrowed', before: arr({ items: { type: ['number', 'string'] } }), after: arr({ items: str }), kind: 'schema-type-changed', relation: 'narrowed', path: ['[]'], oldOnly: [[1]] },
  { title: 'items widened', before: arr({ items: { type: 'integer' } }), after: arr({ items: num }), kind: 'schema-type-changed', relation: 'widened', path: ['[]'], newOnly: [[1.5]] },
  { title: 'items replaced', before: arr({ items: str }), after: arr({ items: num }), kind: 'schema-type-changed', relation: 'incomparable', path: ['[]'], oldOnly: [['a']], newOnly: [[1]], both: [[]] },
  { title: 'items bound inside', before: arr({ items: { type: 'string', maxLength: 5 } }), after: arr({ items: { type: 'string', maxLength: 2 } }), kind: 'schema-bound-changed', relation: 'narrowed', path: ['[]'], oldOnly: [['abc']] },
  { title: 'items false: no items allowed', before: arr({}), after: arr({ items: false }), kind: 'schema-satisfiability-changed', relation: 'narrowed', path: ['[]'], oldOnly: [[1]], both: [[]] },
  { title: 'maxItems added', before: arr({}), after: arr({ maxItems: 2 }), kind: 'schema-bound-changed', relation: 'narrowed', oldOnly: [[1, 2, 3]] },
  { title: 'maxItems raised', before: arr({ maxItems: 2 }), after: arr({ maxItems: 4 }), kind: 'schema-bound-changed', relation: 'widened', newOnly: [[1, 2, 3]] },
  { title: 'minItems added', before: arr({}), after: arr({ minItems: 1 }), kind: 'schema-bound-changed', relation: 'narrowed', oldOnly: [[]], both: [[1]] },
  { title: 'minItems lowered', before: arr({ minItems: 3 }), after: arr({ minItems: 1 }), kind: 'schema-bound-changed', relation: 'widened', newOnly: [[1]] },
  { title: 'uniqueItems added', before: arr({}), after: arr({ uniqueItems: true }), kind: 'schema-constraint-changed', relation: 'narrowed', oldOnly: [[1, 1]], both: [[1, 2]] },
  { title: 'contains added', before: arr({}), after: arr({ contains: str }), kind: 'schema-constraint-changed', relation: 'narrowed', oldOnly: [[1]], both: [['a']] },
  { title: 'contains widened', before: arr({ contains: { type: 'integer' } }), after: arr({ contains: num }), kind: 'schema-constraint-changed', relation: 'widened', newOnly: [[1.5]] },
  { title: 'contains replaced', before: arr({ contains: str }), after: arr({ contains: num }), kind: 'schema-constraint-changed', relation: 'incomparable', oldOnly: [['a']], newOnly: [[1]] },
  { title: 'minContains raised', before: arr({ contains: str }), after: arr({ contains: str, minContains: 2 }), kind: 'schema-bound-changed', relation: 'narrowed', oldOnly: [['a']], both: [['a', 'b']] },
  { title: 'maxContains added', before: arr({ contains: str }), after: arr({ contains: str, maxContains: 1 }), kind: 'schema-bound-changed', relation: 'narrowed', oldOnly: [['a', 'b']] },
  { title: 'tuple slot added', before: arr({ prefixItems: [str] }), after: arr({ prefixItems: [str, num] }), kind: 'schema-type-changed', relation: 'narrowed', path: ['[1]'], oldOnly: [['a', 'b']], both: [['a', 1]] },
  { title: 'tuple closed: items false', before: arr({ prefixItems: [str] }), after: arr({ prefixItems: [str], items: false }), kind: 'schema-satisfiability-changed', relation: 'narrowed', path: ['[]'], oldOnly: [['a', 1]], both: [['a']] },
  { title: 'tuple slot type narrowed', before: arr({ prefixItems: [num, num] }), after: arr({ prefixItems: [num, { type: 'integer' }] }), kind: 'schema-type-changed', relation: 'narrowed', path: ['[1]'], oldOnly: [[1, 1.5]] },
  { title: 'tuple tail widened', before: arr({ prefixItems: [str], items: str }), after: arr({ prefixItems: [str], items: { type: ['number', 'string'] } }), kind: 'schema-type-changed', relation: 'widened', path: ['[]'], newOnly: [['a', 1]] },
  { title: 'draft-07 tuple → 2020-12 tuple, same values', before: arr({ items: [str, num], additionalItems: false }), after: arr({ prefixItems: [str, num], items: false }), kind: null, both: [['a', 1]] },
]

const objectRows: Row[] = [
  { title: 'maxProperties added', before: object({}), after: object({}, [], { maxProperties: 1 }), kind: 'schema-bound-changed', relation: 'narrowed', oldOnly: [{ a: 1, b: 2 }] },
  { title: 'minProperties raised', before: object({}, [], { minProperties: 1 }), after: object({}, [], { minProperties: 2 }), kind: 'schema-bound-changed', relation: 'narrowed', oldOnly: [{ a: 1 }] },
  { title: 'propertyNames added', before: object({}), after: object({}, [], { propertyNames: { pattern: '^[a-z]+$' } }), kind: 'schema-constraint-changed', relation: 'narrowed', oldOnly: [{ A: 1 }], both: [{ a: 1 }] },
  { title: 'propertyNames loosened', before: object({}, [], { propertyNames: { maxLength: 3 } }), after: object({}, [], { propertyNames: { maxLength: 5 } }), kind: 'schema-constraint-changed', relation: 'widened', newOnly: [{ abcd: 1 }] },
  { title: 'patternProperties added', before: object({}), after: object({}, [], { patternProperties: { '^n_': num } }), kind: 'schema-constraint-changed', relation: 'narrowed', oldOnly: [{ n_a: 'x' }], both: [{ n_a: 1 }] },
  { title: 'patternProperties schema widened', before: object({}, [], { patternProperties: { '^n_': { type: 'integer' } } }), after: object({}, [], { patternProperties: { '^n_': num } }), kind: 'schema-constraint-changed', relation: 'widened', newOnly: [{ n_a: 1.5 }] },
  { title: 'patternProperties removed on a closed object', before: object({}, [], { patternProperties: { '^n_': num }, additionalProperties: false }), after: object({}, [], { additionalProperties: false }), kind: 'schema-constraint-changed', relation: 'narrowed', oldOnly: [{ n_a: 1 }] },
  { title: 'dependentRequired added', before: object({ a: {}, b: {} }), after: object({ a: {}, b: {} }, [], { dependentRequired: { a: ['b'] } }), kind: 'schema-constraint-changed', relation: 'narrowed', oldOnly: [{ a: 1 }], both: [{ a: 1, b: 2 }, {}] },
  { title: 'dependentRequired loosened', before: object({}, [], { dependentRequired: { a: ['b', 'c'] } }), after: object({}, [], { dependentRequired: { a: ['b'] } }), kind: 'schema-constraint-changed', relation: 'widened', newOnly: [{ a: 1, b: 1 }] },
  { title: 'dependentRequired replaced', before: object({}, [], { dependentRequired: { a: ['b'] } }), after: object({}, [], { dependentRequired: { a: ['c'] } }), kind: 'schema-constraint-changed', relation: 'incomparable', oldOnly: [{ a: 1, b: 1 }], newOnly: [{ a: 1, c: 1 }] },
  { title: 'dependentSchemas added', before: object({}), after: object({}, [], { dependentSchemas: { a: { required: ['b'] } } }), kind: 'schema-constraint-changed', relation: 'narrowed', oldOnly: [{ a: 1 }] },
  { title: 'dependentSchemas loosened', before: object({}, [], { dependentSchemas: { a: { maxProperties: 1 } } }), after: object({}, [], { dependentSchemas: { a: { maxProperties: 3 } } }), kind: 'schema-constraint-changed', relation: 'widened', newOnly: [{ a: 1, b: 2 }] },
  { title: 'draft-07 dependencies → dependentRequired: nothing', before: object({}, [], { dependencies: { a: ['b'] } }), after: object({}, [], { dependentRequired: { a: ['b'] } }), kind: null },
  { title: 'if/then added', before: object({ kind: {}, size: {} }), after: object({ kind: {}, size: {} }, [], { if: object({ kind: { const: 'big' } }, ['kind']), then: { required: ['size'] } }), kind: 'schema-constraint-changed', relation: 'narrowed', oldOnly: [{ kind: 'big' }], both: [{ kind: 'small' }] },
  { title: 'if/then: then loosened', before: { if: { type: 'string' }, then: { minLength: 3 } }, after: { if: { type: 'string' }, then: { minLength: 1 } }, kind: 'schema-constraint-changed', relation: 'widened', newOnly: ['ab'] },
  { title: 'if/else: else tightened', before: { if: { type: 'string' }, then: { minLength: 1 }, else: { type: 'number' } }, after: { if: { type: 'string' }, then: { minLength: 1 }, else: { type: 'integer' } }, kind: 'schema-constraint-changed', relation: 'narrowed', oldOnly: [1.5] },
  { title: 'if changed: unknown', before: { if: { type: 'string' }, then: { minLength: 1 } }, after: { if: { type: 'number' }, then: { minimum: 1 } }, kind: 'schema-constraint-changed', relation: 'unknown' },
  { title: 'not added', before: str, after: { type: 'string', not: { const: 'x' } }, kind: 'schema-constraint-changed', relation: 'narrowed', oldOnly: ['x'], both: ['y'] },
  { title: 'not loosened (its schema widened)', before: { not: { type: 'string' } }, after: { not: { type: ['number', 'string'] } }, kind: 'schema-constraint-changed', relation: 'narrowed', oldOnly: [1], both: [null] },
  { title: 'not removed', before: { type: 'number', not: { const: 0 } }, after: num, kind: 'schema-constraint-changed', relation: 'widened', newOnly: [0] },
]

describe('arrays: items, tuples, counts, uniqueItems, contains', () => {
  test.each(bothWays(arrayRows))('%s', (_, row, reverse) => checkRow(row, reverse))
})

describe('objects: property counts, propertyNames, patternProperties, dependencies, conditionals, not', () => {
  test.each(bothWays(objectRows))('%s', (_, row, reverse) => checkRow(row, reverse))

  test('a dependentRequired finding names the property', () => {
    expect(findingsOf(object({}), object({}, [], { dependentRequired: { card: ['billing'] } }))).toEqual([
      { kind: 'schema-constraint-changed', path: [], relation: 'narrowed', after: ['billing'], details: { keyword: 'dependentRequired', property: 'card' } },
    ])
  })
})
