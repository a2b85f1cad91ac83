import { describe, expect, test } from 'vitest'
import { bothWays, checkRow, findingsOf, object, type Row } from './support.js'

const str = { type: 'string' }

const typeRows: Row[] = [
  { title: 'gains a type', before: str, after: { type: ['number', 'string'] }, kind: 'schema-type-changed', relation: 'widened', newOnly: [1], both: ['a'] },
  { title: 'integer → number', before: { type: 'integer' }, after: { type: 'number' }, kind: 'schema-type-changed', relation: 'widened', newOnly: [1.5], both: [2] },
  { title: 'type removed', before: { type: 'string', minLength: 1 }, after: { minLength: 1 }, kind: 'schema-type-changed', relation: 'widened', newOnly: [1, null], both: ['a'] },
  { title: 'type added', before: {}, after: { type: 'boolean' }, kind: 'schema-type-changed', relation: 'narrowed', oldOnly: ['x', 1], both: [true] },
  { title: 'replaced: string → integer', before: str, after: { type: 'integer' }, kind: 'schema-type-changed', relation: 'incomparable', oldOnly: ['a'], newOnly: [1] },
  { title: 'replaced: string → object', before: str, after: { type: 'object' }, kind: 'schema-type-changed', relation: 'incomparable', oldOnly: ['a'], newOnly: [{}] },
  { title: 'replaced: array → object keeps one finding', before: { type: 'array', items: str }, after: object({ a: str }), kind: 'schema-type-changed', relation: 'incomparable', oldOnly: [[]], newOnly: [{}] },
  { title: 'string → integer or null is one edit', before: str, after: { type: ['integer', 'null'] }, kind: 'schema-type-changed', relation: 'incomparable', oldOnly: ['a'], newOnly: [1, null] },
  { title: 'nullable string → nullable integer', before: { type: ['null', 'string'] }, after: { type: ['integer', 'null'] }, kind: 'schema-type-changed', relation: 'incomparable', oldOnly: ['a'], newOnly: [1], both: [null] },
  { title: 'number → integer or string', before: { type: 'number' }, after: { type: ['integer', 'string'] }, kind: 'schema-type-changed', relation: 'incomparable', oldOnly: [1.5], newOnly: ['a'], both: [1] },
  { title: 'boolean → anything but boolean', before: { type: 'boolean' }, after: { type: ['array', 'integer', 'null', 'number', 'object', 'string'] }, kind: 'schema-type-changed', relation: 'incomparable', oldOnly: [true], newOnly: [1] },
]

const nullableRows: Row[] = [
  { title: 'type list with null', before: str, after: { type: ['string', 'null'] }, kind: 'schema-nullable-changed', relation: 'widened', newOnly: [null], both: ['a'] },
  { title: 'anyOf [X, null]', before: { type: 'string', minLength: 2 }, after: { anyOf: [{ type: 'string', minLength: 2 }, { type: 'null' }] }, kind: 'schema-nullable-changed', relation: 'widened', newOnly: [null], both: ['ab'] },
  { title: 'oneOf [X, null] on an object', before: object({ a: str }, ['a']), after: { oneOf: [object({ a: str }, ['a']), { type: 'null' }] }, kind: 'schema-nullable-changed', relation: 'widened', newOnly: [null], both: [{ a: 'x' }] },
  { title: 'OpenAPI nullable: true', before: { type: 'integer' }, after: { type: 'integer', nullable: true }, kind: 'schema-nullable-changed', relation: 'widened', newOnly: [null], both: [1] },
  { title: 'nullable enum', before: { enum: ['a', 'b'] }, after: { enum: ['a', 'b', null] }, kind: 'schema-nullable-changed', relation: 'widened', newOnly: [null], both: ['a'] },
  { title: 'nullable const', before: { const: 'a' }, after: { anyOf: [{ const: 'a' }, { type: 'null' }] }, kind: 'schema-nullable-changed', relation: 'widened', newOnly: [null], both: ['a'] },
  { title: 'nullable branch the type list cannot hold', before: { type: 'string', not: { const: 'x' } }, after: { anyOf: [{ type: 'string', not: { const: 'x' } }, { type: 'null' }] }, kind: 'schema-nullable-changed', relation: 'widened', newOnly: [null], both: ['y'] },
  { title: 'nested nullable: filters.city', before: object({ filters: object({ city: str }) }), after: object({ filters: object({ city: { anyOf: [str, { type: 'null' }] } }) }), kind: 'schema-nullable-changed', relation: 'widened', path: ['filters', 'city'], newOnly: [{ filters: { city: null } }] },
  { title: 'spelling changes with nullability: type list → anyOf, same values', before: { type: ['null', 'string'] }, after: { anyOf: [str, { type: 'null' }] }, kind: null, both: [null, 'a'] },
  { title: 'nullable number, spelling: OpenAPI → anyOf', before: { type: 'number', nullable: true }, after: { anyOf: [{ type: 'null' }, { type: 'number' }] }, kind: null, both: [null, 1.5] },
]

