import { describe, expect, test } from 'vitest'
import { UNSATISFIABLE_SPELLINGS } from './schema-arbitraries.js'
import { ajvAccepts, bothWays, checkRow, checkSoundnessRow, object, type Row, type SoundnessRow } from './support.js'

/**
 * Rewrites that keep exactly the accepted values: each must give no finding (or, for a
 * description, only the annotation), in both directions. `both` holds values both sides
 * accept, `neither` values both reject; Ajv checks each against the raw schemas.
 */
interface EqualRow extends Row {
  neither?: unknown[]
}

const str = { type: 'string' }
const num = { type: 'number' }
/** A linked list node whose `next` refers back through `ref`. */
const recursive = (ref: string) => object({ value: str, next: { $ref: ref } }, ['value'])
/** What pydantic v2 writes for `class Owner(BaseModel): pet: <pet>` over two tagged models. */
const owner = (pet: Record<string, unknown>, required: string[] = []) =>
  object({ pet }, required, {
    title: 'Owner',
    $defs: {
      Cat: object({ kind: { const: 'cat', title: 'Kind', type: 'string' }, lives: { type: 'integer', title: 'Lives' } }, ['kind', 'lives'], { title: 'Cat' }),
      Dog: object({ kind: { const: 'dog', title: 'Kind', type: 'string' }, bark: { type: 'string', title: 'Bark', default: 'woof' } }, ['kind'], { title: 'Dog' }),
    },
  })
const closed = (properties: Record<string, unknown>, more: Record<string, unknown> = {}) => object(properties, [], { additionalProperties: false, ...more })

