/**
 * Rules a contract file cannot show, judged on what the server sends: with gemini declared, an
 * existing tool that gains a `const` (zod's z.literal) or an `exclusiveMinimum` (.positive()) fails
 * check and toHonorContract, though its contract records the one as a one-value enum and the other
 * as `minimum: 1`. The file's `vouched` digest says which model-API rules each tool broke as sent
 * when it was written.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import type { MatcherResult } from '../../matchers/matcher-core.js'
import { printSurfaceSnapshot, toHonorContract, toMatchMcpContract } from '../../matchers/index.js'
import { captureSurface } from '../../src/capture/capture-surface.js'
import type { UpdateMode } from '../../matchers/runner-adapter.js'
import { createSearchModesServer } from '../fixtures/servers/search-modes-server.js'
import { fixture, runCliProcess, scrub } from '../support/run-cli-process.js'

const server = ['--', 'node', fixture('search-modes.js')]

/** A low-level SDK server whose tools/list returns `tools` as written. */
function rawToolsServer(tools: Record<string, unknown>[]): Server {
  const listing = new Server({ name: 'catalog', version: '1.0.0' }, { capabilities: { tools: {} } })
  listing.setRequestHandler(ListToolsRequestSchema, () => ({ tools }) as never)
  return listing
}
const SEARCH = { name: 'search', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } }
const VERSION_DIFF = { name: 'version_diff', inputSchema: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } }, anyOf: [{ required: ['from'] }, { required: ['to'] }] } }
const release = (number: '2' | '3') => ({ env: { RELEASE: number } })
const GEMINI = ['--profile', 'mcp-2025-11-25', '--profile', 'sdk-typescript', '--profile', 'gemini']

let dir: string
let contract: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-sent-'))
  await writeFile(join(dir, 'package.json'), '{"name":"search-modes"}')
  contract = join(dir, 'mcp-contract.json')
})

describe('check against a stdio server (McpServer, zod)', () => {
  beforeEach(async () => {
    expect(await runCliProcess(['snapshot', '--contract', contract, ...server], { cwd: dir })).toMatchObject({ code: 0, stderr: '' })
  })

  test('with gemini declared, an existing tool that gains z.literal("fast") fails: breaking, named on what the server sends (exit 1)', async () => {
    const check = await runCliProcess(['check', '--contract', contract, ...GEMINI, ...server], { ...release('2'), cwd: dir })
    expect(check.code).toBe(1)
    expect(scrub(check.stdout, { [dir]: '<dir>' })).toMatchSnapshot()
  })

  test('with gemini declared, .min(1) → .positive() fails though the contract reads the same (exit 1)', async () => {
    const check = await runCliProcess(['check', '--contract', contract, ...GEMINI, ...server], { ...release('3'), cwd: dir })
    expect(check.code).toBe(1)
    expect(scrub(check.stdout, { [dir]: '<dir>' })).toMatchSnapshot()
  })

  test('without gemini, both releases pass: the contract holds for MCP clients', async () => {
    expect((await runCliProcess(['check', '--contract', contract, ...server], { ...release('2'), cwd: dir })).code).toBe(0)
    expect(await runCliProcess(['check', '--contract', contract, ...server], { ...release('3'), cwd: dir })).toMatchObject({ code: 0, stderr: '' })
  })

  test('what the tool broke as sent when the file was written is not reported again: $schema, sent by every release, is no change', async () => {
    const check = await runCliProcess(['check', '--contract', contract, ...GEMINI, ...server], { ...release('3'), cwd: dir })
    expect(check.stdout).not.toContain('tool-parameters-json-schema-fields')
    expect(check.stderr).toContain('gemini tool-parameters-json-schema-fields: search')
  })

  test('a contract written before digests said what was sent: the release is not known to introduce it, and stderr still names it (exit 0)', async () => {
    const data = JSON.parse(await readFile(contract, 'utf8'))
    data.vouched.tools.search = data.vouched.tools.search.split('.').slice(0, 2).join('.')
    await writeFile(contract, `${JSON.stringify(data, null, 2)}\n`)
    const check = await runCliProcess(['check', '--contract', contract, ...GEMINI, ...server], { ...release('3'), cwd: dir })
    expect(check.code).toBe(0)
    expect(check.stderr).toMatchInlineSnapshot(`
      "mcp-contract: warning: gemini tool-parameters-json-schema-fields: search
      mcp-contract: warning: gemini tool-parameters-unsupported-keywords: search
      mcp-contract: warning: \`mcp-contract lint\` shows each rule, its source and where it is broken
      "
    `)
  })
})

describe('lint --contract: what the file cannot show, read from its digests', () => {
  test('a contract of the .positive() release: the digest says search sent exclusiveMinimum and $schema, which gemini refuses (exit 1)', async () => {
    expect(await runCliProcess(['snapshot', '--contract', contract, ...server], { ...release('3'), cwd: dir })).toMatchObject({ code: 0 })
    const lint = await runCliProcess(['lint', '--contract', contract, '--profile', 'gemini'], { cwd: dir })
    expect(lint.code).toBe(1)
    expect(lint.stdout.split('\n').filter((line) => /^ {2}(error|warning) |^ {4}search|^not judged|^ {2}gemini|fails|passes/.test(line))).toMatchSnapshot()
  })

  test('a contract whose digests predate the record of what was sent: gemini is listed as not judged', async () => {
    expect(await runCliProcess(['snapshot', '--contract', contract, ...server], { ...release('3'), cwd: dir })).toMatchObject({ code: 0 })
    const data = JSON.parse(await readFile(contract, 'utf8'))
    data.vouched.tools.search = data.vouched.tools.search.split('.').slice(0, 2).join('.')
    await writeFile(contract, `${JSON.stringify(data, null, 2)}\n`)
    const lint = await runCliProcess(['lint', '--contract', contract, '--profile', 'gemini'], { cwd: dir })
    expect(lint.stdout.slice(lint.stdout.indexOf('\nnot judged'))).toMatchSnapshot()
  })
})

