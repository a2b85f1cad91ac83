import { Type, type TSchema } from '@sinclair/typebox'
import fc from 'fast-check'
import { z } from 'zod'
import pydantic from '../fixtures/fuzz/pydantic-v2.json' with { type: 'json' }
import type { RawSchema } from './schema-arbitraries.js'

/**
 * Schemas as the libraries MCP servers are written with emit them: zod 4 and TypeBox built from
 * random types here, pydantic v2 read from what pydantic itself wrote.
 */

/** What zod 4 writes (`z.toJSONSchema`) for small schemas built from its common parts. */
export const zodArbitrary: fc.Arbitrary<RawSchema> = (() => {
  const leaf = fc.constantFrom<() => z.ZodType>(
    () => z.string(),
    () => z.string().min(1).max(3),
    () => z.string().email(),
    () => z.number(),
    () => z.number().int(),
    () => z.number().int().positive(),
    () => z.number().min(0).max(10),
    () => z.boolean(),
    () => z.enum(['a', 'b']),
    () => z.literal('a'),
    () => z.null(),
  )
  const build = (depth: number): fc.Arbitrary<() => z.ZodType> => {
    if (depth <= 0) return leaf
    const child = build(depth - 1)
    return fc.oneof(
      leaf,
      child.map((c) => () => z.array(c())),
      child.map((c) => () => c().nullable()),
      child.map((c) => () => c().describe('about')),
      fc.tuple(child, child).map(([a, b]) => () => z.union([a(), b().describe('branch')])),
      fc.tuple(child, child, fc.boolean()).map(([a, b, strict]) => () => (strict ? z.object({ a: a(), b: b().optional() }).strict() : z.object({ a: a(), b: b().optional() }))),
    )
  }
  return build(2).map((make) => z.toJSONSchema(make(), { unrepresentable: 'any' }) as RawSchema)
})()

/** What TypeBox (`@sinclair/typebox`) builds for random types: its schemas are its types. */
export const typeboxArbitrary: fc.Arbitrary<RawSchema> = (() => {
  const leaf = fc.constantFrom<() => TSchema>(
    () => Type.String(),
    () => Type.String({ minLength: 1, maxLength: 3 }),
    () => Type.String({ format: 'email' }),
    () => Type.String({ pattern: '^[a-z]+$' }),
    () => Type.Number(),
    () => Type.Number({ minimum: 0, exclusiveMaximum: 10 }),
    () => Type.Number({ multipleOf: 0.5 }),
    () => Type.Integer({ minimum: 1 }),
    () => Type.Boolean(),
    () => Type.Null(),
    () => Type.Literal('a'),
    () => Type.Literal(2),
    () => Type.Union([Type.Literal('a'), Type.Literal('b')]),
    () => Type.Enum({ A: 'a', B: 'b' }),
    () => Type.Any(),
  )
  const build = (depth: number): fc.Arbitrary<() => TSchema> => {
    if (depth <= 0) return leaf
    const child = build(depth - 1)
    const object = (a: () => TSchema, b: () => TSchema, closed: boolean) => Type.Object({ a: a(), b: Type.Optional(b()) }, closed ? { additionalProperties: false } : {})
    return fc.oneof(
      leaf,
      child.map((c) => () => Type.Array(c(), { maxItems: 3 })),
      child.map((c) => () => Type.Array(c(), { uniqueItems: true })),
      child.map((c) => () => Type.Union([c(), Type.Null()])),
      child.map((c) => () => Type.Record(Type.String(), c())),
      fc.tuple(child, child).map(([a, b]) => () => Type.Union([a(), b()], { description: 'either' })),
      fc.tuple(child, child, fc.boolean()).map(([a, b, closed]) => () => object(a, b, closed)),
      // a tagged union (`kind` a literal per member), as TypeBox users write discriminated unions
      fc.tuple(child, child).map(([a, b]) => () => Type.Union([Type.Object({ kind: Type.Literal('a'), a: a() }), Type.Object({ kind: Type.Literal('b'), b: Type.Optional(b()) }, { additionalProperties: false })])),
      fc.tuple(child, child).map(([a, b]) => () => Type.Intersect([Type.Object({ a: a() }), Type.Object({ b: b() })], { unevaluatedProperties: false })),
      // Why an `$id` per depth: TypeBox numbers its own from a global counter, so a seed would not
      // give the same document twice.
      child.map((c) => () => Type.Recursive((This) => Type.Object({ value: c(), next: Type.Optional(This) }), { $id: `https://example.com/node${depth}` })),
    )
  }
  // Why through JSON: TypeBox marks its schemas with symbol keys, which are not part of the schema.
  return build(2).map((make) => JSON.parse(JSON.stringify(make())) as RawSchema)
})()

