import { mkdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import * as z3 from 'zod/v3'
import { zodToJsonSchema } from 'zod-to-json-schema'
import { compareSchemas } from '../../src/schema/compare-schemas.js'
import { canonicalizeSchema } from '../../src/schema/canonicalize-schema.js'
import { ajvAccepts, canon, object } from './support.js'

/** Pairs of spellings that mean the same schema: equal canonical JSON, and no finding. */
const equivalent: { title: string; a: unknown; b: unknown; values?: unknown[] }[] = [
  { title: 'type "x" ≡ ["x"]', a: { type: 'string' }, b: { type: ['string'] }, values: ['a', 1] },
  { title: 'type order and duplicates', a: { type: ['string', 'null'] }, b: { type: ['null', 'string', 'null'] }, values: [null, 'a', 1] },
  { title: 'number absorbs integer', a: { type: ['integer', 'number'] }, b: { type: 'number' }, values: [1, 1.5, 'a'] },
  { title: 'const ≡ one-value enum', a: { const: 'a' }, b: { enum: ['a'] }, values: ['a', 'b'] },
  { title: 'enum order and duplicates', a: { enum: ['b', 'a', 'b'] }, b: { enum: ['a', 'b'] }, values: ['a', 'b', 'c'] },
  { title: 'type beside enum is implied', a: { type: 'string', enum: ['a', 'b'] }, b: { enum: ['b', 'a'] }, values: ['a', 'c'] },
  { title: 'const null ≡ type null', a: { const: null }, b: { type: 'null' }, values: [null, 0] },
  { title: 'required order and duplicates', a: object({ a: {}, b: {} }, ['b', 'a', 'b']), b: object({ b: {}, a: {} }, ['a', 'b']), values: [{ a: 1, b: 2 }, { a: 1 }] },
  { title: 'empty required', a: object({ a: {} }, [], { required: [] }), b: object({ a: {} }) },
  { title: 'minLength 0 ≡ absent', a: { type: 'string', minLength: 0 }, b: { type: 'string' } },
  { title: 'minItems 0 ≡ absent', a: { type: 'array', minItems: 0 }, b: { type: 'array' } },
  { title: 'minProperties 0 ≡ absent', a: { type: 'object', minProperties: 0 }, b: { type: 'object' } },
  { title: 'uniqueItems false ≡ absent', a: { type: 'array', uniqueItems: false }, b: { type: 'array' } },
  { title: 'additionalProperties true ≡ absent', a: object({ a: {} }, [], { additionalProperties: true }), b: object({ a: {} }) },
  { title: 'additionalProperties {} ≡ absent', a: object({ a: {} }, [], { additionalProperties: {} }), b: object({ a: {} }) },
  { title: 'items {} ≡ absent', a: { type: 'array', items: {} }, b: { type: 'array' } },
  { title: 'items true ≡ absent', a: { type: 'array', items: true }, b: { type: 'array' } },
  { title: 'property {} ≡ property true', a: object({ a: {} }), b: object({ a: true }) },
  { title: 'empty properties', a: { type: 'object', properties: {} }, b: { type: 'object' } },
  { title: 'singleton allOf unwrapped', a: { allOf: [{ type: 'string', minLength: 2 }] }, b: { type: 'string', minLength: 2 }, values: ['ab', 'a'] },
  { title: 'singleton anyOf unwrapped', a: { anyOf: [{ type: 'string' }] }, b: { type: 'string' } },
  { title: 'singleton oneOf unwrapped', a: { oneOf: [{ type: 'string' }], description: 'x' }, b: { type: 'string', description: 'x' } },
  { title: 'nested allOf flattened and merged', a: { allOf: [{ allOf: [{ type: 'string' }] }, { minLength: 1 }] }, b: { type: 'string', minLength: 1 }, values: ['a', ''] },
  { title: 'a member\'s own allOf lifted beside the others', a: { allOf: [{ type: 'string', allOf: [{ pattern: 'a' }, { pattern: 'b' }] }, { pattern: 'c' }] }, b: { type: 'string', allOf: [{ pattern: 'c' }, { pattern: 'b' }, { pattern: 'a' }] }, values: ['abc', 'ac', 'ab', 'bc'] },
  { title: 'allOf of disjoint keywords merged', a: { allOf: [object({ a: { type: 'string' } }), { required: ['a'] }] }, b: object({ a: { type: 'string' } }, ['a']), values: [{ a: 'x' }, {}] },
  { title: 'anyOf branch order', a: { anyOf: [{ type: 'string', minLength: 1 }, object({ a: {} }, ['a'])] }, b: { anyOf: [object({ a: {} }, ['a']), { type: 'string', minLength: 1 }] } },
  { title: 'anyOf of types ≡ type list', a: { anyOf: [{ type: 'string' }, { type: 'number' }] }, b: { type: ['number', 'string'] }, values: ['a', 1, null] },
  { title: 'oneOf of disjoint types ≡ type list', a: { oneOf: [{ type: 'string', minLength: 2 }, { type: 'integer', minimum: 0 }] }, b: { type: ['integer', 'string'], minLength: 2, minimum: 0 }, values: ['ab', 'a', 3, -1] },
  { title: 'nullable: anyOf [X, null] ≡ type list', a: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] }, b: { type: ['string', 'null'], maxLength: 3 }, values: [null, 'abc', 'abcd'] },
  { title: 'nullable: oneOf [X, null] ≡ type list', a: { oneOf: [{ type: 'null' }, object({ a: {} })] }, b: { type: ['object', 'null'], properties: { a: {} } }, values: [null, {}, 1] },
  { title: 'nullable: OpenAPI nullable ≡ type list', a: { type: 'string', nullable: true }, b: { type: ['null', 'string'] } },
  { title: 'nullable: nullable enum ≡ enum with null', a: { type: 'string', enum: ['a'], nullable: true }, b: { enum: ['a', null] }, values: ['a', null, 'b'] },
  { title: 'nullable: anyOf [enum, null] ≡ enum with null', a: { anyOf: [{ enum: ['a', 'b'] }, { type: 'null' }] }, b: { enum: [null, 'b', 'a'] }, values: ['a', null, 'c'] },
  { title: 'nullable: nullable false ≡ absent', a: { type: 'string', nullable: false }, b: { type: 'string' } },
  { title: 'integer bounds rounded inward', a: { type: 'integer', minimum: 0.5, maximum: 9.5 }, b: { type: 'integer', minimum: 1, maximum: 9 }, values: [1, 9, 0, 10] },
  { title: 'integer exclusive bounds become inclusive', a: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 10 }, b: { type: 'integer', minimum: 1, maximum: 9 }, values: [0, 1, 9, 10] },
  { title: 'integer multipleOf 0.5 is no constraint', a: { type: 'integer', multipleOf: 0.5 }, b: { type: 'integer' }, values: [3] },
  { title: 'integer multipleOf 2.5 ≡ 5', a: { type: 'integer', multipleOf: 2.5 }, b: { type: 'integer', multipleOf: 5 }, values: [5, 10, 7] },
  { title: 'tighter of minimum/exclusiveMinimum kept', a: { type: 'number', minimum: 1, exclusiveMinimum: 3 }, b: { type: 'number', exclusiveMinimum: 3 }, values: [3, 3.5] },
  { title: 'draft-04 boolean exclusiveMinimum', a: { type: 'number', minimum: 3, exclusiveMinimum: true }, b: { type: 'number', exclusiveMinimum: 3 }, values: [3, 4] },
  { title: 'draft-04 exclusiveMaximum false', a: { type: 'number', maximum: 3, exclusiveMaximum: false }, b: { type: 'number', maximum: 3 }, values: [3, 4] },
  { title: '$schema, $id, $comment dropped', a: { $schema: 'http://json-schema.org/draft-07/schema#', $id: 'urn:x', $comment: 'c', type: 'string' }, b: { type: 'string' } },
  { title: 'draft-07 tuple items ≡ prefixItems', a: { type: 'array', items: [{ type: 'string' }, { type: 'number' }], additionalItems: false }, b: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false } },
  { title: 'draft-07 additionalItems without tuple is ignored', a: { type: 'array', items: { type: 'string' }, additionalItems: false }, b: { type: 'array', items: { type: 'string' } } },
  { title: 'draft-07 dependencies ≡ dependentRequired/dependentSchemas', a: { type: 'object', dependencies: { a: ['b'], c: { required: ['d'] } } }, b: { type: 'object', dependentRequired: { a: ['b'] }, dependentSchemas: { c: { required: ['d'] } } } },
  { title: 'keywords irrelevant to the type dropped', a: { type: 'string', maximum: 3, items: { type: 'string' } }, b: { type: 'string' } },
  { title: 'universal pattern dropped', a: { type: 'string', pattern: '.*' }, b: { type: 'string' }, values: ['a\nb'] },
  { title: 'pattern matching the empty string unanchored is universal', a: { type: 'string', pattern: '^(abc)?' }, b: { type: 'string' } },
  { title: 'contains absent drops min/maxContains', a: { type: 'array', minContains: 2, maxContains: 3 }, b: { type: 'array' } },
  { title: 'minContains 1 is the default', a: { type: 'array', contains: { type: 'string' }, minContains: 1 }, b: { type: 'array', contains: { type: 'string' } } },
  { title: 'if without then/else dropped', a: { if: { type: 'string' } }, b: true },
  { title: 'not false ≡ absent', a: { type: 'string', not: false }, b: { type: 'string' } },
  { title: 'empty schema ≡ true', a: {}, b: true },
  { title: 'Unicode property names NFC-normalized', a: object({ 'cafe\u0301': { type: 'string' } }, ['cafe\u0301']), b: object({ 'caf\u00e9': { type: 'string' } }, ['caf\u00e9']) },
  { title: 'key order', a: { type: 'object', required: ['a'], properties: { b: {}, a: {} } }, b: { properties: { a: {}, b: {} }, required: ['a'], type: 'object' } },
  { title: 'inline ≡ $ref to $defs', a: object({ p: { $ref: '#/$defs/P' } }, [], { $defs: { P: { type: 'string', minLength: 1 } } }), b: object({ p: { type: 'string', minLength: 1 } }), values: [{ p: '' }, { p: 'a' }] },
  { title: 'definitions ≡ $defs', a: object({ p: { $ref: '#/definitions/P' } }, [], { definitions: { P: { type: 'integer' } } }), b: object({ p: { $ref: '#/$defs/P' } }, [], { $defs: { P: { type: 'integer' } } }) },
  { title: 'zod 3 $ref to a sibling property ≡ inline', a: object({ a: object({ z: { type: 'string' } }), b: { $ref: '#/properties/a' } }), b: object({ a: object({ z: { type: 'string' } }), b: object({ z: { type: 'string' } }) }) },
  { title: 'unused definitions pruned', a: { type: 'string', $defs: { Unused: { type: 'number' } } }, b: { type: 'string' } },
  { title: '$ref beside annotations', a: object({ p: { $ref: '#/$defs/P', description: 'd' } }, [], { $defs: { P: { type: 'string' } } }), b: object({ p: { type: 'string', description: 'd' } }) },
  { title: 'ref through a pointer with escapes', a: object({ p: { $ref: '#/$defs/a~1b' } }, [], { $defs: { 'a/b': { type: 'boolean' } } }), b: object({ p: { type: 'boolean' } }) },
  { title: 'ref to an $anchor', a: object({ p: { $ref: '#num' } }, [], { $defs: { N: { $anchor: 'num', type: 'number' } } }), b: object({ p: { type: 'number' } }) },
  { title: 'ref to a document-local $id', a: { $id: 'https://example.com/root.json', ...object({ p: { $ref: 'item.json' } }, [], { $defs: { I: { $id: 'item.json', type: 'string' } } }) }, b: object({ p: { type: 'string' } }) },
  { title: 'recursive: zod 4 definitions vs zod 3 #/properties ref', a: object({ root: { $ref: '#/definitions/__schema0' } }, [], { definitions: { __schema0: object({ children: { type: 'array', items: { $ref: '#/definitions/__schema0' } } }) } }), b: object({ root: { $ref: '#/$defs/__schema0' } }, [], { $defs: { __schema0: object({ children: { type: 'array', items: { $ref: '#/$defs/__schema0' } } }) } }) },
]

