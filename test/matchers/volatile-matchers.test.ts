import { randomUUID } from 'node:crypto'
import { mkdtemp, readFile, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import { toHonorContract, toMatchMcpContract } from '../../matchers/index.js'
import type { MatcherResult } from '../../matchers/matcher-core.js'
import type { UpdateMode } from '../../matchers/runner-adapter.js'
import '../../setup/vitest.js'
import { captureSurface } from '../../src/capture/capture-surface.js'
import { printSurfaceSnapshot } from '../../src/report/surface-serializer.js'
import type { Surface } from '../../src/surface/types.js'
import { createClockServer, type ClockVariant } from '../fixtures/servers/clock-server.js'

let dir: string
let contract: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-volatile-matchers-'))
  contract = join(dir, 'mcp-contract.json')
})

/** Calls the raw matcher as Jest would, in a given update mode. */
function honor(received: unknown, mode: UpdateMode, policy?: object): Promise<MatcherResult> {
  const context = { isNot: false, testPath: join(dir, 'news.test.js'), currentTestName: 'news', snapshotState: { _updateSnapshot: mode } }
  return toHonorContract.call(context, received, contract, policy as never)
}

const factory = (variant: ClockVariant = 'honors') => () => createClockServer(variant)

/** A failure message without colors, the temporary folder and the clock of the day. */
function plain(message: string): string {
  // eslint-disable-next-line no-control-regex
  return message.replace(/\u001b\[[0-9;]*m/g, '').replaceAll(relative(process.cwd(), dir), '<dir>').replaceAll(dir, '<dir>').replace(/\b\d{13}\b/g, '<milliseconds>')
}

describe('toHonorContract and a server whose listing changes by itself', () => {
  test('a factory is read twice when the file is first written: what moved is recorded volatile with its shape', async () => {
    expect((await honor(factory(), 'new')).pass).toBe(true)
    const written = JSON.parse(await readFile(contract, 'utf8'))
    expect(written.volatile.map((value: { path: string; format: string }) => `${value.path} (${value.format})`)).toEqual([
      'resources["session://{uuid}/status"].uri (uuid)',
      'server.instructions (date-time)',
      'server.instructions (uuid)',
      'tools.search.inputSchema.properties.since.default (date-time)',
    ])
  })

  test('reruns pass, in CI and under -u, and leave the file as it was; an McpServer object passes by the recorded values', async () => {
    await honor(factory(), 'new')
    const before = await stat(contract)
    for (const mode of ['none', 'new', 'all'] as const) expect({ mode, pass: (await honor(factory(), mode)).pass }).toEqual({ mode, pass: true })
    expect((await honor(createClockServer(), 'none')).pass).toBe(true)
    // Why the inode: a rewrite renames a new file into place.
    expect((await stat(contract)).ino).toBe(before.ino)
  })

  test('under Vitest 4.1, a rerun of the unchanged in-process server passes', async () => {
    await honor(factory(), 'new')
    await expect(factory()).toHonorContract(contract)
    await expect(createClockServer()).toHonorContract(contract)
  })

  test('an McpServer object cannot be read twice: its volatile values are not detected, and a rerun fails with the hint to mark them', async () => {
    expect((await honor(createClockServer(), 'new')).pass).toBe(true)
    expect(JSON.parse(await readFile(contract, 'utf8')).volatile).toBeUndefined()
    const rerun = await honor(createClockServer(), 'none', { strict: true })
    expect(rerun.pass).toBe(false)
    expect(plain(rerun.message())).toContain('hint: this text looks like a clock (date-time): pass a factory: `expect(() => createServer())` is read twice when the file is written; or mark server.instructions volatile')
    expect((await honor(createClockServer(), 'none', { strict: true, volatile: ['server.instructions', 'tools.search.inputSchema.properties.since.default', 'resources["session://{uuid}/status"].uri'] })).pass).toBe(true)
  })

  test.each([['renamed-argument'], ['since-number'], ['drop-template']] as const)('%s next to the volatile values fails, classified as without them', async (variant) => {
    await honor(factory(), 'new')
    const result = await honor(factory(variant), 'none')
    expect(result.pass).toBe(false)
    expect(plain(result.message())).toMatchSnapshot()
  })
})

describe('accepting another change (-u) keeps what the volatile values recorded', () => {
  /** The values a reviewer would see change for no reason: the instructions, the resource URI and the since default. */
  const moving = (contract: { server: { instructions: string }; resources: { uri: string }[]; tools: { name: string; inputSchema: { properties: Record<string, { default?: unknown }> } }[] }) => ({
    instructions: contract.server.instructions,
    uri: contract.resources[0].uri,
    since: contract.tools.find((tool) => tool.name === 'search')!.inputSchema.properties.since.default,
  })

  test.each([
    ['a factory', () => factory('renamed-argument')],
    ['an McpServer object, read once', () => createClockServer('renamed-argument')],
  ])('toHonorContract -u over a renamed argument, from %s: the argument changes, the clock and the ids read as recorded, the volatile list stays', async (_, target) => {
    await honor(factory(), 'new')
    const before = JSON.parse(await readFile(contract, 'utf8'))
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect((await honor(target(), 'all')).pass).toBe(true)
    const after = JSON.parse(await readFile(contract, 'utf8'))
    expect(Object.keys(after.tools.find((tool: { name: string }) => tool.name === 'search').inputSchema.properties).sort()).toEqual(['limit', 'since', 'term'])
    expect(moving(after)).toEqual(moving(before))
    expect(after.volatile).toEqual(before.volatile)
  })

  test('toMatchMcpContract -u with an McpServer object, read once: the shapes the snapshot stored are kept, and a rerun in CI passes', async () => {
    const store = snapshotStore()
    await store.match(factory(), 'new')
    const written = store.stored() ?? ''
    expect((await store.match(createClockServer('renamed-argument'), 'all')).pass).toBe(true)
    const updated = store.stored() ?? ''
    expect(updated).toContain('term: string')
    for (const shape of ['default="‹date-time›"', 'Session ‹uuid› started at ‹date-time›.', 'resource "session://‹uuid›/status"']) expect({ shape, kept: updated.includes(shape) }).toEqual({ shape, kept: true })
    const withoutArgument = (text: string) => text.replace(/^ +(query|term): string, required\n/m, '')
    expect(withoutArgument(updated)).toBe(withoutArgument(written))
    expect((await store.match(createClockServer('renamed-argument'), 'none')).pass).toBe(true)
  })
})

describe('a declared volatile path that names nothing', () => {
  test('the matchers warn once per run, naming the path and asking whether it was renamed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      // Why a path of its own for each matcher: each warns, and a second call with the same path is silent.
      for (const mode of ['new', 'none'] as const) await honor(factory(), mode, { volatile: ['tools.serach.inputSchema.properties.since.default', 'server.instructions'] })
      const store = snapshotStore()
      for (const mode of ['new', 'none'] as const) await store.match(factory(), mode, { volatile: ['tools.headline.description'] })
      const lines = warn.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('volatile path'))
      expect(lines).toEqual([
        'mcp-contract: warning: the volatile path tools.serach.inputSchema.properties.since.default names nothing the server lists, so it masks nothing; was it renamed? Fix it where "volatile" declares it.',
        'mcp-contract: warning: the volatile path tools.headline.description names nothing the server lists, so it masks nothing; was it renamed? Fix it where "volatile" declares it.',
      ])
    } finally {
      warn.mockRestore()
    }
  })
})