const enumRows: Row[] = [
  { title: 'enum value added', before: { enum: ['a', 'b'] }, after: { enum: ['a', 'b', 'c'] }, kind: 'schema-enum-changed', relation: 'widened', newOnly: ['c'], both: ['a'] },
  { title: 'enum value removed', before: { enum: ['a', 'b', 'c'] }, after: { enum: ['a', 'b'] }, kind: 'schema-enum-changed', relation: 'narrowed', oldOnly: ['c'] },
  { title: 'enum values replaced', before: { enum: ['a', 'b'] }, after: { enum: ['a', 'c'] }, kind: 'schema-enum-changed', relation: 'incomparable', oldOnly: ['b'], newOnly: ['c'] },
  { title: 'enum introduced', before: str, after: { type: 'string', enum: ['a'] }, kind: 'schema-enum-changed', relation: 'narrowed', oldOnly: ['b'], both: ['a'] },
  { title: 'enum dropped', before: { type: 'string', enum: ['a', 'b'] }, after: str, kind: 'schema-enum-changed', relation: 'widened', newOnly: ['c'] },
  { title: 'const changed', before: { const: 'a' }, after: { const: 'b' }, kind: 'schema-enum-changed', relation: 'incomparable', oldOnly: ['a'], newOnly: ['b'] },
  { title: 'const introduced on a number', before: { type: 'number' }, after: { const: 5 }, kind: 'schema-enum-changed', relation: 'narrowed', oldOnly: [4], both: [5] },
  { title: 'const dropped', before: { type: 'string', const: 'x' }, after: str, kind: 'schema-enum-changed', relation: 'widened', newOnly: ['y'] },
  { title: 'const → enum containing it', before: { const: 'a' }, after: { enum: ['a', 'b'] }, kind: 'schema-enum-changed', relation: 'widened', newOnly: ['b'] },
  { title: 'enum introduced with a value the old type rejected', before: str, after: { enum: ['a', 1] }, kind: 'schema-enum-changed', relation: 'incomparable', oldOnly: ['b'], newOnly: [1] },
  { title: 'enum of integers dropped for integer', before: { enum: [1, 2] }, after: { type: 'integer' }, kind: 'schema-enum-changed', relation: 'widened', newOnly: [3], both: [1] },
  { title: 'enum with a fraction dropped for integer', before: { enum: [1.5, 2] }, after: { type: 'integer' }, kind: 'schema-enum-changed', relation: 'incomparable', oldOnly: [1.5], newOnly: [3] },
  { title: 'boolean → enum [true]', before: { type: 'boolean' }, after: { enum: [true] }, kind: 'schema-enum-changed', relation: 'narrowed', oldOnly: [false] },
  { title: 'enum [true, false] ≡ boolean', before: { enum: [true, false] }, after: { type: 'boolean' }, kind: null, both: [true, false] },
  { title: 'enum of objects: value added', before: { enum: [{ a: 1 }] }, after: { enum: [{ a: 1 }, { a: 2 }] }, kind: 'schema-enum-changed', relation: 'widened', newOnly: [{ a: 2 }] },
  { title: 'enum of objects, keys reordered: nothing', before: { enum: [{ a: 1, b: 2 }] }, after: { enum: [{ b: 2, a: 1 }] }, kind: null },
  { title: 'enum filtered by its own constraints', before: { type: 'string', enum: ['a', 'bb'], minLength: 2 }, after: { enum: ['bb'] }, kind: null, both: ['bb'] },
  { title: 'enum inside items: tags[]', before: object({ tags: { type: 'array', items: { enum: ['x', 'y'] } } }), after: object({ tags: { type: 'array', items: { enum: ['x'] } } }), kind: 'schema-enum-changed', relation: 'narrowed', path: ['tags', '[]'], oldOnly: [{ tags: ['y'] }] },
  { title: 'enum vs an integer range listing the same values: not claimed either way', before: { enum: [1, 2, 3] }, after: { type: 'integer', minimum: 1, maximum: 3 }, kind: 'schema-enum-changed', relation: 'unknown', both: [1, 2, 3] },
  { title: 'enum value and null added is one edit', before: { enum: ['a'] }, after: { enum: ['a', 'b', null] }, kind: 'schema-enum-changed', relation: 'widened', newOnly: ['b', null] },
]

describe('type', () => {
  test.each(bothWays(typeRows))('%s', (_, row, reverse) => checkRow(row, reverse))
})

describe('nullability: three spellings, one edit, one finding', () => {
  test.each(bothWays(nullableRows))('%s', (_, row, reverse) => checkRow(row, reverse))
})

describe('enum and const', () => {
  test.each(bothWays(enumRows))('%s', (_, row, reverse) => checkRow(row, reverse))

  test('enum finding lists what was added and removed', () => {
    expect(findingsOf({ enum: ['a', 'b'] }, { enum: ['a', 'c'] })).toEqual([
      { kind: 'schema-enum-changed', path: [], relation: 'incomparable', before: ['a', 'b'], after: ['a', 'c'], details: { added: ['c'], removed: ['b'] } },
    ])
  })
})