describe('equivalent spellings canonicalize to the same schema and compare equal', () => {
  test.each(equivalent)('$title', ({ a, b, values }) => {
    const left = canonicalizeSchema(a)
    const right = canonicalizeSchema(b)
    expect(left.schema).toEqual(right.schema)
    expect(left.notRecorded).toEqual([])
    expect(compareSchemas(left.schema, right.schema, { direction: 'input' }).findings).toEqual([])
    expect(compareSchemas(right.schema, left.schema, { direction: 'output' }).findings).toEqual([])
    for (const value of values ?? []) expect(ajvAccepts(left.schema, value), JSON.stringify(value)).toBe(ajvAccepts(right.schema, value))
  })
})

describe('canonicalization is idempotent', () => {
  const corpus = [...equivalent.flatMap((row) => [row.a, row.b]), ...zodCorpus()]
  test.each(corpus.map((schema, i) => [i, schema] as const))('schema %i', (_, schema) => {
    const once = canonicalizeSchema(schema).schema
    expect(canonicalizeSchema(once).schema).toEqual(once)
    expect(canonicalizeSchema(structuredClone(once)).schema).toEqual(once)
  })
})

function zodModel() {
  return z.object({
    query: z.string().min(1).describe('what to look for'),
    limit: z.number().int().min(1).max(100).optional(),
    tags: z.array(z.string()).optional(),
    mode: z.enum(['fast', 'full']).default('fast'),
    nickname: z.string().nullable(),
    id: z.union([z.string(), z.number()]),
    filters: z.object({ city: z.string(), zip: z.string().regex(/^\d{5}$/).optional() }).optional(),
    homepage: z.string().url(),
    kind: z.literal('search'),
  })
}

