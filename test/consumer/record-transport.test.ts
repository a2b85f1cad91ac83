import { Client as ClientV2, InMemoryTransport as InMemoryTransportV2 } from '@modelcontextprotocol/client'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, describe, expect, test } from 'vitest'
import { serializeConsumerContract } from '../../src/consumer/consumer-contract.js'
import { captureSurface } from '../../src/capture/capture-surface.js'
import { consumerRecordingOf, recordConsumer } from '../../src/consumer/record/record-consumer.js'
import { recordTransport } from '../../src/consumer/record/record-transport.js'
import { verifyConsumer } from '../../src/consumer/verify/verify-consumer.js'
import { formatConsumerVerdicts } from '../../src/report/format-consumers.js'
import { startHttpCatalog, type HttpCatalog } from '../capture/fixture-servers.js'
import { createShopServer } from '../fixtures/servers/shop-server.js'
import { fixture } from '../support/run-cli-process.js'

const closing: { close(): Promise<unknown> }[] = []
let http: HttpCatalog | undefined
afterEach(async () => {
  await Promise.all(closing.splice(0).map((client) => client.close()))
  await http?.stop()
  http = undefined
})

describe('recordTransport', () => {
  test('SDK 1.x in-memory: calls, arguments, hints from the client’s own listing, the provider', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await createShopServer().connect(serverSide)
    const transport = recordTransport(clientSide, { consumer: 'checkout-agent', redact: ['token'] })
    const client = new Client({ name: 'checkout-agent', version: '1.0.0' })
    await client.connect(transport)
    closing.push(client)
    await client.listTools()
    await client.callTool({ name: 'search_products', arguments: { query: 'mug' } })
    await client.callTool({ name: 'place_order', arguments: { sku: 'A1', quantity: 1, token: 'secret-token' } })
    await client.getPrompt({ name: 'order_summary', arguments: { orderId: 'o-1' } })
    await client.readResource({ uri: 'shop://catalog' })
    const contract = await consumerRecordingOf(transport)!.contract()
    const text = serializeConsumerContract(contract)
    expect(text).not.toContain('secret-token')
    expect(contract).toMatchObject({
      format: 2,
      consumer: 'checkout-agent',
      provider: 'shop',
      readsObserved: false,
      tools: [
        { name: 'search_products', examples: [{ query: 'mug' }], hints: { readOnlyHint: true }, reads: [] },
        { name: 'place_order', examples: [{ sku: 'A1', quantity: 1, token: '[redacted]' }] },
      ],
      prompts: [{ name: 'order_summary', arguments: ['orderId'] }],
      resources: [{ uri: 'shop://catalog' }],
    })
  })

  test('the SDK Client copies each result while parsing it, so reads through its transport are not seen: recordConsumer sees them', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await createShopServer().connect(serverSide)
    const transport = recordTransport(clientSide, { consumer: 'c' })
    const client = recordConsumer(new Client({ name: 'c', version: '1.0.0' }), { consumer: 'c' })
    await client.connect(transport)
    closing.push(client)
    const found = await client.callTool({ name: 'search_products', arguments: { query: 'mug' } })
    expect((found.structuredContent as { total: number }).total).toBe(1)
    expect(await consumerRecordingOf(transport)!.contract()).toMatchObject({ readsObserved: false, tools: [{ reads: [] }] })
    expect(await consumerRecordingOf(client)!.contract()).not.toHaveProperty('readsObserved')
    expect((await consumerRecordingOf(client)!.contract()).tools[0].reads).toEqual(['total'])
  })

  test('under an SDK 1.x Client, which copies each result with zod, the contract says reads were not observed, and verify says so', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await createShopServer().connect(serverSide)
    const transport = recordTransport(clientSide, { consumer: 'checkout-agent' })
    const client = new Client({ name: 'checkout-agent', version: '1.0.0' })
    await client.connect(transport)
    closing.push(client)
    await client.listTools()
    const found = await client.callTool({ name: 'search_products', arguments: { query: 'mug' } })
    // Why both: the Client copies the top level of structuredContent and shares what lies below,
    // so the read of items[].priceCents comes through and the read of total does not.
    const output = found.structuredContent as { total: number; items: { priceCents: number }[] }
    expect([output.total, output.items[0].priceCents]).toEqual([1, 1200])
    const contract = await consumerRecordingOf(transport)!.contract()
    expect(contract).toMatchObject({ format: 2, readsObserved: false, tools: [{ name: 'search_products', reads: ['items[].priceCents'] }] })
    expect(contract.tools[0].output).toBeDefined()
    const report = await verifyConsumer(contract, await captureSurface(createShopServer('drop-read-field')))
    expect(formatConsumerVerdicts([{ consumer: contract.consumer, file: 'contracts/checkout-agent.mcp-consumer.json', report, readsObserved: false }])).toMatchInlineSnapshot(`
      "consumer        file                                        verdict
      checkout-agent  contracts/checkout-agent.mcp-consumer.json  breaks (1 change)

      checkout-agent (contracts/checkout-agent.mcp-consumer.json):
        output reads were not all observed when this contract was recorded (from the wire by mcp-contract record, or through a client that copies each result before the consumer's code reads it, as the SDK's Client does under recordTransport), so a field the code reads may change unseen; for an SDK Client, record with recordConsumer(client) instead
        tool search_products · 1 breaking
          breaking  output-field-removed  output items[].priceCents
              field removed; readers that rely on it break
        1 change · 1 breaking — fails at risky and above

      1 of 1 consumer breaks
      "
    `)
  })

  test('under an SDK 2.x Client the contract says reads were not observed too', async () => {
    const { McpServer } = await import('@modelcontextprotocol/server')
    const { z } = await import('zod')
    const server = new McpServer({ name: 'weather-2', version: '2.0.0' })
    const outputSchema = z.object({ temperature: z.number(), conditions: z.string() })
    server.registerTool('get_weather', { inputSchema: z.object({ city: z.string() }), outputSchema }, async () => ({ content: [{ type: 'text', text: '21' }], structuredContent: { temperature: 21, conditions: 'sunny' } }))
    const [clientSide, serverSide] = InMemoryTransportV2.createLinkedPair()
    await server.connect(serverSide)
    const transport = recordTransport(clientSide, { consumer: 'agent' })
    const client = new ClientV2({ name: 'agent', version: '1.0.0' })
    await client.connect(transport)
    closing.push(client)
    await client.listTools()
    const answer = await client.callTool({ name: 'get_weather', arguments: { city: 'Oslo' } })
    expect((answer.structuredContent as { temperature: number }).temperature).toBe(21)
    expect(serializeConsumerContract(await consumerRecordingOf(transport)!.contract())).toMatchInlineSnapshot(`
      "{
        "format": 2,
        "consumer": "agent",
        "provider": "weather-2",
        "readsObserved": false,
        "tools": [
          {
            "name": "get_weather",
            "hints": {
              "readOnlyHint": false,
              "destructiveHint": true,
              "idempotentHint": false,
              "openWorldHint": true
            },
            "textDigest": "sha256:04f7b161362d01c5b8ae169a5c3bd3a60f15e5a6a2dbae28143eddc9071db1fa",
            "examples": [
              {
                "city": "Oslo"
              }
            ],
            "reads": [],
            "output": {
              "type": "object"
            }
          }
        ],
        "prompts": [],
        "resources": []
      }
      "
    `)
  })

  test('SDK 2.x in-memory client records the same way', async () => {
    const { McpServer } = await import('@modelcontextprotocol/server')
    const { z } = await import('zod')
    const server = new McpServer({ name: 'weather-2', version: '2.0.0' })
    server.registerTool('get_weather', { inputSchema: z.object({ city: z.string() }), annotations: { readOnlyHint: true } }, async ({ city }) => ({ content: [{ type: 'text', text: city }] }))
    const [clientSide, serverSide] = InMemoryTransportV2.createLinkedPair()
    await server.connect(serverSide)
    const transport = recordTransport(clientSide, { consumer: 'agent' })
    const client = new ClientV2({ name: 'agent', version: '1.0.0' })
    await client.connect(transport)
    closing.push(client)
    await client.callTool({ name: 'get_weather', arguments: { city: 'Oslo' } })
    expect(await consumerRecordingOf(transport)!.contract()).toMatchObject({ provider: 'weather-2', tools: [{ name: 'get_weather', examples: [{ city: 'Oslo' }] }] })
  })

  test('stdio subprocess: a call the server refuses is recorded too', async () => {
    const transport = recordTransport(new StdioClientTransport({ command: process.execPath, args: [fixture('weather.js')] }), { consumer: 'weather-agent' })
    const client = new Client({ name: 'weather-agent', version: '1.0.0' })
    await client.connect(transport)
    expect(transport.pid).toBeTypeOf('number')
    const answer = await client.callTool({ name: 'get_weather', arguments: { city: 'Melbourne' } })
    expect(answer.content).toEqual([{ type: 'text', text: 'Sunny, 22C' }])
    await client.callTool({ name: 'get_weather', arguments: { town: 42 } })
    await client.close()
    expect(await consumerRecordingOf(transport)!.contract()).toMatchObject({
      provider: 'weather-mcp',
      tools: [{ name: 'get_weather', examples: [{ city: 'Melbourne' }, { town: 42 }] }],
    })
  })

  test('Streamable HTTP: sessionId and setProtocolVersion read through to the transport', async () => {
    http = await startHttpCatalog()
    const inner = new StreamableHTTPClientTransport(new URL(http.url))
    const transport = recordTransport(inner, { consumer: 'catalog-agent' })
    const client = new Client({ name: 'catalog-agent', version: '1.0.0' })
    await client.connect(transport)
    closing.push(client)
    expect(transport.sessionId).toBeTypeOf('string')
    expect(transport.sessionId).toBe(inner.sessionId)
    expect(inner.protocolVersion).toBeTypeOf('string')
    await client.callTool({ name: 'get_product', arguments: { sku: 'A1' } })
    expect((await consumerRecordingOf(transport)!.contract()).tools.map((tool) => tool.name)).toEqual(['get_product'])
  })

  test('callbacks set on the wrapper after construction land on the transport; onmessage gets what the recorder hands on', async () => {
    // Why a transport as an object literal: the AI SDK's MCPTransport is only this shape, and its client sets the callbacks after construction.
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await createShopServer().connect(serverSide)
    const literal = {
      start: () => clientSide.start(),
      send: (message: JSONRPCMessage) => clientSide.send(message),
      close: () => clientSide.close(),
      onmessage: undefined as ((message: JSONRPCMessage) => void) | undefined,
      onclose: undefined as (() => void) | undefined,
      onerror: undefined as ((error: Error) => void) | undefined,
    }
    clientSide.onmessage = (message) => literal.onmessage?.(message)
    clientSide.onclose = () => literal.onclose?.()
    const transport = recordTransport(literal, { consumer: 'agent' })
    const received: JSONRPCMessage[] = []
    const onmessage = (message: JSONRPCMessage) => received.push(message)
    let closed = false
    transport.onmessage = onmessage
    transport.onclose = () => (closed = true)
    expect(transport.onmessage).toBe(onmessage)
    expect(typeof literal.onmessage).toBe('function')
    expect('start' in transport && 'send' in transport && 'close' in transport).toBe(true)
    await transport.start()
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'agent', version: '1' } } })
    await transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' })
    await transport.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search_products', arguments: { query: 'mug' } } })
    await expect.poll(() => received.length).toBe(2)
    const answer = received[1] as unknown as { result: { structuredContent: { items: { name: string }[] } } }
    expect(answer.result.structuredContent.items[0].name).toBe('mug mug')
    await transport.close()
    expect(closed).toBe(true)
    expect(await consumerRecordingOf(transport)!.contract()).toMatchObject({ provider: 'shop', tools: [{ name: 'search_products', reads: ['items[].name'] }] })
  })

  test.each([
    { title: 'no consumer name', transport: () => InMemoryTransport.createLinkedPair()[0], options: {} },
    { title: 'not a transport', transport: () => ({ send() {} }), options: { consumer: 'agent' } },
    { title: 'a client, not its transport', transport: () => new Client({ name: 'a', version: '1' }), options: { consumer: 'agent' } },
    { title: 'reads not by tool', transport: () => InMemoryTransport.createLinkedPair()[0], options: { consumer: 'agent', reads: ['temperature'] } },
  ])('refuses $title, saying what to pass', ({ transport, options }) => {
    expect(() => recordTransport(transport() as object, options as { consumer: string })).toThrowErrorMatchingSnapshot()
  })
})
