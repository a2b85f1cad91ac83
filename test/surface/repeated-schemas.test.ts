import { describe, expect, test } from 'vitest'
import { canonicalizeSchema } from '../../src/schema/canonicalize-schema.js'
import { normalizeSurface } from '../../src/surface/normalize.js'
import { repeatedSchemas } from '../../src/surface/repeated-schemas.js'

/** canonicalizeSchema, counting its calls. */
function counted() {
  const calls: unknown[] = []
  const canonicalize = (schema: unknown) => {
    calls.push(schema)
    return canonicalizeSchema(schema)
  }
  return { calls, canonical: repeatedSchemas(canonicalize) }
}

const shared = { type: 'object', properties: { id: { type: 'string' }, at: { type: ['string', 'null'] } }, required: ['id'] }

describe('repeatedSchemas', () => {
  test('a schema sent again is canonicalized once, and each answer is what canonicalizing it returns', () => {
    const { calls, canonical } = counted()
    const answers = [canonical(shared), canonical(structuredClone(shared)), canonical({ ...shared, required: [] })]
    expect(calls).toHaveLength(2)
    expect(answers).toEqual([canonicalizeSchema(shared), canonicalizeSchema(shared), canonicalizeSchema({ ...shared, required: [] })])
  })

  test('each answer is its own object: changing one changes no other', () => {
    const { canonical } = counted()
    const first = canonical(shared)
    const second = canonical(shared)
    expect(second.schema).not.toBe(first.schema)
    ;(first.schema as Record<string, unknown>).title = 'changed'
    expect(canonical(shared)).toEqual(canonicalizeSchema(shared))
  })

  test('what a place could not judge comes back with every repeat', () => {
    const { calls, canonical } = counted()
    const external = { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } }
    expect(canonical(external).notRecorded).toHaveLength(1)
    expect(canonical(external).notRecorded).toEqual(canonicalizeSchema(external).notRecorded)
    expect(calls).toHaveLength(1)
  })

  test.each([
    { title: '-0 reads as 0 in JSON', value: { type: 'number', minimum: -0 } },
    { title: 'an undefined keyword reads as absent', value: { type: 'string', default: undefined } },
    { title: 'NaN reads as null', value: { type: 'number', maximum: Number.NaN } },
    { title: 'a hole reads as null', value: { enum: [1, , 2] } },
    { title: 'a class instance reads as {}', value: { type: 'object', default: new Map([['a', 1]]) } },
    { title: 'toJSON changes what JSON holds', value: { type: 'string', default: new Date(0) } },
  ])('a schema JSON text would not keep whole is canonicalized each time: $title', ({ value }) => {
    const { calls, canonical } = counted()
    canonical(value)
    canonical(value)
    expect(calls).toHaveLength(2)
  })
})

describe('normalizeSurface with repeated schemas', () => {
  test('tools sharing schemas record what tools with their own copies record, as separate objects', () => {
    const initialize = { protocolVersion: '2025-11-25', serverInfo: { name: 'demo', version: '1.0.0' }, capabilities: { tools: {} } }
    const tool = (name: string, schema: object) => ({ name, inputSchema: schema, outputSchema: schema })
    const once = normalizeSurface({ initialize, tools: [tool('a', shared), tool('b', shared)] })
    const copies = normalizeSurface({ initialize, tools: [tool('a', structuredClone(shared))] })
    const alone = normalizeSurface({ initialize, tools: [tool('b', structuredClone(shared))] })
    expect(once.tools).toEqual([...(copies.tools ?? []), ...(alone.tools ?? [])])
    expect(once.tools?.[0]?.inputSchema).not.toBe(once.tools?.[1]?.inputSchema)
    expect(once.tools?.[0]?.inputSchema).not.toBe(once.tools?.[0]?.outputSchema)
  })
})