function zodCorpus(): unknown[] {
  const model = zodModel()
  const Category: z.ZodType = z.lazy(() => z.object({ name: z.string(), children: z.array(Category) }))
  return [
    z.toJSONSchema(model, { target: 'draft-7', io: 'input' }),
    z.toJSONSchema(model, { io: 'input' }),
    z.toJSONSchema(model, { io: 'output' }),
    z.toJSONSchema(z.object({ root: Category }), { target: 'draft-7' }),
    zodToJsonSchema(z3.z.object({ a: z3.z.object({ zip: z3.z.string() }), b: z3.z.lazy(() => z3.z.string()) })),
  ]
}

describe('SDK 1.x and 2.x emit the same zod model differently; nothing is reported', () => {
  test('zod 4 draft-07 (SDK 1.x) vs zod 4 2020-12 (SDK 2.x): input', () => {
    const v1 = canonicalizeSchema(z.toJSONSchema(zodModel(), { target: 'draft-7', io: 'input' })).schema
    const v2 = canonicalizeSchema(z.toJSONSchema(zodModel(), { io: 'input' })).schema
    expect(v1).toEqual(v2)
    expect(compareSchemas(v1, v2, { direction: 'input' }).findings).toEqual([])
  })

  test('zod 4 draft-07 vs 2020-12: output', () => {
    const v1 = canonicalizeSchema(z.toJSONSchema(zodModel(), { target: 'draft-7', io: 'output' })).schema
    const v2 = canonicalizeSchema(z.toJSONSchema(zodModel(), { io: 'output' })).schema
    expect(compareSchemas(v1, v2, { direction: 'output' }).findings).toEqual([])
  })

  test('a recursive zod model: zod 4 `__schema0` definitions vs zod 3 `#/properties/…` refs', () => {
    const base = z3.z.object({ name: z3.z.string() })
    type Cat3 = z3.z.infer<typeof base> & { children: Cat3[] }
    const Cat3: z3.z.ZodType<Cat3> = base.extend({ children: z3.z.lazy(() => z3.z.array(Cat3)) })
    const Cat4: z.ZodType = z.object({ name: z.string(), get children() { return z.array(Cat4) } })
    const v3 = canonicalizeSchema(zodToJsonSchema(z3.z.object({ root: Cat3 }))).schema
    const v4 = canonicalizeSchema(z.toJSONSchema(z.object({ root: Cat4 }), { target: 'draft-7', io: 'output' })).schema
    expect(compareSchemas(v3, v4, { direction: 'output' }).findings).toEqual([])
    expect(compareSchemas(v4, v3, { direction: 'input' }).findings).toEqual([])
  })

  test('zod 3 (zod-to-json-schema) vs zod 4 for a flat model', () => {
    const m3 = z3.z.object({ q: z3.z.string().min(1), n: z3.z.number().int().optional(), e: z3.z.enum(['a', 'b']), u: z3.z.string().nullable() }).strict()
    const m4 = z.strictObject({ q: z.string().min(1), n: z.number().int().optional(), e: z.enum(['a', 'b']), u: z.string().nullable() })
    const v3 = canonicalizeSchema(zodToJsonSchema(m3)).schema
    const v4 = canonicalizeSchema(z.toJSONSchema(m4, { target: 'draft-7', io: 'input' })).schema
    // zod 4's `.int()` writes the safe-integer bounds zod 3 left out: listed, cosmetic, nothing else.
    for (const direction of ['input', 'output'] as const) {
      expect(compareSchemas(v3, v4, { direction }).findings.map((f) => [f.kind, f.path.join('.'), f.details?.keyword])).toEqual([
        ['schema-safe-integer-bound-changed', 'n', 'minimum'],
        ['schema-safe-integer-bound-changed', 'n', 'maximum'],
      ])
    }
  })
})

