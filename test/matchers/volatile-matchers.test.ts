import { mkdtemp, readFile, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { beforeEach, describe, expect, test } from 'vitest'
import { toHonorContract, toMatchMcpContract } from '../../matchers/index.js'
import type { MatcherResult } from '../../matchers/matcher-core.js'
import type { UpdateMode } from '../../matchers/runner-adapter.js'
import '../../setup/vitest.js'
import { captureSurface } from '../../src/capture/capture-surface.js'
import { printSurfaceSnapshot } from '../../src/report/surface-serializer.js'
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
    expect(plain(rerun.message())).toMatch(/hint: this text looks like a clock \(date-time\): mark server\.instructions volatile, or run snapshot again to detect it/)
    expect((await honor(createClockServer(), 'none', { strict: true, volatile: ['server.instructions', 'tools.search.inputSchema.properties.since.default', 'resources["session://{uuid}/status"].uri'] })).pass).toBe(true)
  })

  test.each([['renamed-argument'], ['since-number'], ['drop-template']] as const)('%s next to the volatile values fails, classified as without them', async (variant) => {
    await honor(factory(), 'new')
    const result = await honor(factory(variant), 'none')
    expect(result.pass).toBe(false)
    expect(plain(result.message())).toMatchSnapshot()
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