test('diff OLD NEW of the .min(1) and .positive() releases: the files read the same, and gemini is listed as not judged on what was sent', async () => {
  const next = join(dir, 'next.json')
  expect(await runCliProcess(['snapshot', '--contract', contract, ...server], { cwd: dir })).toMatchObject({ code: 0 })
  expect(await runCliProcess(['snapshot', '--contract', next, ...server], { ...release('3'), cwd: dir })).toMatchObject({ code: 0 })
  const diff = await runCliProcess(['diff', contract, next, '--profile', 'gemini'], { cwd: dir })
  expect(diff.code).toBe(0)
  expect(diff.stdout).toMatchInlineSnapshot(`
    "not recorded (1)
      server gemini
          what each release sent is not in a contract file (a const is recorded as a one-value enum, an exclusive bound of an integer as an inclusive one, $schema is dropped), so its rules are judged here on the recorded schemas only; check judges what the server sends
    no changes — passes (fails at risky and above)
    "
  `)
})

describe('toHonorContract on an in-process McpServer', () => {
  function honor(received: unknown, mode: UpdateMode, policy?: object): Promise<MatcherResult> {
    const context = { isNot: false, testPath: join(dir, 'search.test.js'), currentTestName: 'search', snapshotState: { _updateSnapshot: mode } }
    return toHonorContract.call(context, received, 'mcp-contract.json', policy as never)
  }
  const plain = (message: string) =>
    // eslint-disable-next-line no-control-regex
    message.replace(/\u001b\[[0-9;]*m/g, '').replaceAll(relative(process.cwd(), dir), '<dir>').replaceAll(dir, '<dir>')
  const gemini = { profiles: ['mcp-2025-11-25', 'sdk-typescript', 'gemini'] }

  test.each([
    { title: 'z.literal("fast") added', release: '2' as const },
    { title: '.min(1) → .positive()', release: '3' as const },
  ])('with gemini declared, $title fails, and the message says accepting it is not safe', async ({ release }) => {
    expect((await honor(() => createSearchModesServer('1'), 'new')).pass).toBe(true)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const result = await honor(() => createSearchModesServer(release), 'none', gemini)
      expect(result.pass).toBe(false)
      expect(plain(result.message())).toMatchSnapshot()
      expect((await honor(() => createSearchModesServer(release), 'none')).pass).toBe(true)
    } finally {
      warn.mockRestore()
    }
  })
})

describe('toMatchMcpContract: the accept line agrees with what the model APIs refuse', () => {
  const matchers = (globalThis as unknown as Record<symbol, { matchers: Record<string, unknown> }>)[Symbol.for('$$jest-matchers-object')].matchers
  const realToMatchSnapshot = matchers.toMatchSnapshot
  afterEach(() => {
    matchers.toMatchSnapshot = realToMatchSnapshot
  })

  /** Calls the raw matcher as Jest would, with Jest's snapshot matcher answering "mismatch, this is stored". */
  async function match(received: unknown, stored: string, policy?: object): Promise<string> {
    matchers.toMatchSnapshot = () => ({ pass: false, expected: stored })
    const context = { isNot: false, testPath: join(dir, 'search.test.js'), currentTestName: 'search', snapshotState: { _updateSnapshot: 'new', unmatched: 1, matched: 0 } }
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const result = await (policy === undefined ? toMatchMcpContract.call(context, received) : toMatchMcpContract.call(context, received, policy as never))
      expect(result.pass).toBe(false)
      return result.message().split('\n').filter((line) => line.startsWith('Accepting it with -u')).join('\n')
    } finally {
      warn.mockRestore()
    }
  }

  test('no model declared: a drift whose list Claude refuses does not end "safe: no caller breaks"', async () => {
    const stored = printSurfaceSnapshot(await captureSurface(rawToolsServer([SEARCH])))
    expect(await match(() => rawToolsServer([SEARCH, VERSION_DIFF]), stored)).toMatchInlineSnapshot(`"Accepting it with -u breaks no caller of the recorded surface, but records a tool list that Claude's API refuses (version_diff has anyOf at its root)."`)
  })

  test('no model API refuses the list: accepting it is safe, as before', async () => {
    const stored = printSurfaceSnapshot(await captureSurface(rawToolsServer([SEARCH])))
    expect(await match(() => rawToolsServer([SEARCH, { ...SEARCH, name: 'search_again' }]), stored)).toMatchInlineSnapshot(`"Accepting it with -u is safe: no caller breaks."`)
  })

  test('gemini declared: an existing tool that gains page: z.number().int().positive() is not safe to accept, though the snapshot reads it as minimum: 1', async () => {
    const paged = () => {
      const next = new McpServer({ name: 'search-modes', version: '1.0.0' })
      const shape = { query: z.string(), limit: z.number().int().min(1), page: z.number().int().positive().optional() }
      next.registerTool('search', { description: 'Search the catalog.', inputSchema: shape }, async () => ({ content: [] }))
      next.registerPrompt('summarize', { description: 'Summarize the results.' }, async () => ({ messages: [] }))
      return next
    }
    const stored = printSurfaceSnapshot(await captureSurface(createSearchModesServer('1')))
    expect(await match(paged, stored, { profiles: ['sdk-typescript', 'gemini'] })).toMatchInlineSnapshot(`"Accepting it with -u breaks no caller of the recorded surface, but records a tool list that Gemini's API refuses (search has $schema at inputSchema, exclusiveMinimum at inputSchema.properties.page)."`)
  })
})
