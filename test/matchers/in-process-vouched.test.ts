/**
 * A contract written by toHonorContract for an in-process McpServer (the README's own setup)
 * vouches for its entries as `mcp-contract snapshot` does over stdio: the SDK lists
 * `title: undefined` and the like in-process, which no wire carries.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { z } from 'zod'
import type { MatcherResult } from '../../matchers/matcher-core.js'
import { toHonorContract } from '../../matchers/index.js'
import type { UpdateMode } from '../../matchers/runner-adapter.js'
import { captureRaw } from '../../src/capture/capture-raw.js'
import { runCliProcess } from '../support/run-cli-process.js'

/** The server of the README's setup: zod tools and a prompt through McpServer. */
function createNotesServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' })
  server.registerTool('search_notes', { description: 'Search notes.', inputSchema: { query: z.string(), limit: z.number().int().min(1).optional() } }, async () => ({ content: [] }))
  server.registerTool('add_note', { title: 'Add a note', description: 'Add a note.', inputSchema: { text: z.string() }, annotations: { idempotentHint: true } }, async () => ({ content: [] }))
  server.registerPrompt('summarize', { description: 'Summarize the notes.', argsSchema: { topic: z.string() } }, async () => ({ messages: [] }))
  server.registerPrompt('daily', { description: 'The daily digest.' }, async () => ({ messages: [] }))
  return server
}

/** The same server in a release whose search_notes wraps its input root in an allOf of one member, as a hand-written listing may. */
function createWrappedNotesServer(): McpServer {
  const server = createNotesServer()
  const object = { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1 } }, required: ['query'] }
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      { name: 'search_notes', description: 'Search notes.', inputSchema: { allOf: [object] } },
      { name: 'add_note', title: 'Add a note', description: 'Add a note.', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }, annotations: { idempotentHint: true } },
    ],
  }))
  return server
}

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-in-process-'))
  // Why a package.json: it makes dir the project root, which relative contract paths resolve from.
  await writeFile(join(dir, 'package.json'), '{"name":"notes"}')
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Calls the raw matcher as Jest would, in a given update mode (`all` is -u). */
function honor(received: unknown, file: string, mode: UpdateMode): Promise<MatcherResult> {
  const context = { isNot: false, testPath: join(dir, 'notes.test.js'), currentTestName: 'notes', snapshotState: { _updateSnapshot: mode } }
  return toHonorContract.call(context, received, file, undefined)
}

function plain(message: string): string {
  // eslint-disable-next-line no-control-regex
  return message.replace(/\u001b\[[0-9;]*m/g, '').replaceAll(relative(process.cwd(), dir), '<dir>').replaceAll(dir, '<dir>')
}

test('capture reads an in-process listing as a wire carries it: no undefined-valued keys, and the server keeps its own', async () => {
  const server = createNotesServer()
  const raw = await captureRaw(server)
  const undefinedKeys = [...(raw.tools ?? []), ...(raw.prompts ?? [])].flatMap((entry) => Object.entries(entry).filter(([, value]) => value === undefined).map(([key]) => key))
  expect(undefinedKeys).toEqual([])
  expect(raw.tools?.map((tool) => Object.keys(tool).sort())).toEqual([
    ['description', 'execution', 'inputSchema', 'name'],
    ['annotations', 'description', 'execution', 'inputSchema', 'name', 'title'],
  ])
  // A low-level Server that answers with one listing object it holds: capture copies, never edits it.
  const held = [{ name: 'search', title: undefined, inputSchema: { type: 'object', properties: { q: { type: 'string', description: undefined } } } }]
  const low = new Server({ name: 'held', version: '1.0.0' }, { capabilities: { tools: {} } })
  low.setRequestHandler(ListToolsRequestSchema, () => ({ tools: held }) as never)
  expect((await captureRaw(low)).tools).toStrictEqual([{ name: 'search', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } }])
  expect(Object.hasOwn(held[0], 'title') && Object.hasOwn(held[0].inputSchema.properties.q, 'description')).toBe(true)
})

test('toHonorContract vouches for every clean tool and prompt of an in-process McpServer, as snapshot does over stdio; a later -u keeps them', async () => {
  const file = 'notes.json'
  expect((await honor(createNotesServer, file, 'new')).pass).toBe(true)
  const written = JSON.parse(await readFile(join(dir, file), 'utf8'))
  expect({ tools: Object.keys(written.vouched.tools).sort(), prompts: Object.keys(written.vouched.prompts).sort() }).toEqual({ tools: ['add_note', 'search_notes'], prompts: ['daily', 'summarize'] })
  expect((await honor(createNotesServer, file, 'all')).pass).toBe(true)
  expect(JSON.parse(await readFile(join(dir, file), 'utf8')).vouched).toEqual(written.vouched)
})

test('the same server over stdio: snapshot writes the same digests toHonorContract wrote in-process', async () => {
  const server = join(dir, 'notes-server.mjs')
  const sdk = (path: string) => JSON.stringify(import.meta.resolve(path))
  await writeFile(
    server,
    [
      `import { McpServer } from ${sdk('@modelcontextprotocol/sdk/server/mcp.js')}`,
      `import { StdioServerTransport } from ${sdk('@modelcontextprotocol/sdk/server/stdio.js')}`,
      `import { z } from ${sdk('zod')}`,
      `const server = new McpServer({ name: 'notes', version: '1.0.0' })`,
      `server.registerTool('search_notes', { description: 'Search notes.', inputSchema: { query: z.string(), limit: z.number().int().min(1).optional() } }, async () => ({ content: [] }))`,
      `server.registerTool('add_note', { title: 'Add a note', description: 'Add a note.', inputSchema: { text: z.string() }, annotations: { idempotentHint: true } }, async () => ({ content: [] }))`,
      `server.registerPrompt('summarize', { description: 'Summarize the notes.', argsSchema: { topic: z.string() } }, async () => ({ messages: [] }))`,
      `server.registerPrompt('daily', { description: 'The daily digest.' }, async () => ({ messages: [] }))`,
      `await server.connect(new StdioServerTransport())`,
    ].join('\n'),
  )
  expect((await honor(createNotesServer, 'in-process.json', 'new')).pass).toBe(true)
  const snapshot = await runCliProcess(['snapshot', '--contract', 'over-stdio.json', '--', process.execPath, server], { cwd: dir })
  expect(snapshot).toMatchObject({ code: 0, stderr: '' })
  expect(await readFile(join(dir, 'over-stdio.json'), 'utf8')).toBe(await readFile(join(dir, 'in-process.json'), 'utf8'))
})

test('a release that wraps a tool root in allOf then fails toHonorContract: the contract vouches the tool was clean', async () => {
  const file = 'wrapped.json'
  expect((await honor(createNotesServer, file, 'new')).pass).toBe(true)
  const recorded = await readFile(join(dir, file), 'utf8')
  const wrapped = await honor(createWrappedNotesServer, file, 'none')
  expect(wrapped.pass).toBe(false)
  expect(plain(wrapped.message())).toMatchSnapshot()
  expect(await readFile(join(dir, file), 'utf8')).toBe(recorded)
})
