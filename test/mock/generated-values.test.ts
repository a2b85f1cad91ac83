import { generateSync } from 'json-schema-faker'
import { beforeAll, expect, test } from 'vitest'
import { mockServer } from '../../src/mock/mock-server.js'
import type { Schema, Surface } from '../../src/surface/types.js'
import { ajvAccepts } from '../schema/support.js'
import { connectMock } from './connect-mock.js'
import { CONTRACT_FIXTURES } from './fixture-contracts.js'

const SEEDS = Array.from({ length: 20 }, (_, index) => index + 1)
const contracts = new Map<string, Surface>()
beforeAll(async () => {
  for (const fixture of CONTRACT_FIXTURES) contracts.set(fixture.name, await fixture.contract())
})

/** Valid arguments for a tool, made independently of the mock and checked by the test's own Ajv. */
function validArguments(schema: Schema): Record<string, unknown> | undefined {
  if (accepts(schema, {}) === true) return {}
  for (let seed = 1; seed <= 20; seed++) {
    try {
      const value = generateSync(schema as never, { seed, refDepthMax: 2 })
      // Why objects only: tools/call sends arguments as a JSON object, whatever a schema allows.
      if (typeof value === 'object' && value !== null && !Array.isArray(value) && ajvAccepts(schema, value)) return value as Record<string, unknown>
    } catch {
      // an uncompilable schema (an external $ref) or one the generator cannot satisfy: try the next seed
    }
  }
  return undefined
}

const accepts = (schema: Schema, value: unknown) => {
  try {
    return ajvAccepts(schema, value)
  } catch (error) {
    return `schema does not compile: ${(error as Error).message}`
  }
}

test('every tool of every fixture, at 20 seeds: a valid call gets a value its outputSchema accepts, or an error result saying why', async () => {
  const refused: string[] = []
  let checked = 0
  for (const [name, contract] of contracts) {
    const calls = (contract.tools ?? []).map((tool) => ({ tool, args: validArguments(tool.inputSchema) }))
    await using first = await connectMock(mockServer(contract))
    for (const { tool, args } of calls) {
      if (args !== undefined) continue
      // No valid arguments can be made: a call with none must still get an answer, an error result.
      const result = await first.callTool({ name: tool.name, arguments: {} })
      refused.push(`${name} · ${tool.name} · no valid arguments, called with {}: ${result.isError ? '' : 'ACCEPTED '}${(result.content as { text: string }[])[0].text}`)
    }
    for (const seed of SEEDS) {
      await using client = await connectMock(mockServer(contract, { seed }))
      for (const { tool, args } of calls) {
        if (args === undefined) continue
        const result = await client.callTool({ name: tool.name, arguments: args })
        if (result.isError) {
          if (seed === 1) refused.push(`${name} · ${tool.name}: ${(result.content as { text: string }[])[0].text}`)
          continue
        }
        if (tool.outputSchema === undefined) {
          expect(result).toEqual({ content: [{ type: 'text', text: expect.any(String) }] })
          continue
        }
        expect(accepts(tool.outputSchema, result.structuredContent), `${name} · ${tool.name} · seed ${seed}`).toBe(true)
        expect(JSON.parse((result.content as { text: string }[])[0].text)).toEqual(result.structuredContent)
        checked++
      }
    }
  }
  expect(checked).toBeGreaterThan(1000)
  // What cannot be answered is pinned: each one an error result that says why, never an invalid value.
  expect(refused).toMatchSnapshot()
})

test('generated values are deterministic for a seed, a tool and its arguments, and vary with each', async () => {
  const contract = contracts.get('catalog v1 (McpServer)')!
  const call = async (seed: number, query: string) => {
    await using client = await connectMock(mockServer(contract, { seed }))
    return (await client.callTool({ name: 'search_products', arguments: { query, limit: 5 } })).structuredContent
  }
  const first = await call(1, 'tea')
  expect(await call(1, 'tea')).toEqual(first)
  expect(await call(2, 'tea')).not.toEqual(first)
  expect(await call(1, 'coffee')).not.toEqual(first)
})