describe('external references are never fetched or read', () => {
  let server: Server
  let requests = 0
  let base = ''
  const marker = `external-${randomUUID()}`
  const secret = `secret-${randomUUID()}`
  const dir = join(process.cwd(), '.tmp', `canonical-${randomUUID()}`)
  const fileName = `${marker}.json`
  const filePath = join(dir, fileName)
  const past = new Date('2001-01-01T00:00:00Z')

  beforeAll(async () => {
    server = createServer((_, response) => {
      requests++
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ type: 'string', description: secret }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    mkdirSync(dir, { recursive: true })
    writeFileSync(filePath, JSON.stringify({ type: 'string', description: secret }))
    utimesSync(filePath, past, past)
  })

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    rmSync(dir, { recursive: true, force: true })
  })

  test('http, file: and relative refs stay in place and are listed as not recorded', () => {
    const schema = object({
      web: { $ref: `${base}/schema.json` },
      local: { $ref: pathToFileURL(filePath).href },
      relative: { $ref: `./.tmp/${dir.split('/').pop()}/${fileName}` },
      anchored: { $ref: `${base}/defs.json#/$defs/A` },
    })
    const { schema: out, notRecorded } = canonicalizeSchema(schema)
    expect(requests).toBe(0)
    expect(JSON.stringify(out)).not.toContain(secret)
    expect(statSync(filePath).atime.getTime()).toBe(past.getTime())
    expect(notRecorded).toEqual([
      { path: ['anchored'], reason: `external $ref ${base}/defs.json#/$defs/A is not fetched` },
      { path: ['local'], reason: `external $ref ${pathToFileURL(filePath).href} is not fetched` },
      { path: ['relative'], reason: `external $ref ./.tmp/${dir.split('/').pop()}/${fileName} is not read` },
      { path: ['web'], reason: `external $ref ${base}/schema.json is not fetched` },
    ])
    expect((out as { properties: Record<string, unknown> }).properties.web).toEqual({ $ref: `${base}/schema.json` })
  })

  test('comparing schemas with external refs sends nothing either; a changed ref is risky, never additive', () => {
    const before = canon(object({ web: { $ref: `${base}/a.json` } }))
    const after = canon(object({ web: { $ref: `${base}/b.json` } }))
    const result = compareSchemas(before, after, { direction: 'input' })
    expect(requests).toBe(0)
    expect(result.findings).toMatchObject([{ kind: 'schema-reference-changed', path: ['web'], relation: 'unknown' }])
    expect(result.notRecorded.map((n) => n.path)).toEqual([['web']])
  })

  test('$dynamicRef is not followed and is listed', () => {
    const { notRecorded } = canonicalizeSchema(object({ node: { $dynamicRef: '#node' } }))
    expect(notRecorded).toEqual([{ path: ['node'], reason: '$dynamicRef #node is not followed' }])
  })

  test('a local $ref that resolves nowhere is listed', () => {
    const { notRecorded } = canonicalizeSchema(object({ p: { $ref: '#/$defs/Missing' } }))
    expect(notRecorded).toEqual([{ path: ['p'], reason: '$ref #/$defs/Missing does not resolve inside the schema' }])
  })
})

