import { Client as ClientV2, InMemoryTransport as InMemoryTransportV2 } from '@modelcontextprotocol/client'
import { McpServer as McpServerV2 } from '@modelcontextprotocol/server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { captureRaw, type Target } from '../../src/capture/capture-raw.js'
import type { RawSurface } from '../../src/surface/types.js'
import { createCatalogServer } from '../fixtures/servers/catalog-server.js'
import { createPagedServer } from '../fixtures/servers/paged-server.js'
import { connectUserClient, startHttpCatalog, stdioFixture, type HttpCatalog } from './fixture-servers.js'

const CATALOG_V1_TOOLS = ['search_products', 'get_product', 'parse_catalog', 'tag_products', 'legacy_export']
const CATALOG_V2_TOOLS = ['search_products', 'get_product', 'parse_catalog', 'tag_products', 'bulk_import']

function names(items: Record<string, unknown>[] | undefined, key = 'name'): unknown[] | undefined {
  return items?.map((item) => item[key])
}

function expectCatalog(raw: RawSurface, tools: string[]): void {
  expect(raw.initialize.serverInfo).toMatchObject({ name: 'catalog', title: 'Product catalog' })
  expect(raw.initialize.capabilities).toMatchObject({ tools: {}, prompts: {}, resources: {} })
  expect(raw.initialize.instructions).toContain('Search the product catalog')
  expect(names(raw.tools)).toEqual(tools)
  expect(names(raw.prompts)).toEqual(['summarize_product'])
  expect(names(raw.resources, 'uri')).toEqual(['catalog://categories', 'catalog://featured'])
  expect(names(raw.resourceTemplates, 'uriTemplate')).toEqual(['catalog://products/{sku}'])
}

/** A small catalog built on SDK 2.x (`@modelcontextprotocol/server`). */
function createCatalogServerV2(): McpServerV2 {
  const server = new McpServerV2({ name: 'catalog-v2-sdk', version: '2.4.0' }, { instructions: 'Built on SDK 2.x.' })
  server.registerTool(
    'search_products',
    {
      description: 'Search the catalog.',
      inputSchema: z.object({ query: z.string(), filters: z.object({ city: z.string().optional() }).optional() }),
      annotations: { readOnlyHint: true },
    },
    async () => ({ content: [] }),
  )
  server.registerPrompt('summarize_product', { argsSchema: z.object({ sku: z.string() }) }, async () => ({ messages: [] }))
  return server
}

describe('in-process servers', () => {
  test('an SDK 1.x McpServer is connected, read in full, and closed again', async () => {
    const server = createCatalogServer('v1')
    const raw = await captureRaw(server)
    expectCatalog(raw, CATALOG_V1_TOOLS)
    const search = raw.tools?.find((tool) => tool.name === 'search_products')
    expect(search).toMatchObject({
      annotations: { readOnlyHint: true, openWorldHint: false },
      execution: { taskSupport: 'forbidden' },
      outputSchema: { type: 'object', required: ['items', 'total'] },
    })
    expect(server.isConnected()).toBe(false)
  })

  test('the same McpServer can be captured twice, because capture closes it', async () => {
    const server = createCatalogServer('v1')
    const first = await captureRaw(server)
    expect(await captureRaw(server)).toEqual(first)
  })

  test('a low-level Server is read with unknown fields kept and an unoffered list absent', async () => {
    const raw = await captureRaw(createPagedServer(1))
    expect(raw.initialize.serverInfo).toMatchObject({ name: 'paged' })
    expect(raw.tools).toHaveLength(12)
    expect(raw.tools?.[3]).toMatchObject({ name: 'tool_03', 'x-vendor-rank': 3 })
    expect(raw.prompts).toHaveLength(7)
    expect(raw.resources).toHaveLength(6)
    expect(raw.resourceTemplates).toBeUndefined()
    expect('resourceTemplates' in raw).toBe(false)
  })

  test('an SDK 2.x McpServer (@modelcontextprotocol/server) interoperates over the in-memory pair', async () => {
    const server = createCatalogServerV2()
    const raw = await captureRaw(server)
    expect(raw.initialize).toMatchObject({ serverInfo: { name: 'catalog-v2-sdk' }, instructions: 'Built on SDK 2.x.' })
    expect(raw.tools).toEqual([
      expect.objectContaining({
        name: 'search_products',
        annotations: { readOnlyHint: true },
        inputSchema: expect.objectContaining({ type: 'object', required: ['query'] }),
      }),
    ])
    expect(names(raw.prompts)).toEqual(['summarize_product'])
    expect(raw.resources).toBeUndefined()
    expect(raw.resourceTemplates).toBeUndefined()
    expect(server.isConnected()).toBe(false)
  })

  test.each([
    { title: 'a sync factory', factory: () => createCatalogServer('v2') },
    { title: 'an async factory', factory: async () => createCatalogServer('v2') },
  ])('$title is called and its server read', async ({ factory }) => {
    expectCatalog(await captureRaw(factory), CATALOG_V2_TOOLS)
  })
})