const rows: EqualRow[] = [
  // zod's `.describe()` on a union and on one of its branches
  { title: 'descriptions on a oneOf and on one branch', before: { description: 'x', oneOf: [str, num] }, after: { description: 'x', oneOf: [{ ...str, description: 'a' }, num] }, kind: null, both: ['a', 1], neither: [null, true] },
  { title: 'descriptions on an anyOf and on one branch', before: { description: 'x', anyOf: [str, num] }, after: { description: 'x', anyOf: [str, { ...num, description: 'n' }] }, kind: null, both: ['a', 1.5], neither: [[]] },
  { title: 'descriptions added to a oneOf and a branch: the description alone', before: { oneOf: [str, num] }, after: { description: 'x', oneOf: [{ ...str, description: 'a' }, num] }, kind: 'argument-description-changed', relation: 'equal', both: ['a', 1], neither: [null] },
  { title: 'titles on the branches of an overlapping oneOf', before: { oneOf: [{ minimum: -2 }, { additionalProperties: { type: 'object' } }] }, after: { oneOf: [{ minimum: -2, title: 'T' }, { additionalProperties: { type: 'object', title: 'T' }, title: 'T' }] }, kind: null, both: [-3, { a: 1 }], neither: ['a', 1, { a: {} }] },
  { title: 'a title on a oneOf branch beside one that accepts everything', before: { oneOf: [true, { type: 'array' }] }, after: { oneOf: [true, { type: 'array', title: 'T' }] }, kind: null, both: [1, 'a', {}], neither: [[], [1]] },
  { title: 'a title on one of two oneOf branches that accept everything', before: { oneOf: [{}, {}] }, after: { oneOf: [{}, { title: 'T' }] }, kind: null, neither: [1, 'a', null] },
  { title: 'pydantic\'s title beside a $ref, and the definition\'s own, both retitled', before: object({ f: { $ref: '#/$defs/M', title: 'Custom' } }, [], { $defs: { M: object({ a: num }, [], { title: 'M' }) } }), after: object({ f: { $ref: '#/$defs/M', title: 'T' } }, [], { $defs: { M: object({ a: num }, [], { title: 'T' }) } }), kind: 'schema-annotation-changed', relation: 'equal', path: ['f'], both: [{ f: { a: 1 } }, {}], neither: [{ f: { a: 'x' } }] },
  // keywords with no effect
  { title: 'else with annotations alone', before: num, after: { ...num, if: { const: 1 }, else: { description: 'otherwise' } }, kind: null, both: [1, 2.5], neither: ['a'] },
  { title: 'then with annotations alone', before: str, after: { ...str, if: { minLength: 2 }, then: { title: 'long' } }, kind: null, both: ['a', 'ab'], neither: [1] },
  { title: 'else beside a condition that always holds', before: object({ a: num }), after: object({ a: num }, [], { if: { description: 'always' }, else: { required: ['b'] } }), kind: null, both: [{}, { a: 1 }], neither: [{ a: 'x' }] },
  { title: 'not of annotations alone', before: object({ a: false }), after: object({ a: { not: { description: 'never' } } }), kind: null, both: [{}, { b: 1 }], neither: [{ a: 1 }] },
  { title: 'format on a number', before: num, after: { ...num, format: 'email' }, kind: null, both: [1, 1.5], neither: ['a'] },
  { title: 'numeric format on a string', before: str, after: { ...str, format: 'int32' }, kind: null, both: ['a', '3000000000'], neither: [1] },
  { title: 'propertyNames: {type: string}', before: { type: 'object' }, after: { type: 'object', propertyNames: str }, kind: null, both: [{}, { a: 1 }], neither: ['a'] },
  { title: 'propertyNames: {type: string} on any type', before: { minLength: 1 }, after: { minLength: 1, propertyNames: { type: ['number', 'string'] } }, kind: null, both: [{ a: 1 }, 'a', 1], neither: [''] },
  { title: 'contains with minContains: 0', before: { type: 'array' }, after: { type: 'array', contains: str, minContains: 0 }, kind: null, both: [[], [1], ['a']], neither: [{}] },
  { title: 'dependentRequired: {a: [a]}', before: { type: 'object' }, after: { type: 'object', dependentRequired: { a: ['a'] } }, kind: null, both: [{}, { a: 1 }], neither: [1] },
  { title: 'dependentRequired a closed object never triggers', before: closed({ a: {} }), after: closed({ a: {} }, { dependentRequired: { b: ['c'] } }), kind: null, both: [{}, { a: 1 }], neither: [{ b: 1 }] },
  { title: 'dependentSchemas on a property set to false', before: object({ a: {}, b: false }), after: object({ a: {}, b: false }, [], { dependentSchemas: { b: { required: ['z'] } } }), kind: null, both: [{ a: 1 }, { c: 1 }], neither: [{ b: 1 }] },
  { title: 'minProperties: 1 beside a non-empty required', before: object({}, ['a']), after: object({}, ['a'], { minProperties: 1 }), kind: null, both: [{ a: 1 }], neither: [{}] },
  { title: 'minProperties: 2 beside two required names', before: object({}, ['a', 'b']), after: object({}, ['a', 'b'], { minProperties: 2 }), kind: null, both: [{ a: 1, b: 1 }], neither: [{ a: 1 }] },
  { title: 'maxProperties: n on a closed object with n properties', before: closed({ a: {}, b: {} }), after: closed({ a: {}, b: {} }, { maxProperties: 2 }), kind: null, both: [{ a: 1, b: 2 }], neither: [{ c: 1 }] },
  { title: 'maxItems: 2 beside uniqueItems on booleans', before: { type: 'array', items: { type: 'boolean' }, uniqueItems: true }, after: { type: 'array', items: { type: 'boolean' }, uniqueItems: true, maxItems: 2 }, kind: null, both: [[true, false]], neither: [[true, true]] },
  { title: 'maxItems: 3 beside uniqueItems on a three-value enum', before: { type: 'array', items: { enum: ['a', 'b', 'c'] }, uniqueItems: true }, after: { type: 'array', items: { enum: ['a', 'b', 'c'] }, uniqueItems: true, maxItems: 3 }, kind: null, both: [['a', 'b', 'c']], neither: [['a', 'a']] },
  // equal rewrites
  { title: 'if/then ↔ anyOf [not if, then]', before: { if: str, then: { minLength: 2 } }, after: { anyOf: [{ not: str }, { minLength: 2 }] }, kind: null, both: ['ab', 1, null], neither: ['a'] },
  { title: '{type: number, multipleOf: 1} ↔ {type: integer}', before: { type: 'number', multipleOf: 1 }, after: { type: 'integer' }, kind: null, both: [1, -3, 1e21], neither: [1.5, 'a'] },
  { title: 'nullable number with multipleOf: 1 ↔ nullable integer', before: { type: ['number', 'null'], multipleOf: 1, maximum: 9.5 }, after: { type: ['integer', 'null'], maximum: 9 }, kind: null, both: [null, 9], neither: [10, 0.5] },
  { title: 'two unsatisfiable spellings of one property', before: object({ a: false }), after: object({ a: { type: 'string', minLength: 3, maxLength: 2 } }), kind: null, both: [{}, { b: 1 }], neither: [{ a: 'abc' }] },
  { title: 'two unsatisfiable spellings of a required property', before: object({ a: { not: {} } }, ['a']), after: object({ a: { allOf: [str, num] } }, ['a']), kind: null, neither: [{ a: 1 }, {}, 1] },
  { title: 'an allOf with a closed member ↔ that member alone', before: { allOf: [closed({ a: str }), { properties: { a: { minLength: 0 } } }] }, after: closed({ a: str }), kind: null, both: [{ a: 'x' }, {}], neither: [{ b: 1 }, { a: 1 }] },
  { title: 'an allOf restating a closed member\'s property ↔ that member alone', before: { allOf: [closed({ a: str, b: num }), { properties: { a: str } }] }, after: closed({ a: str, b: num }), kind: null, both: [{ a: 'x', b: 1 }], neither: [{ c: 1 }] },
  // the third campaign's minimal cases: implied keywords wherever they sit
  { title: 'propertyNames: {type: string, minLength: 2} ↔ {minLength: 2}', before: { type: 'object', propertyNames: { type: 'string', minLength: 2 } }, after: { type: 'object', propertyNames: { minLength: 2 } }, kind: null, both: [{}, { ab: 1 }], neither: [{ a: 1 }, 'ab'] },
  { title: 'propertyNames: {type: string, format: email} ↔ {format: email}', before: { type: 'object', propertyNames: { type: 'string', format: 'email' } }, after: { type: 'object', propertyNames: { format: 'email' } }, kind: null, both: [{}, { 'x@y.co': 1 }], neither: [{ a: 1 }] },
  { title: 'propertyNames: {type: [string, number], maxLength: 1} ↔ {maxLength: 1}', before: { type: 'object', propertyNames: { type: ['number', 'string'], maxLength: 1 } }, after: { type: 'object', propertyNames: { maxLength: 1 } }, kind: null, both: [{ a: 1 }], neither: [{ ab: 1 }] },
  { title: 'if {kind: a} then false ↔ anyOf [not if, false]', before: { if: object({ kind: { const: 'a' } }, ['kind']), then: false }, after: { anyOf: [{ not: object({ kind: { const: 'a' } }, ['kind']) }, false] }, kind: null, both: [{ kind: 'b' }, {}, 1], neither: [{ kind: 'a' }] },
  { title: 'an integer with allOf [multipleOf 3, multipleOf 1] ↔ multipleOf 3', before: { type: 'integer', allOf: [{ multipleOf: 3 }, { multipleOf: 1 }] }, after: { type: 'integer', multipleOf: 3 }, kind: null, both: [0, 3, -6], neither: [1, 1.5, 'a'] },
  { title: 'an integer with multipleOf 1 in an allOf member ↔ an integer', before: { type: 'integer', allOf: [{ multipleOf: 1 }, { minimum: 0 }] }, after: { type: 'integer', minimum: 0 }, kind: null, both: [0, 3], neither: [-1, 1.5] },
  { title: 'prefixItems restating items under maxItems: 1 ↔ items alone', before: { type: 'array', items: { enum: ['a', 'b'] }, maxItems: 1, prefixItems: [{ enum: ['a', 'b'] }] }, after: { type: 'array', items: { enum: ['a', 'b'] }, maxItems: 1 }, kind: null, both: [[], ['a']], neither: [['c'], ['a', 'b']] },
  { title: 'prefixItems restating items under maxItems: 0 ↔ items alone', before: { type: 'array', items: { type: 'string' }, maxItems: 0, prefixItems: [{ type: 'string' }] }, after: { type: 'array', items: { type: 'string' }, maxItems: 0 }, kind: null, both: [[]], neither: [['a'], [1]] },
  { title: 'prefixItems restating items ↔ items alone', before: { type: 'array', items: { type: 'string' }, prefixItems: [{ type: 'string' }, { type: 'string' }] }, after: { type: 'array', items: { type: 'string' } }, kind: null, both: [[], ['a', 'b', 'c']], neither: [[1], ['a', 1]] },
  { title: 'prefixItems past maxItems ↔ cut at maxItems', before: { type: 'array', maxItems: 1, prefixItems: [{ type: 'string' }, { type: 'number' }] }, after: { type: 'array', maxItems: 1, prefixItems: [{ type: 'string' }] }, kind: null, both: [[], ['a']], neither: [[1], ['a', 1]] },
  { title: 'pattern ^[\\s\\S]{0,2}$ beside minLength: 2 ↔ maxLength: 2', before: { pattern: '^[\\s\\S]{0,2}$', minLength: 2 }, after: { minLength: 2, maxLength: 2 }, kind: null, both: ['ab', '\n\n', '\u{1F600}\u{1F600}', 1], neither: ['a', 'abc'] },
  { title: 'pattern ^[\\s\\S]{2,5}$ ↔ minLength: 2, maxLength: 5 on a string', before: { type: 'string', pattern: '^[\\s\\S]{2,5}$' }, after: { type: 'string', minLength: 2, maxLength: 5 }, kind: null, both: ['ab', 'a\nb'], neither: ['a', 'abcdef', 1] },
  { title: 'pattern ^.{2,5}$ ↔ ^.*$ with minLength: 2, maxLength: 5 (. refuses a newline)', before: { type: 'string', pattern: '^.{2,5}$' }, after: { type: 'string', pattern: '^.*$', minLength: 2, maxLength: 5 }, kind: null, both: ['ab', 'abcde'], neither: ['a', 'abcdef', 'a\nb', 1] },
  { title: 'pattern [\\s\\S]{2} unanchored ↔ minLength: 2', before: { type: 'string', pattern: '[\\s\\S]{2}' }, after: { type: 'string', minLength: 2 }, kind: null, both: ['ab', 'abcdef'], neither: ['a', ''] },
  { title: 'dependentSchemas {a: false} with a required ↔ plus dependentRequired on a', before: { required: ['a'], dependentSchemas: { a: false } }, after: { required: ['a'], dependentSchemas: { a: false }, dependentRequired: { a: ['b'] } }, kind: null, both: [1, 'x'], neither: [{ a: 1 }, { a: 1, b: 1 }, {}] },
  { title: 'false ↔ an object that requires a key it may not have', before: object({ a: false }), after: object({ a: object({ x: false }, ['x']) }), kind: null, both: [{}, { b: 1 }], neither: [{ a: { x: 1 } }, { a: {} }, { a: 1 }] },
  { title: 'false ↔ a closed object that requires a key it does not list', before: object({ a: false }), after: object({ a: closed({ y: {} }, { required: ['x'] }) }), kind: null, both: [{}], neither: [{ a: { x: 1 } }, { a: {} }] },
  { title: 'propertyNames: {maxLength: 2} on a closed object whose names fit', before: closed({ a: str, bc: num }), after: closed({ a: str, bc: num }, { propertyNames: { maxLength: 2 } }), kind: null, both: [{}, { a: 'x', bc: 1 }], neither: [{ abc: 1 }] },
  { title: 'an allOf of a closed member and an open object ↔ the closed member', before: { allOf: [closed({ a: str }), { type: 'object' }] }, after: closed({ a: str }), kind: null, both: [{}, { a: 'x' }], neither: [{ b: 1 }, 1] },
  { title: 'an allOf of a closed member and an open one naming a property it refuses ↔ the closed member', before: { allOf: [closed({ a: str }), object({ b: num })] }, after: closed({ a: str }), kind: null, both: [{}, { a: 'x' }], neither: [{ b: 1 }, 'a'] },
  // pydantic v2: a discriminated union (`oneOf` of `$ref`s with a `discriminator`) rewritten as the undiscriminated `anyOf`
  { title: 'a pydantic discriminated union ↔ the plain anyOf of the same models: the discriminator alone', before: owner({ oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }], discriminator: { propertyName: 'kind', mapping: { cat: '#/$defs/Cat', dog: '#/$defs/Dog' } }, title: 'Pet' }, ['pet']), after: owner({ anyOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }], title: 'Pet' }, ['pet']), kind: 'schema-producer-hint-changed', relation: 'equal', path: ['pet'], both: [{ pet: { kind: 'cat', lives: 9 } }, { pet: { kind: 'dog' } }], neither: [{ pet: { kind: 'cat' } }, {}] },
  { title: 'an Optional pydantic discriminated union ↔ the flat anyOf with null: the discriminator alone', before: owner({ anyOf: [{ oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }], discriminator: { propertyName: 'kind', mapping: { cat: '#/$defs/Cat', dog: '#/$defs/Dog' } } }, { type: 'null' }], default: null, title: 'Pet' }), after: owner({ anyOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }, { type: 'null' }], default: null, title: 'Pet' }), kind: 'schema-producer-hint-changed', relation: 'equal', path: ['pet'], both: [{ pet: null }, {}, { pet: { kind: 'dog', bark: 'w' } }], neither: [{ pet: { kind: 'fish' } }] },
  { title: 'a oneOf of disjoint pydantic models ↔ their anyOf, no discriminator', before: owner({ oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }] }, ['pet']), after: owner({ anyOf: [{ $ref: '#/$defs/Dog' }, { $ref: '#/$defs/Cat' }] }, ['pet']), kind: null, both: [{ pet: { kind: 'cat', lives: 1 } }], neither: [{ pet: { kind: 'dog', bark: 1 } }] },
  // counterexamples of the equal-pairs fuzz over these families
  { title: 'propertyNames: {const: 2} ↔ {const: 2, type: string} (no name is the number 2)', before: { minProperties: 2, propertyNames: { const: 2 } }, after: { minProperties: 2, propertyNames: { const: 2, type: 'string' } }, kind: null, both: [1, 'a'], neither: [{}, { a: 1 }, { a: 1, b: 2 }] },
  { title: 'an Optional discriminated union, one model described: null folds into no branch', before: { anyOf: [{ oneOf: [object({ k: { const: 'a' } }, ['k']), object({ k: { const: 'b' } }, ['k'])], discriminator: { propertyName: 'k' } }, { type: 'null' }] }, after: { anyOf: [{ oneOf: [object({ k: { const: 'a' } }, ['k']), object({ k: { const: 'b' } }, ['k'], { description: 'z' })], discriminator: { propertyName: 'k' } }, { type: 'null' }] }, kind: null, both: [null, { k: 'a' }, { k: 'b' }], neither: [{ k: 'c' }, 1] },
  { title: 'a closed model in a discriminated union ↔ the same banning an unlisted name with dependentSchemas false', before: { oneOf: [closed({ kind: { const: 'cat' } }, { required: ['kind'] }), object({ kind: { const: 'dog' } }, ['kind'])] }, after: { oneOf: [closed({ kind: { const: 'cat' } }, { required: ['kind'], dependentSchemas: { zz: false } }), object({ kind: { const: 'dog' } }, ['kind'])] }, kind: null, both: [{ kind: 'cat' }, { kind: 'dog', zz: 1 }], neither: [{ kind: 'cat', zz: 1 }, {}] },
  { title: 'an Optional discriminated union whose closed model lists an impossible object ↔ without it', before: { anyOf: [{ oneOf: [closed({ kind: { const: 'cat' } }, { required: ['kind'] }), object({ kind: { const: 'dog' } }, ['kind'])], discriminator: { propertyName: 'kind' } }, { type: 'null' }] }, after: { anyOf: [{ oneOf: [closed({ kind: { const: 'cat' }, zz: object({ x: false }, ['x']) }, { required: ['kind'] }), object({ kind: { const: 'dog' } }, ['kind'])], discriminator: { propertyName: 'kind' } }, { type: 'null' }] }, kind: null, both: [null, { kind: 'cat' }, { kind: 'dog', zz: {} }], neither: [{ kind: 'cat', zz: {} }, { kind: 'cat', zz: { x: 1 } }] },
  // a root `$ref` with `$defs` beside it is that reference (a recursive type wrapped in `allOf`)
  { title: 'a recursive type referring to # ↔ the same type wrapped in allOf', before: recursive('#'), after: { allOf: [recursive('#')] }, kind: null, both: [{ value: 'a' }, { value: 'a', next: { value: 'b' } }], neither: [{ value: 'a', next: {} }, { value: 1 }] },
  { title: 'a recursive type by its $id ↔ the same type wrapped in allOf (TypeBox)', before: { $id: 'https://example.com/node', ...recursive('https://example.com/node') }, after: { allOf: [{ $id: 'https://example.com/node', ...recursive('https://example.com/node') }] }, kind: null, both: [{ value: 'a', next: { value: 'b' } }], neither: [{ value: 'a', next: { value: 1 } }] },
  // seed 6062 of the miss-side campaign: an `if` pointing at a definition that was only renamed
  { title: 'an if condition referring to a renamed definition', before: object({ f: { type: 'number', if: { $ref: '#/$defs/Node' }, then: { const: 5 } } }, [], { $defs: { Node: recursive('#/$defs/Node') } }), after: object({ f: { type: 'number', if: { $ref: '#/$defs/Tree' }, then: { const: 5 } } }, [], { $defs: { Tree: recursive('#/$defs/Tree') } }), kind: null, both: [{ f: 1 }, {}], neither: [{ f: 'a' }] },
  { title: 'a root $ref with $defs beside it ↔ its definition inline', before: { $ref: '#/$defs/Node', $defs: { Node: recursive('#') } }, after: recursive('#'), kind: null, both: [{ value: 'a', next: { value: 'b' } }], neither: [{ next: { value: 'b' } }] },
]

