import { Client as ClientV2, InMemoryTransport as InMemoryTransportV2 } from '@modelcontextprotocol/client'
import { McpServer as McpServerV2 } from '@modelcontextprotocol/server'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { parseConsumerContract, serializeConsumerContract, type ConsumerContract } from '../../src/consumer/consumer-contract.js'
import { compareConsumerUse } from '../../src/consumer/verify/compare-consumer-use.js'
import { consumerRecordingOf, recordConsumer } from '../../src/consumer/record/record-consumer.js'
import { verifyConsumer } from '../../src/consumer/verify/verify-consumer.js'
import { captureSurface, formatReport } from '../../src/index.js'
import { runCheckout } from '../fixtures/consumers/checkout-flow.js'
import { createShopServer, type ShopVariant } from '../fixtures/servers/shop-server.js'
import { ROOT } from '../support/run-cli-process.js'

const open: Client[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()))
})

/** A real SDK client connected in-process to the shop provider. */
async function connect(variant: ShopVariant = 'base'): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await createShopServer(variant).connect(serverSide)
  const client = new Client({ name: 'checkout-agent', version: '1.0.0' })
  await client.connect(clientSide)
  open.push(client)
  return client
}

async function recordCheckout(): Promise<ConsumerContract> {
  const client = recordConsumer(await connect(), { consumer: 'checkout-agent', redact: ['token'] })
  const result = await runCheckout(client, 'blue')
  expect(result).toEqual({ cheapest: [{ name: 'blue mug', price: 1200 }], orderId: 'o-1' })
  await runCheckout(client, 'red')
  return consumerRecordingOf(client)!.contract()
}