describe('a connected Client', () => {
  test('is used as is and left open', async () => {
    const server = createCatalogServer('v1')
    const client = await connectUserClient(server)
    try {
      expectCatalog(await captureRaw(client), CATALOG_V1_TOOLS)
      expect(server.isConnected()).toBe(true)
      await expect(client.ping()).resolves.toEqual({})
      expect(sameWire(await captureRaw(client))).toEqual(sameWire(await captureRaw(createCatalogServer('v1'))))
    } finally {
      await client.close()
    }
  })
})

describe('a connected SDK 2.x Client', () => {
  test.each([
    { title: 'an SDK 1.x server', createServer: () => createCatalogServer('v1') },
    { title: 'an SDK 2.x server', createServer: createCatalogServerV2 },
  ])('connected to $title is read as the 1.x Client reads it, and left open', async ({ createServer }) => {
    const [clientTransport, serverTransport] = InMemoryTransportV2.createLinkedPair()
    await createServer().connect(serverTransport)
    const client = new ClientV2({ name: 'user-client', version: '2.0.0' })
    await client.connect(clientTransport)
    try {
      const userClient = await connectUserClient(createServer())
      try {
        expect(await captureRaw(client)).toEqual(await captureRaw(userClient))
      } finally {
        await userClient.close()
      }
      await expect(client.ping()).resolves.toEqual({})
    } finally {
      await client.close()
    }
  })
})

describe('stdio', () => {
  test('catalog.js is read in full', async () => {
    expectCatalog(await captureRaw(stdioFixture('catalog.js')), CATALOG_V1_TOOLS)
  })

  test('env reaches the child: CATALOG_VARIANT=v2 serves the drifted catalog', async () => {
    expectCatalog(await captureRaw(stdioFixture('catalog.js', { CATALOG_VARIANT: 'v2' })), CATALOG_V2_TOOLS)
  })

  test('a relative script resolves against cwd', async () => {
    const target: Target = { command: 'node', args: ['catalog.js'], cwd: new URL('../fixtures/servers/', import.meta.url).pathname }
    expectCatalog(await captureRaw(target), CATALOG_V1_TOOLS)
  })

  test('reads exactly what the same server gives in-process', async () => {
    expect(sameWire(await captureRaw(stdioFixture('catalog.js')))).toEqual(sameWire(await captureRaw(createCatalogServer('v1'))))
  })
})

describe('Streamable HTTP', () => {
  let open: HttpCatalog
  let guarded: HttpCatalog
  beforeAll(async () => {
    ;[open, guarded] = await Promise.all([startHttpCatalog(), startHttpCatalog({ REQUIRE_BEARER: 'sesame' })])
  })
  afterAll(async () => {
    await Promise.all([open?.stop(), guarded?.stop()])
  })

  test('an open server is read in full, the same as in-process', async () => {
    const raw = await captureRaw({ url: open.url })
    expectCatalog(raw, CATALOG_V1_TOOLS)
    expect(sameWire(raw)).toEqual(sameWire(await captureRaw(createCatalogServer('v1'))))
  })

  test('bearer becomes an Authorization header', async () => {
    expectCatalog(await captureRaw({ url: guarded.url, bearer: 'sesame' }), CATALOG_V1_TOOLS)
  })

  test('headers are sent as given', async () => {
    expectCatalog(await captureRaw({ url: guarded.url, headers: { Authorization: 'Bearer sesame' } }), CATALOG_V1_TOOLS)
  })

  test('bearer wins over an Authorization header given another way', async () => {
    expectCatalog(await captureRaw({ url: guarded.url, headers: { authorization: 'Bearer wrong' }, bearer: 'sesame' }), CATALOG_V1_TOOLS)
  })
})

/** A capture with the wire it came over left out: what the server sent is the same on every wire. */
function sameWire(raw: RawSurface): RawSurface {
  return { ...raw, transport: undefined }
}