describe('what canonical schemas look like', () => {
  test.each([
    { title: 'recursive definitions stay under $defs, refs rewritten', input: object({ tree: { $ref: '#/definitions/Node' } }, [], { definitions: { Node: object({ kids: { type: 'array', items: { $ref: '#/definitions/Node' } } }), Unused: { type: 'string' } } }), output: { type: 'object', properties: { tree: { $ref: '#/$defs/Node' } }, $defs: { Node: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/Node' } } } } } } },
    { title: 'a root that refers to itself keeps #', input: object({ next: { $ref: '#' } }), output: { type: 'object', properties: { next: { $ref: '#' } } } },
    { title: 'nullable spelled as a sorted type list', input: { type: 'string', nullable: true, minLength: 1 }, output: { minLength: 1, type: ['null', 'string'] } },
    { title: 'const spelled as a one-value enum', input: { type: 'string', const: 'x' }, output: { enum: ['x'] } },
    { title: 'a schema matching nothing stays readable', input: { type: 'integer', minimum: 5, maximum: 3 }, output: { maximum: 3, minimum: 5, type: 'integer' } },
    { title: 'not true is false', input: { not: {} }, output: false },
    { title: 'anyOf with a true branch accepts anything', input: { anyOf: [{ type: 'string' }, true] }, output: true },
    { title: 'allOf members that collide all stay members, the rest merge', input: { type: 'string', allOf: [{ pattern: 'b' }, { minLength: 1 }, { pattern: 'a' }] }, output: { allOf: [{ pattern: 'a' }, { pattern: 'b' }], minLength: 1, type: 'string' } },
    { title: 'an allOf member that collides with the schema stays a member', input: { type: 'string', pattern: 'b', allOf: [{ pattern: 'a' }, { maxLength: 3 }] }, output: { allOf: [{ pattern: 'a' }], maxLength: 3, pattern: 'b', type: 'string' } },
    { title: 'a oneOf listing a branch twice keeps both', input: { oneOf: [{ type: 'object' }, { type: 'object' }, { type: 'string' }] }, output: { oneOf: [{ type: 'object' }, { type: 'object' }, { type: 'string' }] } },
  ])('$title', ({ input, output }) => {
    const out = canonicalizeSchema(input).schema
    expect(out).toEqual(output)
    expect(JSON.stringify(out)).toBe(JSON.stringify(output === false ? false : sortDeep(output)))
  })
})

function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortDeep((value as Record<string, unknown>)[k])]))
}