/** Round three: every two spellings of "no value is valid", as a property's schema (Ajv rejects every value of it under both). */
const unsatisfiableRows: EqualRow[] = UNSATISFIABLE_SPELLINGS.flatMap((before, i) =>
  UNSATISFIABLE_SPELLINGS.slice(i + 1).map((after) => ({
    title: `no value is valid: ${JSON.stringify(before)} ↔ ${JSON.stringify(after)}`,
    before: object({ x: before }),
    after: object({ x: after }),
    kind: null,
    both: [{}, { y: 1 }],
    neither: [{ x: 1 }, { x: 2 }, { x: 1.5 }, { x: 'abc' }, { x: 'ab' }, { x: [] }, { x: [1] }, { x: {} }, { x: { a: 1 } }, { x: null }, { x: true }],
  })),
)

/** Round three: keywords that others already imply, and `propertyNames` read against a closed object's names. */
const impliedRows: EqualRow[] = [
  { title: 'dependentRequired {c: [a]} beside required [a] ↔ required [a]', before: object({}, ['a'], { dependentRequired: { c: ['a'] } }), after: object({}, ['a']), kind: null, both: [{ a: 1 }, { a: 1, c: 1 }], neither: [{ c: 1 }, {}] },
  { title: 'if {required: [b]} then {required: [b]} ↔ nothing', before: { type: 'object', if: { required: ['b'] }, then: { required: ['b'] } }, after: { type: 'object' }, kind: null, both: [{}, { b: 1 }], neither: [1] },
  { title: 'if {required: [b]} then {required: [b]} else true ↔ nothing', before: { type: 'object', if: { required: ['b'] }, then: { required: ['b'] }, else: true }, after: { type: 'object' }, kind: null, both: [{}, { b: 1 }], neither: ['b'] },
  { title: '{type: number, multipleOf: 2} ↔ {type: integer, multipleOf: 2}', before: { type: 'number', multipleOf: 2 }, after: { type: 'integer', multipleOf: 2 }, kind: null, both: [0, 2, -4, 2e20], neither: [1, 3, 0.5, 'a'] },
  { title: '{type: number, multipleOf: 1e20} ↔ {type: integer, multipleOf: 1e20}', before: { type: 'number', multipleOf: 1e20 }, after: { type: 'integer', multipleOf: 1e20 }, kind: null, both: [0, 1e20, 3e20], neither: [1.5e20, 'a'] },
  { title: 'prefixItems [{const: 1}] beside items {const: 1}, maxItems: 1 ↔ items alone', before: { type: 'array', prefixItems: [{ const: 1 }], items: { const: 1 }, maxItems: 1 }, after: { type: 'array', items: { const: 1 }, maxItems: 1 }, kind: null, both: [[], [1]], neither: [[2], [1, 1]] },
  { title: 'propertyNames {maxLength: 1} ↔ {enum: [zzz]} over a closed object listing ab', before: { type: 'object', properties: { ab: {} }, additionalProperties: false, propertyNames: { maxLength: 1 } }, after: { type: 'object', properties: { ab: {} }, additionalProperties: false, propertyNames: { enum: ['zzz'] } }, kind: null, both: [{}], neither: [{ ab: 1 }, { zzz: 1 }, { a: 1 }] },
  { title: 'a closed object naming zz that propertyNames refuses ↔ without zz', before: closed({ a: str }, { properties: { a: str, zz: {} }, propertyNames: { not: { enum: ['zz'] } } }), after: closed({ a: str }), kind: null, both: [{}, { a: 'x' }], neither: [{ zz: 1 }, { a: 1 }] },
  // counterexamples of the round-three campaign
  { title: 'an array no item fits, its tuple slots restated as false', before: object({ x: { type: 'array', minItems: 1, items: false } }), after: object({ x: { type: 'array', minItems: 1, items: false, prefixItems: [false, false] } }), kind: null, both: [{}], neither: [{ x: [] }, { x: [1] }] },
  { title: 'a closed union branch naming zz that propertyNames refuses ↔ without zz', before: { anyOf: [object({ kind: { const: 'a' } }, ['kind']), closed({ kind: { const: 'b' }, b: {} }, { required: ['kind'] })] }, after: { anyOf: [object({ kind: { const: 'a' } }, ['kind']), closed({ kind: { const: 'b' }, b: {}, zz: {} }, { required: ['kind'], propertyNames: { not: { enum: ['zz'] } } })] }, kind: null, both: [{ kind: 'a' }, { kind: 'b', b: 1 }], neither: [{ kind: 'b', zz: 1 }, {}] },
]

