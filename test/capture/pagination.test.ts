import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { ErrorCode, ListPromptsRequestSchema, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, test } from 'vitest'
import { CaptureError, captureRaw } from '../../src/capture/capture-raw.js'
import { createManyToolsServer } from '../fixtures/servers/many-tools-server.js'
import { createPagedServer } from '../fixtures/servers/paged-server.js'
import { stdioFixture } from './fixture-servers.js'

describe('every page of every list', () => {
  test('in-process: 5 pages read the same lists as 1 page', async () => {
    const [onePage, fivePages] = await Promise.all([captureRaw(createPagedServer(1)), captureRaw(createPagedServer(5))])
    expect(fivePages.tools).toHaveLength(12)
    expect(fivePages.tools).toEqual(onePage.tools)
    expect(fivePages.prompts).toEqual(onePage.prompts)
    expect(fivePages.resources).toEqual(onePage.resources)
  })

  test('stdio: PAGES=5 reads the same surface as PAGES=1', async () => {
    const onePage = await captureRaw(stdioFixture('paged.js', { PAGES: '1' }))
    const fivePages = await captureRaw(stdioFixture('paged.js', { PAGES: '5' }))
    expect(fivePages.tools).toHaveLength(12)
    expect(fivePages).toEqual(onePage)
  })

  test('many tools with nested schemas arrive complete and in order', async () => {
    const raw = await captureRaw(createManyToolsServer(300))
    expect(raw.tools).toHaveLength(300)
    expect(raw.tools?.at(-1)).toMatchObject({ name: 'tool_0299', outputSchema: { type: 'object' } })
  })
})

describe('a list the server does not offer', () => {
  test('method-not-found leaves the list out', async () => {
    const raw = await captureRaw(createManyToolsServer(2))
    expect(raw.tools).toHaveLength(2)
    expect(raw).not.toHaveProperty('prompts')
    expect(raw).not.toHaveProperty('resources')
    expect(raw).not.toHaveProperty('resourceTemplates')
  })
})

describe('what the SDK helpers would change, capture keeps', () => {
  test('a schema root that is not an object, and unknown fields, arrive untouched', async () => {
    const server = new Server({ name: 'odd', version: '1.0.0' }, { capabilities: { tools: {} } })
    const oddTool = {
      name: 'odd',
      inputSchema: { type: 'string' },
      outputSchema: { type: 'array', items: { type: 'number' } },
      'x-vendor': { rank: 1 },
    }
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [oddTool], 'x-page-note': 'ignored' }))
    const raw = await captureRaw(server)
    expect(raw.tools).toEqual([oddTool])
  })
})

describe('broken pagination never loops forever', () => {
  test('more than 1000 pages, all with new cursors: pagination', async () => {
    const server = new Server({ name: 'endless', version: '1.0.0' }, { capabilities: { tools: {} } })
    let requests = 0
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [], nextCursor: `page-${++requests}` }))
    const failure = await captureRaw(server).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(CaptureError)
    expect(failure).toMatchObject({ code: 'pagination', serverLabel: 'in-process Server "endless"' })
    expect((failure as CaptureError).message).toContain('after 1000 pages')
    expect(requests).toBe(1000)
  })

  test('a cursor sent twice, pages apart: pagination', async () => {
    const server = new Server({ name: 'cycle', version: '1.0.0' }, { capabilities: { tools: {} } })
    server.setRequestHandler(ListToolsRequestSchema, (request) => {
      const next = { undefined: 'a', a: 'b', b: 'c', c: 'a' }[String(request.params?.cursor)]
      return { tools: [{ name: `t-${request.params?.cursor ?? 'start'}`, inputSchema: { type: 'object' } }], nextCursor: next }
    })
    await expect(captureRaw(server)).rejects.toMatchObject({ code: 'pagination', message: expect.stringContaining('"a" a second time') })
  })

  test.each([
    { title: 'an empty string', nextCursor: '' },
    { title: 'null', nextCursor: null },
  ])('a nextCursor of $title ends the list', async ({ nextCursor }) => {
    const server = new Server({ name: 'ends', version: '1.0.0' }, { capabilities: { tools: {} } })
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name: 'only', inputSchema: { type: 'object' } }], nextCursor }) as never)
    expect((await captureRaw(server)).tools).toHaveLength(1)
  })

  test.each([
    { title: 'no tools array', result: { items: [] } },
    { title: 'a tool that is not an object', result: { tools: ['search'] } },
    { title: 'a nextCursor that is a number', result: { tools: [], nextCursor: 2 } },
  ])('a page with $title: listing-failed', async ({ result }) => {
    const server = new Server({ name: 'malformed', version: '1.0.0' }, { capabilities: { tools: {} } })
    server.setRequestHandler(ListToolsRequestSchema, () => result as never)
    await expect(captureRaw(server)).rejects.toMatchObject({ code: 'listing-failed', message: expect.stringContaining('tools/list') })
  })
})

describe('lists are read together, failures reported the same way every time', () => {
  test('a failing list stops the wait for a hanging one', async () => {
    const server = new Server({ name: 'half-broken', version: '1.0.0' }, { capabilities: { tools: {}, prompts: {} } })
    server.setRequestHandler(ListToolsRequestSchema, () => new Promise<never>(() => {}))
    server.setRequestHandler(ListPromptsRequestSchema, () => {
      throw new McpError(ErrorCode.InternalError, 'prompt store unavailable')
    })
    await expect(captureRaw(server, { timeoutMs: 600_000 })).rejects.toMatchObject({
      code: 'listing-failed',
      message: expect.stringContaining('prompts/list'),
    })
  })

  test('when several lists fail at once, the first in tools, prompts, resources, templates order is reported', async () => {
    const server = new Server({ name: 'all-broken', version: '1.0.0' }, { capabilities: { tools: {}, prompts: {} } })
    server.setRequestHandler(ListPromptsRequestSchema, () => {
      throw new McpError(ErrorCode.InternalError, 'prompts broken')
    })
    server.setRequestHandler(ListToolsRequestSchema, () => {
      throw new McpError(ErrorCode.InternalError, 'tools broken')
    })
    await expect(captureRaw(server)).rejects.toMatchObject({ code: 'listing-failed', message: expect.stringContaining('tools broken') })
  })
})