/**
 * What pydantic v2 (`model_json_schema`) wrote for random models: `$defs` and `$ref` for nested
 * models, `anyOf` with `{type: null}` for Optional, a `title` on every property, `default`,
 * `oneOf` with a `discriminator` mapping, `additionalProperties` from `extra`. Why a file:
 * pydantic is Python; scripts/pydantic-schemas.py writes the file with pydantic itself, so the
 * fuzz runs where Python is not installed.
 */
export const pydanticArbitrary: fc.Arbitrary<RawSchema> = fc.constantFrom(...(pydantic.schemas as RawSchema[]))

/** A field of a hand-built pydantic model, as `model_json_schema` writes it (a `title` on each). */
const PYDANTIC_FIELDS: Record<string, unknown>[] = [
  { type: 'string', title: 'F' },
  { type: 'integer', exclusiveMinimum: 0, title: 'F' },
  { type: 'string', maxLength: 3, minLength: 1, title: 'F' },
  { anyOf: [{ type: 'number' }, { type: 'null' }], default: null, title: 'F' },
  { type: 'array', items: { type: 'string' }, maxItems: 2, title: 'F' },
  { type: 'string', format: 'date-time', title: 'F' },
  { type: 'string', contentMediaType: 'image/png', contentEncoding: 'base64', title: 'F' },
]

/**
 * pydantic v2 discriminated unions built by hand from what pydantic documents it writes
 * (https://docs.pydantic.dev/latest/concepts/unions/#discriminated-unions, and the JSON Schema
 * page's `discriminator` output): models in `$defs` tagged by a `Literal` field (`const` with
 * `type: string`), the union a `oneOf` of `$ref`s with an OpenAPI `discriminator`
 * (`propertyName`, `mapping` to the `$ref`s), wrapped in `anyOf` with `null` for `Optional`, or
 * as list items. Why by hand: pydantic is Python and PyPI is out of reach here; the file of
 * `pydanticArbitrary` has fewer of these shapes.
 */
export const pydanticUnionArbitrary: fc.Arbitrary<RawSchema> = fc
  .tuple(fc.constantFrom(...PYDANTIC_FIELDS), fc.constantFrom(...PYDANTIC_FIELDS), fc.boolean(), fc.constantFrom('plain', 'optional', 'list'), fc.boolean())
  .map(([catField, dogField, closed, shape, required]) => {
    const model = (name: string, tag: string, field: Record<string, unknown>) => ({
      ...(closed && tag === 'cat' ? { additionalProperties: false } : {}),
      properties: { kind: { const: tag, title: 'Kind', type: 'string' }, f0: field },
      required: ['kind', 'f0'],
      title: name,
      type: 'object',
    })
    const union = { discriminator: { mapping: { cat: '#/$defs/Cat', dog: '#/$defs/Dog' }, propertyName: 'kind' }, oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }] }
    const pet = shape === 'plain' ? { ...union, title: 'Pet' } : shape === 'optional' ? { anyOf: [union, { type: 'null' }], default: null, title: 'Pet' } : { items: union, title: 'Pet', type: 'array' }
    return {
      $defs: { Cat: model('Cat', 'cat', catField), Dog: model('Dog', 'dog', dogField) },
      properties: { pet },
      ...(required ? { required: ['pet'] } : {}),
      title: 'Owner',
      type: 'object',
    }
  })
