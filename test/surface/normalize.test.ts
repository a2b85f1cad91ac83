import { describe, expect, test } from 'vitest'
import { serializeContract } from '../../src/contract/contract-file.js'
import { normalizeSurface } from '../../src/surface/normalize.js'
import type { RawSurface } from '../../src/surface/types.js'

const initialize = { protocolVersion: '2025-11-25', serverInfo: { name: 'demo', version: '1.2.3' }, capabilities: { tools: { listChanged: true } } }

describe('normalizeSurface', () => {
  test('an omitted hint is the spec default; taskSupport defaults to forbidden', () => {
    const surface = normalizeSurface({ initialize, tools: [{ name: 'a', inputSchema: { type: 'object' } }] })
    expect(surface.tools?.[0]).toMatchObject({
      hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
      taskSupport: 'forbidden',
    })
  })

  test('explicit defaults and omitted ones record the same contract', () => {
    const omitted = normalizeSurface({ initialize, tools: [{ name: 'a', inputSchema: { type: 'object' } }] })
    const explicit = normalizeSurface({
      initialize,
      tools: [
        {
          name: 'a',
          inputSchema: { type: 'object' },
          annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
          execution: { taskSupport: 'forbidden' },
        },
      ],
    })
    expect(serializeContract(explicit)).toBe(serializeContract(omitted))
  })

  test('volatile metadata is never recorded (the server version only as metadata)', () => {
    const noisy: RawSurface = {
      initialize: {
        ...initialize,
        serverInfo: { name: 'demo', version: '9.9.9' },
        capabilities: { tools: { listChanged: true }, experimental: { tracing: {} }, logging: false },
      },
      tools: [{ name: 'a', inputSchema: { type: 'object' }, _meta: { trace: 'abc' }, ttlMs: 5000, cacheScope: 'session', resultType: 'x' }],
      resources: [{ uri: 'file:///a', name: 'a', size: 10, annotations: { lastModified: '2026-01-01T00:00:00Z', priority: 0.5 } }],
    }
    const quiet: RawSurface = {
      initialize,
      tools: [{ name: 'a', inputSchema: { type: 'object' } }],
      resources: [{ uri: 'file:///a', name: 'a', annotations: { priority: 0.5 } }],
    }
    // Why the version aside: it is kept as metadata for version advice, never compared (test/diff/version-advice.test.ts).
    const { serverVersion, ...rest } = normalizeSurface(noisy)
    expect(serverVersion).toBe('9.9.9')
    expect(serializeContract(rest)).toBe(serializeContract({ ...normalizeSurface(quiet), serverVersion: undefined }))
    expect(serializeContract(rest)).not.toMatch(/9\.9\.9|2025-11-25|experimental|lastModified|ttlMs|trace/)
  })

  test('both SDK spellings of the schemas are read', () => {
    const camel = normalizeSurface({ initialize, tools: [{ name: 'a', inputSchema: { type: 'object', properties: { q: { type: 'string' } } }, outputSchema: { type: 'object' } }] })
    const snake = normalizeSurface({ initialize, tools: [{ name: 'a', input_schema: { type: 'object', properties: { q: { type: 'string' } } }, output_schema: { type: 'object' } }] })
    expect(snake).toEqual(camel)
    expect(camel.tools?.[0].outputSchema).toBeDefined()
  })

  test('entities are sorted by key, names NFC-normalized, duplicates listed under not recorded', () => {
    const decomposed = 'cafe\u0301'
    const surface = normalizeSurface({
      initialize,
      tools: [
        { name: 'zeta', inputSchema: { type: 'object' } },
        { name: decomposed, inputSchema: { type: 'object' } },
        { name: 'alpha', inputSchema: { type: 'object' } },
        { name: 'alpha', inputSchema: { type: 'object', properties: { x: { type: 'string' } } } },
      ],
      prompts: [{ name: 'p', arguments: [{ name: 'z' }, { name: 'a', required: true }] }],
    })
    expect(surface.tools?.map((tool) => tool.name)).toEqual(['alpha', 'café', 'zeta'])
    expect(surface.prompts?.[0].arguments).toEqual([
      { name: 'a', required: true },
      { name: 'z', required: false },
    ])
    expect(surface.notRecorded).toEqual([{ entity: 'tool', name: 'alpha', path: '', reason: 'the server lists alpha more than once; only the first is recorded' }])
  })

  test('a list the server does not offer stays absent; an empty one stays empty', () => {
    const surface = normalizeSurface({ initialize, tools: [], prompts: undefined })
    expect(surface.tools).toEqual([])
    expect('prompts' in surface).toBe(false)
  })

  test('title falls back to annotations.title; empty strings are not recorded', () => {
    const surface = normalizeSurface({ initialize, tools: [{ name: 'a', description: '', inputSchema: { type: 'object' }, annotations: { title: 'A tool' } }] })
    expect(surface.tools?.[0]).toMatchObject({ title: 'A tool' })
    expect(surface.tools?.[0]).not.toHaveProperty('description')
  })
})

