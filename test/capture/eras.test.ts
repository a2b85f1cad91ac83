import { createMcpHandler } from '@modelcontextprotocol/server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { captureRaw } from '../../src/capture/capture-raw.js'
import { captureSurface } from '../../src/capture/capture-surface.js'
import { diffSurfaces } from '../../src/diff/diff-surfaces.js'
import { createCatalogServer } from '../fixtures/servers/catalog-server.js'
import { createEraSplitServer } from '../fixtures/servers/era-split-server.js'
import { startHttpFixture, stdioFixture, type HttpCatalog } from './fixture-servers.js'

const bothEras = stdioFixture('both-eras.js')

describe('a server that refuses initialize (serveStdio with legacy: reject)', () => {
  test('is read in the 2026-07-28 era with no option', async () => {
    const raw = await captureRaw(stdioFixture('modern-only.js'))
    expect(raw.era).toBe('2026-07-28')
    expect(raw.tools?.map((tool) => tool.name)).toEqual(['list_orders'])
    const surface = await captureSurface(stdioFixture('modern-only.js'))
    expect(surface.eras).toEqual(['2026-07-28'])
    expect(surface.refusedEras).toEqual(['legacy'])
    expect(surface.cacheScope).toEqual({ tools: 'public' })
    expect(surface.tools?.[0].headers).toEqual({ region: 'Region' })
    // Why: the spec admits any root for outputSchema; an array root is recorded like any schema.
    expect(surface.tools?.[0].outputSchema).toMatchObject({ type: 'array' })
    expect(JSON.stringify(surface.tools?.[0].inputSchema)).not.toContain('x-mcp-header')
  })

  test('pinned to the legacy era, it fails with a message that says what to do', async () => {
    const error = await captureRaw(stdioFixture('modern-only.js'), { era: 'legacy' }).catch((caught: unknown) => caught)
    expect((error as Error).message.replace(/stdio: \S+ \S+/, 'stdio: node modern-only.js')).toMatchInlineSnapshot(`"stdio: node modern-only.js refused initialize (Unsupported protocol version: 2025-11-25): it speaks only the 2026-07-28 protocol era. Read it in that era: leave the era option unset (auto) or set era: '2026-07-28'."`)
  })
})

describe('an SDK 2.x server served with serveStdio, which speaks both eras', () => {
  test('lists the same tools in the legacy era, the 2026-07-28 era, and both', async () => {
    const legacy = await captureSurface(bothEras, { era: 'legacy' })
    const modern = await captureSurface(bothEras, { era: '2026-07-28' })
    const both = await captureSurface(bothEras, { era: 'both' })
    // A legacy read records no eras: absent means legacy, as in every contract recorded before eras.
    expect(legacy.eras).toBeUndefined()
    expect(modern.eras).toEqual(['2026-07-28'])
    expect(both.eras).toEqual(['legacy', '2026-07-28'])
    expect(legacy.tools?.length).toBeGreaterThan(5)
    expect(modern.tools).toEqual(legacy.tools)
    // The contract says so: no era differences are recorded.
    expect(both.eraDifferences).toBeUndefined()
    // Reading both eras adds the 2026-07-28 one to what the legacy contract recorded, and nothing else.
    expect(diffSurfaces(legacy, both).changes.map((change) => `${change.severity} ${change.kind} ${String(change.after)}`)).toEqual(['additive server-era-added 2026-07-28'])
  }, 30_000)

  test('the default reads it in the legacy era with one process, no probe', async () => {
    const raw = await captureRaw(bothEras)
    expect(raw.era).toBe('legacy')
    expect(raw.legacy).toBeUndefined()
  })
})

describe('an SDK 2.x createMcpHandler handler in-process', () => {
  test('is read in the 2026-07-28 era, and by default in the legacy one', async () => {
    const handler = createMcpHandler(createEraSplitServer)
    try {
      const modern = await captureRaw(handler, { era: '2026-07-28' })
      expect(modern).toMatchObject({ era: '2026-07-28', transport: 'in-process', cacheScopes: { tools: ['private'] } })
      expect(modern.tools?.map((tool) => tool.name)).toEqual(['search', 'export'])
      const legacy = await captureRaw(handler)
      expect(legacy).toMatchObject({ era: 'legacy', transport: 'in-process' })
      expect(legacy.tools?.map((tool) => tool.name)).toEqual(['search'])
    } finally {
      await handler.close()
    }
  })

  test('an McpServer asked for the 2026-07-28 era is told to use a handler', async () => {
    const error = await captureRaw(createCatalogServer('v1'), { era: '2026-07-28' }).catch((caught: unknown) => caught)
    expect((error as Error).message).toMatchInlineSnapshot(`"in-process McpServer "catalog" is an MCP server object, which speaks only the 2025 (initialize) era when connected in-process. To read it in the 2026-07-28 era, serve its factory with createMcpHandler(factory) from @modelcontextprotocol/server and pass the handler instead."`)
  })
})

describe('a server whose 2026-07-28 surface differs from its legacy one', () => {
  test('era both records the 2026 surface and each place the eras differ; a check reports them', async () => {
    const both = await captureSurface(stdioFixture('era-split.js'), { era: 'both' })
    expect(both.eras).toEqual(['legacy', '2026-07-28'])
    expect(both.eraDifferences).toEqual([
      { entity: 'tool', name: 'export', field: 'present' },
      { entity: 'tool', name: 'search', field: 'headers' },
      { entity: 'tool', name: 'search', field: 'inputSchema' },
    ])
    const legacy = await captureSurface(stdioFixture('era-split.js'), { era: 'legacy' })
    const report = diffSurfaces(legacy, both)
    expect(report.changes.map((change) => `${change.severity} ${change.kind} ${change.name}`)).toEqual([
      'breaking argument-added search',
      'risky era-surface-differs export',
      'risky era-surface-differs search',
      'risky era-surface-differs search',
      'risky argument-header-added search',
      'additive server-era-added era-split',
      'additive tool-added export',
    ])
  }, 30_000)
})

describe('legacy HTTP+SSE', () => {
  let server: HttpCatalog
  beforeAll(async () => {
    server = await startHttpFixture('sse-only.js')
  })
  afterAll(async () => {
    await server.stop()
  })

  test('a URL that only speaks HTTP+SSE is read over it, the same as in-process', async () => {
    const raw = await captureRaw({ url: server.url })
    expect(raw.transport).toBe('sse')
    expect({ ...raw, transport: undefined }).toEqual({ ...(await captureRaw(createCatalogServer('v1'))), transport: undefined })
    expect((await captureRaw({ url: server.url, transport: 'sse' })).transport).toBe('sse')
  })

  test('pinned to Streamable HTTP, it fails on the 405 with a message that says what to do', async () => {
    const error = await captureRaw({ url: server.url, transport: 'streamable-http', }, { era: 'legacy' }).catch((caught: unknown) => caught)
    expect((error as Error).message.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT')).toMatchInlineSnapshot(`"http://127.0.0.1:PORT/sse answered HTTP 405 to initialize: Streamable HTTP error: Error POSTing to endpoint: not here. Check the URL (MCP endpoints are often at /mcp) and that the server speaks Streamable HTTP; for a server on the older HTTP+SSE transport, leave the target's transport unset or pin it, { url, transport: 'sse' }."`)
  })
})