describe('toMatchMcpContract with volatile values declared as property matchers', () => {
  test('a rerun passes when the changing values are declared; a type changed next to them still fails', async () => {
    const stored = printSurfaceSnapshot(await captureSurface(createClockServer()))
    const volatile = ['server.instructions', 'tools.search.inputSchema.properties.since.default', 'resources["session://{uuid}/status"].uri']
    const match = async (variant: ClockVariant, policy: object) => {
      const snapshotState = { _updateSnapshot: 'none', unmatched: 1, matched: 0 }
      const context = { isNot: false, testPath: join(dir, 'news.test.js'), currentTestName: 'news', snapshotState }
      const matchers = (globalThis as unknown as Record<symbol, { matchers: Record<string, unknown> }>)[Symbol.for('$$jest-matchers-object')].matchers
      const real = matchers.toMatchSnapshot
      // Why Jest's snapshot matcher stands in: it answers "mismatch, this is stored", as the runner does for a changed text.
      matchers.toMatchSnapshot = () => ({ pass: false, expected: stored })
      try {
        return await toMatchMcpContract.call(context, createClockServer(variant), policy as never)
      } finally {
        matchers.toMatchSnapshot = real
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect((await match('honors', { volatile })).pass).toBe(true)
    expect((await match('honors', {})).pass).toBe(false)
    const changed = await match('since-number', { volatile })
    expect(changed.pass).toBe(false)
    expect(plain(changed.message())).toContain('schema-type-changed')
  })
})

/**
 * A snapshot store for toMatchMcpContract called as Jest would, in a given update mode: it writes
 * what the serializer prints when nothing is stored (or under -u), and else compares the text.
 * Why it stands in for Jest's snapshot matcher: a runner's matcher does exactly that with the serializer, and one test
 * can then write and rerun without a .snap file of its own.
 */
function snapshotStore() {
  let stored: string | undefined
  const match = async (received: unknown, mode: UpdateMode, policy?: object): Promise<MatcherResult> => {
    // Why the stored text under its key too: the matcher reads what is stored before the runner may write over it (-u).
    const snapshotState = { _updateSnapshot: mode, unmatched: 0, matched: 0, _counters: new Map<string, number>(), _snapshotData: stored === undefined ? {} : { 'news 1': stored } }
    const context = { isNot: false, testPath: join(dir, 'news.test.js'), currentTestName: 'news', snapshotState }
    const matchers = (globalThis as unknown as Record<symbol, { matchers: Record<string, unknown> }>)[Symbol.for('$$jest-matchers-object')].matchers
    const real = matchers.toMatchSnapshot
    matchers.toMatchSnapshot = (surface: Surface) => {
      const text = printSurfaceSnapshot(surface)
      if (stored === undefined ? mode !== 'none' : mode === 'all') stored = text
      if (stored === text) return { pass: true }
      snapshotState.unmatched += 1
      return { pass: false, expected: stored }
    }
    try {
      return await toMatchMcpContract.call(context, received, policy as never)
    } finally {
      matchers.toMatchSnapshot = real
    }
  }
  return { match, stored: () => stored }
}

/** An SDK server with a `since` default of "now" and a random id in its instructions; `since-number` turns `since` into a number. */
function createStampServer(variant: 'honors' | 'since-number' = 'honors'): McpServer {
  const server = new McpServer({ name: 'stamps', version: '1.0.0' }, { instructions: `Request ${randomUUID()} serves you.` })
  const since = variant === 'since-number' ? z.number().default(Date.now()) : z.string().default(new Date().toISOString())
  server.registerTool('list', { description: 'Lists stamps.', inputSchema: { since, limit: z.number().int().optional() }, annotations: { readOnlyHint: true } }, async () => ({ content: [] }))
  return server
}

describe('toMatchMcpContract and a server whose listing changes by itself', () => {
  test('a factory is read twice when the snapshot may be written: what moved is stored as its shape, and reruns pass in CI, locally and under -u', async () => {
    const store = snapshotStore()
    expect((await store.match(factory(), 'new')).pass).toBe(true)
    const written = store.stored() ?? ''
    expect(written).toContain('since: string, optional, default="‹date-time›"')
    expect(written).toContain('instructions: "Session ‹uuid› started at ‹date-time›. Search before you fetch."')
    expect(written).toContain('resource "session://‹uuid›/status"')
    await new Promise((resolve) => setTimeout(resolve, 5))
    for (const mode of ['none', 'new', 'all'] as const) expect({ mode, pass: (await store.match(factory(), mode)).pass }).toEqual({ mode, pass: true })
    // Why an McpServer object passes too: read once, it is compared by the shapes the snapshot stores.
    expect((await store.match(createClockServer(), 'none')).pass).toBe(true)
    expect(store.stored()).toBe(written)
  })

  test.each([['renamed-argument'], ['since-number'], ['drop-template']] as const)('%s next to the volatile values fails, classified as without them', async (variant) => {
    const store = snapshotStore()
    await store.match(factory(), 'new')
    const result = await store.match(factory(variant), 'none')
    expect(result.pass).toBe(false)
    expect(plain(result.message()).replace(/\d{4}-\d{2}-\d{2}/g, '<today>')).toMatchSnapshot()
  })

  test('declared values print as their shape too, so an McpServer object that cannot be read twice passes its rerun', async () => {
    const store = snapshotStore()
    const volatile = ['server.instructions', 'tools.search.inputSchema.properties.since.default', 'resources["session://{uuid}/status"].uri']
    expect((await store.match(createClockServer(), 'new', { volatile })).pass).toBe(true)
    expect(store.stored()).toContain('default="‹date-time›"')
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect((await store.match(createClockServer(), 'none', { volatile })).pass).toBe(true)
    expect((await store.match(createClockServer(), 'none')).pass).toBe(true)
  })

  test('under Vitest 4.1, the snapshot a factory writes stores the shapes (pinned in the .snap file), a rerun of the unchanged server passes, a changed type fails', async () => {
    await expect(() => createStampServer()).toMatchMcpContract()
    const store = snapshotStore()
    await store.match(() => createStampServer(), 'new')
    const changed = await store.match(() => createStampServer('since-number'), 'none')
    expect(changed.pass).toBe(false)
    expect(plain(changed.message())).toContain('schema-type-changed')
  })
})