describe('recordConsumer', () => {
  test('records tools with redacted examples (one per shape), the fields read, hints, the schema slice, prompts and resources', async () => {
    const contract = await recordCheckout()
    const text = serializeConsumerContract(contract)
    expect(parseConsumerContract(text, 'x.json')).toEqual(JSON.parse(text))
    expect(text).toMatchSnapshot()
    expect(text).not.toContain('secret-token')
  })

  test('the wrapped client behaves like the client: other methods and results pass through', async () => {
    const client = recordConsumer(await connect(), { consumer: 'c' })
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('search_products')
    expect(client.getServerVersion()).toEqual({ name: 'shop', version: '1.0.0' })
    const result = await client.callTool({ name: 'search_products', arguments: { query: 'x' } })
    expect(JSON.stringify(result.structuredContent)).toBe('{"items":[{"sku":"A1","name":"x mug","priceCents":1200,"stock":3}],"total":1}')
  })

  test('a structuredContent that breaks the advertised output schema is noted with the errors', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    const server = createShopServer()
    // Why a raw handler: the SDK server validates its own output, so a bad one must bypass it.
    server.server.setRequestHandler((await import('@modelcontextprotocol/sdk/types.js')).CallToolRequestSchema, async () => ({ content: [], structuredContent: { items: 'none', total: 1 } }))
    await server.connect(serverSide)
    const raw = new Client({ name: 'c', version: '1' })
    await raw.connect(clientSide)
    open.push(raw)
    const client = recordConsumer(raw, { consumer: 'c' })
    await client.callTool({ name: 'search_products', arguments: { query: 'x' } }).catch(() => undefined)
    expect(await consumerRecordingOf(client)!.violations()).toMatchInlineSnapshot(`
      [
        {
          "errors": "must be array at items",
          "tool": "search_products",
        },
      ]
    `)
  })

  test('an SDK 2.x client records the same way, with the server name it saw as the provider', async () => {
    const server = new McpServerV2({ name: 'shop-v2', version: '2.0.0' })
    server.registerTool('get_price', { inputSchema: z.object({ sku: z.string() }), outputSchema: z.object({ priceCents: z.number().int(), currency: z.string() }), annotations: { readOnlyHint: true } }, async () => ({
      content: [],
      structuredContent: { priceCents: 650, currency: 'EUR' },
    }))
    const [clientSide, serverSide] = InMemoryTransportV2.createLinkedPair()
    await server.connect(serverSide)
    const raw = new ClientV2({ name: 'price-agent', version: '1.0.0' })
    await raw.connect(clientSide)
    try {
      const client = recordConsumer(raw, { consumer: 'price-agent' })
      const result = await client.callTool({ name: 'get_price', arguments: { sku: 'T-1' } })
      expect((result.structuredContent as { priceCents: number }).priceCents).toBe(650)
      const contract = await consumerRecordingOf(client)!.contract()
      expect(contract).toMatchObject({ consumer: 'price-agent', provider: 'shop-v2', tools: [{ name: 'get_price', examples: [{ sku: 'T-1' }], reads: ['priceCents'] }] })
      expect(Object.keys(JSON.parse(serializeConsumerContract(contract)))).toEqual(['format', 'consumer', 'provider', 'tools', 'prompts', 'resources'])
    } finally {
      await raw.close()
    }
  })

  test('a contract without provider, as recorded before it was kept, still reads; an empty one does not', () => {
    const older = { format: 1, consumer: 'c', tools: [], prompts: [], resources: [] }
    expect(parseConsumerContract(JSON.stringify(older), 'older.json')).toEqual(older)
    expect(serializeConsumerContract(older as ConsumerContract)).not.toContain('provider')
    expect(() => parseConsumerContract(JSON.stringify({ ...older, provider: '' }), 'empty.json')).toThrowErrorMatchingInlineSnapshot(`[ConsumerContractError: empty.json is not a valid consumer contract: provider must NOT have fewer than 1 characters. mcp-consumer-contract.schema.json in the package describes the format; restore the file or record it again with -u.]`)
  })

  test('a provider contract is recognised and named as one, with what to pass instead', async () => {
    const provider = await readFile(join(ROOT, 'examples', 'vitest-in-memory', 'mcp-contract.json'), 'utf8')
    expect(() => parseConsumerContract(provider, 'mcp-contract.json')).toThrowErrorMatchingInlineSnapshot(`[ConsumerContractError: mcp-contract.json is a provider contract (a server's recorded surface, as mcp-contract snapshot and toHonorContract write it), not a consumer contract. Pass consumer contracts here, recorded in a consumer's tests with toMatchConsumerContract (*.mcp-consumer.json); check a provider contract with mcp-contract check or toHonorContract.]`)
  })

  /**
   * The public methods of each framework's client, as their classes have them (@ai-sdk/mcp 1.0
   * DefaultMCPClient, @langchain/mcp-adapters 1.1 MultiServerMCPClient, @mastra/mcp 0.14
   * MCPClient), mirrored from their public methods.
   */
  const shaped = (...names: string[]) => Object.fromEntries(names.map((name) => [name, () => undefined]))
  test.each([
    { title: 'an AI SDK MCP client (it has callTool and request too)', client: shaped('tools', 'toolsFromDefinitions', 'callTool', 'request', 'listTools', 'readResource', 'close', 'onElicitationRequest') },
    { title: "LangChain's MultiServerMCPClient", client: shaped('initializeConnections', 'getTools', 'getClient', 'readResource', 'close') },
    { title: "Mastra's MCPClient", client: shaped('getTools', 'getToolsets', 'getResources', 'disconnect') },
    { title: 'something with callTool and request only', client: shaped('callTool', 'request') },
    { title: 'not an object', client: 'client' },
  ])('recordConsumer refuses $title, naming the way to record it', ({ client }) => {
    expect(() => recordConsumer(client as never, { consumer: 'c' })).toThrowErrorMatchingSnapshot()
  })

  test('recordConsumer accepts SDK 1.x and 2.x clients by what only they have, and needs a name', async () => {
    expect(() => recordConsumer(new Client({ name: 'a', version: '1' }), { consumer: 'c' })).not.toThrow()
    expect(() => recordConsumer(new ClientV2({ name: 'a', version: '1' }), { consumer: 'c' })).not.toThrow()
    expect(() => recordConsumer({} as never, {} as never)).toThrowErrorMatchingInlineSnapshot(`[TypeError: recordConsumer needs the consumer's name: recordConsumer(client, { consumer: 'checkout-agent' }).]`)
  })
})