test('the input object is not modified', () => {
  const input = { type: ['string'], const: 'a', $defs: { A: { type: 'number' } }, properties: { x: { $ref: '#/$defs/A' } } }
  const copy = structuredClone(input)
  canonicalizeSchema(input)
  expect(input).toEqual(copy)
})

test('a dependentRequired or dependencies key named __proto__ is listed as not recorded, never silently lost', () => {
  for (const keyword of ['dependentRequired', 'dependencies']) {
    const schema = JSON.parse(`{"type":"object","${keyword}":{"__proto__":["a"],"b":["c"]}}`)
    const result = canonicalizeSchema(schema)
    expect(result.notRecorded).toEqual([{ path: [], reason: `a ${keyword === 'dependencies' ? 'dependencies' : 'dependentRequired'} key named __proto__ cannot be recorded; changes to it are not seen` }])
    expect(result.schema).toEqual({ type: 'object', dependentRequired: { b: ['c'] } })
  }
})

test('3,000 definitions × 20 references normalize: cycles are found in time linear in the references (bench/ measures it)', () => {
  const $defs: Record<string, unknown> = {}
  for (let d = 0; d < 3000; d++) $defs[`D${d}`] = { type: 'object', properties: Object.fromEntries(Array.from({ length: 20 }, (_, r) => [`p${r}`, { $ref: `#/$defs/D${(d + r + 1) % 3000}` }])) }
  const result = canonicalizeSchema({ type: 'object', properties: { root: { $ref: '#/$defs/D0' } }, $defs })
  expect(Object.keys((result.schema as { $defs: object }).$defs)).toHaveLength(3000)
})
