import { Client as Client1 } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { Client as Client2, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { Server as Server2, createMcpHandler } from '@modelcontextprotocol/server'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { lintSurface } from '../../src/lint/lint-surface.js'
import { RULE_FIXTURES, type RawLists, type SdkClient } from './rule-fixtures.js'

// The sdk-typescript rules are claims about what the real clients do. Each fixture is served raw
// by a low-level SDK Server (its list handlers return the lists untouched) and read by the 1.x
// and the 2.x Client: a violating surface must be refused by exactly the clients the rule names,
// a satisfying one taken by both, and lint must agree with the clients on every fixture.

const LIST_CALLS = [
  ['tools', 'listTools'],
  ['prompts', 'listPrompts'],
  ['resources', 'listResources'],
  ['resourceTemplates', 'listResourceTemplates'],
] as const

type Outcome = 'listed' | 'refused'

/** Serves `lists` raw and reads every list with one client; `refused` when any list call throws. */
async function listWith(client: SdkClient, lists: RawLists): Promise<Outcome> {
  const server = new Server({ name: 'fixture', version: '1.0.0' }, { capabilities: { tools: {}, prompts: {}, resources: {} } })
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: lists.tools ?? [] }) as never)
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: lists.prompts ?? [] }) as never)
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: lists.resources ?? [] }) as never)
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: lists.resourceTemplates ?? [] }) as never)
  server.setRequestHandler(CallToolRequestSchema, () => ({ content: [], structuredContent: { a: 'x' } }))
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const sdk = client === '1.x' ? new Client1({ name: 'lint-test', version: '1.0.0' }) : new Client2({ name: 'lint-test', version: '1.0.0' })
  await sdk.connect(clientSide as never)
  try {
    for (const [key, call] of LIST_CALLS) {
      if (lists[key] === undefined) continue
      await (sdk[call] as () => Promise<unknown>).call(sdk)
    }
    return 'listed'
  } catch {
    return 'refused'
  } finally {
    await sdk.close()
    await server.close()
  }
}

// Why silenced: the clients log what they refuse or ignore (unknown formats, missing capabilities).
beforeAll(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'debug').mockImplementation(() => {})
})
afterAll(() => vi.restoreAllMocks())

const sdkFixtures = RULE_FIXTURES.filter((fixture) => fixture.profile === 'sdk-typescript')

describe.each(sdkFixtures)('sdk-typescript $rule', ({ rule, violates, satisfies, refusedBy = [] }) => {
  test.each(violates.map((lists) => ({ lists, shown: JSON.stringify(lists) })))(`refused by ${refusedBy.join(' and ')}: $shown`, async ({ lists }) => {
    const outcomes = { '1.x': await listWith('1.x', lists), '2.x': await listWith('2.x', lists) }
    expect(outcomes).toEqual({ '1.x': refusedBy.includes('1.x') ? 'refused' : 'listed', '2.x': refusedBy.includes('2.x') ? 'refused' : 'listed' })
    const report = lintSurface({ raw: { initialize: {}, ...lists } }, ['sdk-typescript'])
    expect(report.violations.map((violation) => violation.rule)).toContain(rule)
    expect(report.refusals.length > 0).toBe(true)
  })

  test(`taken by both: ${JSON.stringify(satisfies)}`, async () => {
    expect({ '1.x': await listWith('1.x', satisfies), '2.x': await listWith('2.x', satisfies) }).toEqual({ '1.x': 'listed', '2.x': 'listed' })
    expect(lintSurface({ raw: { initialize: {}, ...satisfies } }, ['sdk-typescript']).violations).toEqual([])
  })
})

test('2.x lists a tool whose outputSchema does not compile, then refuses to call it', async () => {
  const lists = { tools: [{ name: 'search', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } } }] }
  const server = new Server({ name: 'fixture', version: '1.0.0' }, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, () => lists as never)
  server.setRequestHandler(CallToolRequestSchema, () => ({ content: [], structuredContent: { a: 'x' } }))
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const client = new Client2({ name: 'lint-test', version: '1.0.0' })
  await client.connect(clientSide as never)
  try {
    expect((await client.listTools()).tools).toHaveLength(1)
    await expect(client.callTool({ name: 'search', arguments: {} })).rejects.toThrow(/missing/)
  } finally {
    await client.close()
    await server.close()
  }
})

/** Serves `tools` raw from an SDK 2.x server speaking 2026-07-28 and lists them with a 2.x client pinned to that revision. */
async function listOn2026(tools: Record<string, unknown>[]): Promise<Outcome> {
  const handler = createMcpHandler(() => {
    const server = new Server2({ name: 'fixture', version: '1.0.0' }, { capabilities: { tools: {} } })
    server.setRequestHandler('tools/list', () => ({ tools }) as never)
    return server
  })
  const client = new Client2({ name: 'lint-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } })
  // Why no socket: the handler is a fetch function; the client's transport calls it directly.
  const fetch = (url: string | URL, init?: RequestInit) => handler.fetch(new Request(url, init))
  await client.connect(new StreamableHTTPClientTransport(new URL('http://127.0.0.1/mcp'), { fetch: fetch as never }))
  try {
    expect(client.getProtocolEra()).toBe('modern')
    await client.listTools()
    return 'listed'
  } catch {
    return 'refused'
  } finally {
    await client.close()
  }
}

test('on a 2026-07-28 connection, 2.x takes any output root and still refuses a non-object input root', async () => {
  const fixturesOf = (rule: string) => sdkFixtures.find((fixture) => fixture.rule === rule)!.violates.map((lists) => lists.tools!)
  for (const tools of fixturesOf('tool-output-schema-object-root')) expect(await listOn2026(tools), JSON.stringify(tools)).toBe('listed')
  for (const tools of fixturesOf('tool-input-schema-object-root')) expect(await listOn2026(tools), JSON.stringify(tools)).toBe('refused')
})