describe('rewrites that keep the accepted values give no alarm', () => {
  test.each(bothWays([...rows, ...unsatisfiableRows, ...impliedRows]))('%s', (_title, row, reverse) => {
    checkRow(row, reverse)
    for (const value of row.both ?? []) expect([ajvAccepts(row.before as never, value), ajvAccepts(row.after as never, value)], `both accept ${JSON.stringify(value)}`).toEqual([true, true])
    for (const value of (row as EqualRow).neither ?? []) expect([ajvAccepts(row.before as never, value), ajvAccepts(row.after as never, value)], `both reject ${JSON.stringify(value)}`).toEqual([false, false])
  })
})

/** Spellings that look like the rewrites above and are not: the value that moves must be reported. */
const nearRows: SoundnessRow[] = [
  { title: 'pattern ^.{2,5}$ → minLength: 2, maxLength: 5 (. refuses a newline)', before: { type: 'string', pattern: '^.{2,5}$' }, after: { type: 'string', minLength: 2, maxLength: 5 }, moved: ['a\nb', 'ab\u2028'] },
  { title: 'pattern ^[\\s\\S]{2,5} unanchored at the end → maxLength: 5', before: { type: 'string', pattern: '^[\\s\\S]{2,5}' }, after: { type: 'string', minLength: 2, maxLength: 5 }, moved: ['abcdef'] },
  { title: 'propertyNames: {type: number} → {}', before: { type: 'object', propertyNames: { type: 'number' } }, after: { type: 'object' }, moved: [{ a: 1 }] },
  { title: 'prefixItems restating items under maxItems: 2 → maxItems: 1', before: { type: 'array', items: { type: 'string' }, maxItems: 2, prefixItems: [{ type: 'string' }] }, after: { type: 'array', items: { type: 'string' }, maxItems: 1 }, moved: [['a', 'b']] },
  { title: 'an integer multipleOf 2 between 1 and 2 → between 1 and 1 (no value left)', before: { type: 'integer', multipleOf: 2, minimum: 1, maximum: 2 }, after: { type: 'integer', multipleOf: 2, minimum: 1, maximum: 1 }, moved: [2] },
  { title: '{type: number, multipleOf: 2} → {type: number}', before: { type: 'number', multipleOf: 2 }, after: { type: 'number' }, moved: [1.5, 3] },
  { title: 'oneOf [{}, {}] → oneOf [{}, {type: string}]', before: { oneOf: [{}, {}] }, after: { oneOf: [{}, { type: 'string' }] }, moved: [1, null] },
  { title: 'propertyNames {maxLength: 2} → {enum: [zzz]} over a closed object requiring ab', before: { type: 'object', properties: { ab: {} }, required: ['ab'], additionalProperties: false, propertyNames: { maxLength: 2 } }, after: { type: 'object', properties: { ab: {} }, required: ['ab'], additionalProperties: false, propertyNames: { enum: ['zzz'] } }, moved: [{ ab: 1 }] },
  { title: 'dependentRequired {c: [a]} beside required [b] → required [b]', before: object({}, ['b'], { dependentRequired: { c: ['a'] } }), after: object({}, ['b']), moved: [{ b: 1, c: 1 }] },
]

describe('spellings near those rewrites that do move values are reported', () => {
  test.each(nearRows.flatMap((row): [string, SoundnessRow, boolean][] => [[`${row.title} (old → new)`, row, false], [`${row.title} (new → old)`, row, true]]))('%s', (_title, row, reverse) => checkSoundnessRow(row, reverse))
})