test('arguments named like Object.prototype members are recorded like any other', () => {
  const names = ['constructor', 'toString', 'valueOf', 'hasOwnProperty']
  const properties = Object.fromEntries(names.map((name) => [name, { type: 'string' }]))
  const surface = normalizeSurface({ initialize, tools: [{ name: 'a', inputSchema: { type: 'object', properties, required: ['constructor'] } }] })
  expect(Object.keys((surface.tools?.[0].inputSchema as { properties: object }).properties).sort()).toEqual([...names].sort())
  expect(surface.notRecorded).toEqual([])
})

test('a property named __proto__ is listed as not recorded, never silently lost', () => {
  const tool = JSON.parse('{"name":"a","inputSchema":{"type":"object","properties":{"__proto__":{"type":"string"},"b":{"type":"object","properties":{"__proto__":{"type":"number"}}}}}}')
  const surface = normalizeSurface({ initialize, tools: [tool] })
  const properties = (surface.tools?.[0].inputSchema as { properties: Record<string, { properties: object }> }).properties
  expect(Object.keys(properties)).toEqual(['b'])
  expect(Object.getPrototypeOf(properties)).toBe(Object.prototype)
  expect(properties.b).toEqual({ type: 'object' })
  const reason = 'a properties key named __proto__ cannot be recorded; changes to it are not seen'
  expect(surface.notRecorded).toEqual([
    { entity: 'tool', name: 'a', path: '', reason },
    { entity: 'tool', name: 'a', path: 'b', reason },
  ])
})

test('a schema keyword named __proto__ is listed as not recorded, and the keywords beside it are kept', () => {
  const tool = JSON.parse('{"name":"a","inputSchema":{"type":"object","properties":{"b":{"type":"string","__proto__":{"maxLength":3},"minLength":1}}}}')
  const surface = normalizeSurface({ initialize, tools: [tool] })
  const b = (surface.tools?.[0].inputSchema as { properties: Record<string, object> }).properties.b
  expect(b).toEqual({ type: 'string', minLength: 1 })
  expect(Object.getPrototypeOf(b)).toBe(Object.prototype)
  expect(surface.notRecorded).toEqual([{ entity: 'tool', name: 'a', path: 'b', reason: 'a keyword named __proto__ cannot be recorded; changes to it are not seen' }])
})

describe('deep nesting', () => {
  const nested = (levels: number, leaf: unknown): unknown => {
    let schema = leaf
    for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { n: schema } }
    return schema
  }

  test('1,500 nested properties: not recorded with the limit, never a stack overflow', () => {
    const surface = normalizeSurface({ initialize: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } }, tools: [{ name: 'deep', inputSchema: nested(1500, { type: 'string' }) }] })
    expect(surface.tools?.[0]?.inputSchema).toBe(true)
    expect(surface.notRecorded).toEqual([
      { entity: 'tool', name: 'deep', path: '', reason: 'nested more than 500 levels deep (at properties/n/properties/n/properties/n/…); read as accepting anything, changes to it are not seen' },
    ])
  })

  test('20,000 nested properties: the same, and argument headers are looked for without a stack overflow', () => {
    const surface = normalizeSurface({ initialize: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } }, tools: [{ name: 'deep', inputSchema: nested(20_000, { type: 'string' }) }] })
    expect(surface.tools?.[0]?.inputSchema).toBe(true)
    expect(surface.notRecorded?.map((entry) => entry.reason)).toEqual([expect.stringMatching(/^nested more than 500 levels deep/)])
  })

  test('a schema within the limit is recorded as usual', () => {
    const surface = normalizeSurface({ initialize: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } }, tools: [{ name: 'deep', inputSchema: nested(200, { type: 'string' }) }] })
    expect(surface.notRecorded).toEqual([])
  })
})
