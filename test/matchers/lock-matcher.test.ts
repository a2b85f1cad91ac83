import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { MatcherResult } from '../../matchers/matcher-core.js'
import { clientConfig, toMatchMcpLock } from '../../matchers/index.js'
import type { UpdateMode } from '../../matchers/runner-adapter.js'
import '../../setup/vitest.js'
import { startHttpCatalog } from '../support/http-catalog.js'

const catalog = resolve(import.meta.dirname, '../fixtures/servers/catalog.js')
let dir: string
let web: { url: string; stop: () => void }

/** The project's `.mcp.json`; `variant` is the catalog release its command runs. */
async function writeConfig(variant: string): Promise<void> {
  const servers = { catalog: { command: process.execPath, args: [catalog], env: { CATALOG_VARIANT: variant } }, web: { type: 'http', url: web.url } }
  await writeFile(join(dir, '.mcp.json'), `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`)
}

/** Calls the raw matcher as a runner without file snapshots (Jest) does, in an update mode. */
async function matchLock(mode: UpdateMode, policy?: object): Promise<MatcherResult> {
  const context = { isNot: false, testPath: join(dir, 'servers.test.js'), currentTestName: 'servers', snapshotState: { _updateSnapshot: mode } }
  return toMatchMcpLock.call(context, clientConfig('.mcp.json'), 'mcp-contract.lock.json', policy)
}

/** A message without colours, with this machine's folders, node binary and ports masked. */
function plain(message: string): string {
  // eslint-disable-next-line no-control-regex
  const text = message.replace(/\u001b\[[0-9;]*m/g, '')
  return text.replaceAll(relative(process.cwd(), dir), '<dir>').replaceAll(dir, '<dir>').replaceAll(process.execPath, '<node>').replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
}

const lockText = () => readFile(join(dir, 'mcp-contract.lock.json'), 'utf8')

beforeAll(async () => {
  web = await startHttpCatalog()
  dir = await mkdtemp(join(tmpdir(), 'lock-matcher-'))
  // Why a package.json: it makes the folder the project root the matcher resolves paths from.
  await writeFile(join(dir, 'package.json'), '{ "name": "agents" }\n')
  await writeConfig('v1')
}, 30_000)

afterAll(async () => {
  web?.stop()
  await rm(dir, { recursive: true, force: true })
})

describe('toMatchMcpLock', () => {
  test('in CI with no lock: fails, writes nothing, and says how to write it', async () => {
    const result = await matchLock('none')
    expect(result.pass).toBe(false)
    expect(plain(result.message())).toMatchInlineSnapshot(`
      "expect(clientConfig).toMatchMcpLock("mcp-contract.lock.json")

      <dir>/mcp-contract.lock.json does not exist, and lock files are not written in CI without -u.
      Write it outside CI (run the test once, or npx jest <dir>/servers.test.js -u, or mcp-contract lock), review it and commit it."
    `)
    expect(await readdir(dir)).not.toContain('mcp-contract.lock.json')
  })

  test('outside CI a missing lock is written, and an unchanged config then passes in CI', async () => {
    expect((await matchLock('new')).pass).toBe(true)
    expect(JSON.parse(await lockText()).servers.map((entry: { name: string; status: string }) => [entry.name, entry.status])).toEqual([
      ['catalog', 'locked'],
      ['web', 'locked'],
    ])
    expect((await matchLock('none')).pass).toBe(true)
  }, 30_000)

  test('under Vitest itself: registered by the setup file, and passes on the unchanged config', async () => {
    await expect(clientConfig(join(dir, '.mcp.json'))).toMatchMcpLock(join(dir, 'mcp-contract.lock.json'))
  }, 30_000)

  test('a release that breaks a tool fails with the classified report over every server; -u rewrites the lock and nothing else', async () => {
    await writeConfig('v2')
    const before = await lockText()
    const result = await matchLock('none')
    expect(result.pass).toBe(false)
    expect(plain(result.message())).toMatchInlineSnapshot(`
      "expect(clientConfig).toMatchMcpLock("mcp-contract.lock.json")

      The servers of the client config no longer match the lock <dir>/mcp-contract.lock.json.

      MCP lock: 2 servers · 1 changed · 1 unchanged
      ✗ catalog  changed · 5 tools · 494 tokens
      ✓ web      unchanged · 5 tools · 378 tokens

      catalog
        security · 1 breaking
          breaking  hint-reversed  get_product
              readOnlyHint true → false; clients that auto-approve, retry or cache calls on this promise now act on a false one
        tool legacy_export · 1 breaking — your agent's calls to legacy_export fail
          breaking  tool-removed
              the tool is gone; an agent that calls it fails
        tool parse_catalog · 1 breaking — your agent's calls to parse_catalog fail
          breaking  argument-now-required  pages
              was optional, now required; every call that omitted it is now rejected
        tool search_products · 1 routing
          routing   tool-description-changed
              description changed (wording only); no call breaks, but agents choose tools by this text
              text: Search the catalog by keyword[- and-]{+,+} filters [-. -]{+and sort order. Results are paged.+}
        tool bulk_import · 1 additive
          additive  tool-added
              new tool; callers gain a tool; nothing they do changes
        5 changes · 3 breaking · 1 routing · 1 additive — fails at risky and above

      all servers: 10 tools · 872 tokens (o200k_base (gpt-tokenizer))
      fails: 1 server changed at risky and above

      To accept what the servers are now, rewrite the lock (and nothing else): npx jest <dir>/servers.test.js -u"
    `)
    expect(await lockText()).toBe(before)
    const files = (await readdir(dir)).sort()
    expect((await matchLock('all')).pass).toBe(true)
    expect((await readdir(dir)).sort()).toEqual(files)
    expect(await lockText()).not.toBe(before)
    expect((await matchLock('none')).pass).toBe(true)
  }, 60_000)

  test('what it cannot hold is refused before anything starts', async () => {
    const context = { isNot: false, testPath: join(dir, 'servers.test.js'), currentTestName: 'servers', snapshotState: { _updateSnapshot: 'none' } }
    const refusals = [
      () => toMatchMcpLock.call(context, { command: 'node' }),
      () => toMatchMcpLock.call({ ...context, isNot: true }, clientConfig()),
    ].map((call) => {
      try {
        call()
        return 'no error'
      } catch (error) {
        return plain((error as Error).message)
      }
    })
    expect(refusals).toMatchInlineSnapshot(`
      [
        "expect(clientConfig).toMatchMcpLock("mcp-contract.lock.json")

      The received value must name a client config: clientConfig('.mcp.json'), or clientConfig() for the known places (import { clientConfig } from 'mcp-contract').",
        "expect(clientConfig).toMatchMcpLock("mcp-contract.lock.json")

      .not.toMatchMcpLock() is not supported: it would pass for any drift at all, including the ones you did not mean.",
      ]
    `)
    await expect(toMatchMcpLock.call(context, clientConfig('.mcp.json'), { failon: 'breaking' } as object)).rejects.toThrow(/Unknown policy option "failon"/)
  })
})