describe('verifyConsumer: each provider variant against the recorded consumer', () => {
  test.each([
    { variant: 'base' as const, ok: true },
    { variant: 'drop-read-field' as const, ok: false },
    { variant: 'drop-unread-field' as const, ok: true },
    { variant: 'new-required-arg' as const, ok: false },
    { variant: 'destructive' as const, ok: false },
    { variant: 'drop-unused-tool' as const, ok: true },
  ])('$variant → ok: $ok', async ({ variant, ok }) => {
    const contract = await recordCheckout()
    const report = await verifyConsumer(contract, await captureSurface(createShopServer(variant)))
    expect(report.ok).toBe(ok)
    expect(formatReport(report)).toMatchSnapshot()
  })
})

describe('compareConsumerUse', () => {
  test('a consumer that reads one more field and stops using the prompt', async () => {
    const before = await recordCheckout()
    const after: ConsumerContract = { ...before, prompts: [], tools: before.tools.map((tool) => (tool.name === 'search_products' ? { ...tool, reads: [...tool.reads, 'items[].sku'] } : tool)) }
    expect(compareConsumerUse(before, after)).toMatchSnapshot()
  })
})

describe('resources read through templates', () => {
  /** A real SDK server serving one resource template. */
  async function templated(uriTemplate: string) {
    const { McpServer, ResourceTemplate } = await import('@modelcontextprotocol/sdk/server/mcp.js')
    const server = new McpServer({ name: 'files', version: '1.0.0' })
    server.registerResource('files', new ResourceTemplate(uriTemplate, { list: undefined }), {}, async (uri) => ({ contents: [{ uri: uri.href, text: '' }] }))
    return captureSurface(server)
  }
  const reads = (uri: string): ConsumerContract => ({ format: 1, consumer: 'reader', tools: [], prompts: [], resources: [{ uri }] })

  test.each([
    { template: 'shop://products/{sku}', uri: 'shop://products/A1', ok: true },
    { template: 'file:///{+path}', uri: 'file:///docs/a.txt', ok: true },
    { template: 'file:///{path}', uri: 'file:///docs/a.txt', ok: false },
    { template: 'weather://{city}/current{?units}', uri: 'weather://paris/current?units=metric', ok: true },
    { template: 'weather://{city}/current{?units}', uri: 'weather://paris/current?lang=fr', ok: false },
  ])('$uri through $template → ok: $ok', async ({ template, uri, ok }) => {
    const report = await verifyConsumer(reads(uri), await templated(template))
    expect(report.ok).toBe(ok)
    if (!ok) expect(report.failing.map((change) => [change.kind, change.name])).toEqual([['resource-removed', uri]])
  })
})

describe('examples recorded in a state', () => {
  test('given is optional, sorted by state, and the examples in it are judged like the others', async () => {
    const contract: ConsumerContract = {
      format: 1,
      consumer: 'cart-agent',
      tools: [{ name: 'search_products', examples: [{ query: 'a' }], given: { 'b state': [{ query: 'b' }], 'a state': [{ limit: 2 }] }, reads: [] }],
      prompts: [],
      resources: [],
    }
    const text = serializeConsumerContract(contract)
    expect(Object.keys(JSON.parse(text).tools[0].given)).toEqual(['a state', 'b state'])
    expect(parseConsumerContract(text, 'x.mcp-consumer.json')).toEqual(JSON.parse(text))
    expect(serializeConsumerContract({ ...contract, tools: [{ ...contract.tools[0], given: undefined }] })).not.toContain('given')
    const report = await verifyConsumer(contract, await captureSurface(createShopServer()))
    expect(report.failing.map((change) => [change.kind, change.details?.given, change.details?.example])).toEqual([['consumer-example-rejected', 'a state', '{"limit":2}']])
    expect(compareConsumerUse({ ...contract, tools: [{ ...contract.tools[0], given: {} }] }, contract).map((change) => change.details)).toEqual([
      { use: 'example', shape: '{"query":string}', given: 'b state' },
      { use: 'example', shape: '{"limit":number}', given: 'a state' },
    ])
  })
})
