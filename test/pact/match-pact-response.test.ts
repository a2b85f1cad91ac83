import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { McpError } from '@modelcontextprotocol/sdk/types.js'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { consumerRecordingOf, recordConsumer } from '../../src/consumer/record/record-consumer.js'
import { exportPact } from '../../src/pact/export-pact.js'
import { matchPactResponse } from '../../src/pact/match-pact-response.js'
import type { McpInteraction } from '../../src/pact/pact-model.js'
import { readPact } from '../../src/pact/read-pact.js'
import { runCheckout } from '../fixtures/consumers/checkout-flow.js'
import { createShopServer, type ShopVariant } from '../fixtures/servers/shop-server.js'
import { createWeatherServer, type WeatherVariant } from '../fixtures/servers/weather-server.js'
import { ROOT } from '../support/run-cli-process.js'

const FIXTURES = join(ROOT, 'test/fixtures/pact')
const open: Client[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()))
})

async function connect(server: McpServer): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const client = new Client({ name: 'weather-agent', version: '1.0.0' })
  await client.connect(clientSide)
  open.push(client)
  return client
}

/** Really calls the tool an interaction names; a JSON-RPC error becomes `{ error }`, as the plugin's matching reads it. */
async function call(client: Client, interaction: McpInteraction): Promise<unknown> {
  try {
    return await client.callTool(interaction.request as { name: string; arguments?: Record<string, unknown> })
  } catch (error) {
    if (error instanceof McpError) return { error: { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) } }
    throw error
  }
}

describe('matchPactResponse follows the Pact MCP plugin’s conformance fixtures', () => {
  const files = readdirSync(join(FIXTURES, 'conformance')).filter((name) => name.endsWith('.json'))
  test.each(files)('%s', (name) => {
    const fixture = JSON.parse(readFileSync(join(FIXTURES, 'conformance', name), 'utf8'))
    const pact = readPact(
      {
        consumer: { name: 'c' },
        provider: { name: 'p' },
        interactions: [{ type: 'Synchronous/Messages', description: fixture.description, contents: { 'pact:content-type': 'application/mcp+json', mcp: fixture.interaction.mcp }, matchingRules: fixture.interaction.matchingRules }],
        metadata: { pactSpecification: { version: '4.0' } },
      },
      name,
    )
    const verdict = matchPactResponse(pact.interactions[0], fixture.actual)
    expect(verdict.ok).toBe(fixture.expected.match)
    expect(verdict.mismatches.map((mismatch) => mismatch.path).sort()).toEqual([...fixture.expected.mismatchPaths].sort())
  })
})

describe('matchPactResponse judges real calls to a real SDK server', () => {
  const provider = readPact(JSON.parse(readFileSync(join(FIXTURES, 'plugin-pacts/provider-stdio-weather-agent-weather-mcp.json'), 'utf8')), 'provider pact')

  async function judge(variant: WeatherVariant) {
    const client = await connect(createWeatherServer(variant))
    const verdicts = []
    for (const interaction of provider.interactions) verdicts.push({ interaction: interaction.description, ...matchPactResponse(interaction, await call(client, interaction)) })
    return verdicts
  }

  test.each(readdirSync(join(FIXTURES, 'plugin-pacts')))('%s: every interaction is satisfied by a server that serves what it describes', async (name) => {
    const pact = readPact(JSON.parse(readFileSync(join(FIXTURES, 'plugin-pacts', name), 'utf8')), name)
    const client = await connect(createWeatherServer('honors'))
    for (const interaction of pact.interactions) expect({ interaction: interaction.description, ...matchPactResponse(interaction, await call(client, interaction)) }).toMatchObject({ ok: true, mismatches: [] })
  })

  test('a server that honours the pact satisfies every interaction, the expected isError: true included', async () => {
    expect((await judge('honors')).map(({ interaction, ok }) => ({ interaction, ok }))).toEqual(provider.interactions.map((interaction) => ({ interaction: interaction.description, ok: true })))
  })

  test('a server that answers otherwise: the exact text and the expected tool error fail, the type-matched text passes', async () => {
    expect(await judge('lying')).toMatchSnapshot()
  })

  test('a call the server refuses is a JSON-RPC error where the pact expects a result', async () => {
    const client = await connect(createWeatherServer('renamed'))
    const [melbourne] = provider.interactions
    const result = await call(client, melbourne)
    expect(matchPactResponse(melbourne, result)).toMatchObject({ ok: false })
  })
})

describe('matchPactResponse takes an interaction as it stands in a pact file', () => {
  const file = (name: string) => JSON.parse(readFileSync(join(FIXTURES, 'plugin-pacts', name), 'utf8')) as { interactions: { [key: string]: unknown }[] }

  test.each(readdirSync(join(FIXTURES, 'plugin-pacts')))('%s: each raw interaction gets the verdict its read form gets', async (name) => {
    const raw = file(name).interactions
    const read = readPact(file(name), name).interactions
    for (const variant of ['honors', 'lying'] as const) {
      const client = await connect(createWeatherServer(variant))
      for (const [index, interaction] of read.entries()) {
        const answer = await call(client, interaction)
        expect(matchPactResponse(raw[index], answer)).toEqual(matchPactResponse(interaction, answer))
      }
    }
  })

  test.each([
    { title: 'an HTTP interaction', interaction: { type: 'Synchronous/HTTP', description: 'a GET of /health', request: { method: 'GET', path: '/health' }, response: { status: 200 } } },
    { title: 'not an interaction', interaction: { city: 'Melbourne' } },
  ])('$title is refused, naming readPact', ({ interaction }) => {
    expect(() => matchPactResponse(interaction, { content: [] })).toThrowErrorMatchingSnapshot()
  })
})

describe('matchPactResponse judges an exported pact against real calls', () => {
  async function exportedInteractions() {
    const client = recordConsumer(await connect(createShopServer()), { consumer: 'checkout-agent', redact: ['token'] })
    await runCheckout(client, 'blue')
    const pact = exportPact(await consumerRecordingOf(client)!.contract(), 'shop')
    return readPact(JSON.parse(pact.text), pact.fileName).interactions.filter((interaction) => interaction.request.name === 'search_products')
  }

  test.each<[ShopVariant, boolean]>([
    ['base', true],
    ['drop-unread-field', true],
    ['drop-read-field', false],
  ])('%s: ok %s — a type rule checks each read field’s JSON type, whatever its value', async (variant, ok) => {
    const [search] = await exportedInteractions()
    const client = await connect(createShopServer(variant))
    const verdict = matchPactResponse(search, await call(client, search))
    expect(verdict.ok).toBe(ok)
    if (!ok) expect(verdict.mismatches).toMatchSnapshot()
  })

  test('a field of the wrong JSON type fails its type rule', async () => {
    const [search] = await exportedInteractions()
    const verdict = matchPactResponse(search, { content: [], structuredContent: { items: [{ name: 'mug', priceCents: '12.00' }] } })
    expect(verdict).toEqual({ ok: false, mismatches: [{ path: '$.structuredContent.items[0].priceCents', message: 'expected number, got "12.00"' }] })
  })
})
