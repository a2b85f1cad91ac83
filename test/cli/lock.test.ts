import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cliIn } from '../support/run-cli-in-process.js'
import { startHttpCatalog } from '../support/http-catalog.js'

const root = resolve(import.meta.dirname, '../..')
const catalog = join(root, 'test/fixtures/servers/catalog.js')
const WEB_TOKEN = 'ghp_cliLockSecret0123456789abcdefghijkl'
const CATALOG_TOKEN = 'tok-cli-catalog-5a4b3c2d1e'
let dir: string
let web: { url: string; stop: () => void }
const cli = cliIn(() => dir)
const env = { WEB_TOKEN, CATALOG_TOKEN }

/** The client config the tests lock: `variant` is the catalog release its command runs. */
function mcpJson(variant: string): string {
  return JSON.stringify(
    {
      mcpServers: {
        catalog: { command: process.execPath, args: [catalog], env: { CATALOG_TOKEN: '${CATALOG_TOKEN}', CATALOG_VARIANT: variant } },
        web: { type: 'http', url: web.url, headers: { Authorization: 'Bearer ${WEB_TOKEN}' } },
        github: { type: 'http', url: 'https://api.githubcopilot.com/mcp/', headers: { Authorization: 'Bearer ${GH_LOCK_TEST_TOKEN}' } },
        off: { command: process.execPath, args: [catalog], disabled: true },
      },
    },
    null,
    2,
  )
}

/** Output with this machine's paths, ports and the Node binary masked. */
function masked(text: string): string {
  return text.replaceAll(process.execPath, '<node>').replaceAll(root, '<repo>').replaceAll(dir, '<project>').replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
}

beforeAll(async () => {
  web = await startHttpCatalog({ REQUIRE_BEARER: WEB_TOKEN })
  dir = await mkdtemp(join(root, '.tmp', 'lock-cli-'))
  await writeFile(join(dir, '.mcp.json'), mcpJson('v1'))
}, 30_000)

afterAll(async () => {
  web?.stop()
  await rm(dir, { recursive: true, force: true })
})

describe('mcp-contract lock', () => {
  test('writes every server, names the one it could not lock with why, and exits 2 unless allowed', async () => {
    const run = await cli(['lock'], env)
    expect(run.code).toBe(2)
    expect(masked(run.stdout + run.stderr)).toMatchInlineSnapshot(`
      "locked 2 servers to mcp-contract.lock.json (1 disabled, 1 not locked)
      mcp-contract lock: github was not locked: needs GH_LOCK_TEST_TOKEN: set it in the environment (a prompt's value, \`input:…\`, as a variable of the same name) and run again
      "
    `)
    const allowed = await cli(['lock', '--allow-not-checked'], env)
    expect(allowed.code).toBe(0)
    const text = await readFile(join(dir, 'mcp-contract.lock.json'), 'utf8')
    expect(text).not.toContain(WEB_TOKEN)
    expect(text).not.toContain(CATALOG_TOKEN)
    expect(JSON.parse(text).servers.map((entry: { name: string; status: string }) => [entry.name, entry.status])).toEqual([
      ['catalog', 'locked'],
      ['github', 'not-locked'],
      ['off', 'disabled'],
      ['web', 'locked'],
    ])
  }, 60_000)

  test('check --lock on the unchanged config: unchanged, the variable still missing named; allowed, it passes', async () => {
    const strict = await cli(['check', '--lock'], env)
    expect(strict.code).toBe(2)
    const run = await cli(['check', '--lock', '--allow-not-checked'], env)
    expect(run.code).toBe(0)
    expect(masked(run.stdout)).toMatchInlineSnapshot(`
      "MCP lock: 4 servers · 2 unchanged · 1 not checked · 1 disabled
      ✓ catalog  unchanged · 5 tools · 378 tokens
      ! github   not checked: needs GH_LOCK_TEST_TOKEN: set it in the environment (a prompt's value, \`input:…\`, as a variable of the same name) and run again
      - off      disabled in the config; not checked
      ✓ web      unchanged · 5 tools · 378 tokens

      all servers: 10 tools · 756 tokens (o200k_base (gpt-tokenizer))
      passes (fails at risky and above); 1 server not checked, allowed by --allow-not-checked
      "
    `)
  }, 60_000)

  test('a release that breaks a tool: changed, with its classified changes, exit 1; json names each status', async () => {
    await writeFile(join(dir, '.mcp.json'), mcpJson('v2'))
    try {
      const run = await cli(['check', '--lock', 'mcp-contract.lock.json', '--allow-not-checked', '--format', 'json'], env)
      expect(run.code).toBe(1)
      const report = JSON.parse(run.stdout) as { servers: { name: string; status: string; changes?: { kind: string }[] }[] }
      expect(report.servers.map((server) => [server.name, server.status])).toEqual([
        ['catalog', 'changed'],
        ['github', 'not-checked'],
        ['off', 'disabled'],
        ['web', 'unchanged'],
      ])
      expect(report.servers[0].changes?.map((change) => change.kind)).toContain('tool-removed')
      const relock = await cli(['lock', 'catalog'], env)
      expect(masked(relock.stdout)).toMatchInlineSnapshot(`
        "locked 1 server to mcp-contract.lock.json; 3 kept as they were
        "
      `)
      expect((await cli(['check', '--lock', '--allow-not-checked'], env)).code).toBe(0)
    } finally {
      await writeFile(join(dir, '.mcp.json'), mcpJson('v1'))
    }
  }, 90_000)

  test('arguments that do not fit are refused with what to do', async () => {
    const runs = await Promise.all([cli(['lock', '--', 'node', 'x.js']), cli(['check', '--config', '.mcp.json', '--', 'node', 'x.js']), cli(['check', '--lock', 'extra.json', 'extra']), cli(['lock', 'nope'], env)])
    expect(runs.map((run) => [run.code, masked(run.stderr)])).toMatchInlineSnapshot(`
      [
        [
          2,
          "mcp-contract: lock reads its servers from the client config (--config FILE, or .mcp.json and the other known places); it takes no server command or --url
      see mcp-contract lock --help
      ",
        ],
        [
          2,
          "mcp-contract: --config and --allow-not-checked go with check --lock (every server of the lock file), or with lock
      see mcp-contract check --help
      ",
        ],
        [
          2,
          "mcp-contract: unexpected argument "extra"; check --lock checks every locked server (name another lock file with --lock FILE)
      see mcp-contract check --help
      ",
        ],
        [
          2,
          "mcp-contract: the client config has no server "nope"; its servers are catalog, web, github, off. Run mcp-contract lock without names to lock them all.
      ",
        ],
      ]
    `)
  }, 30_000)

  test('lock --help explains every option', async () => {
    const run = await cli(['lock', '--help'])
    expect(run.stdout).toMatchInlineSnapshot(`
      "Usage: mcp-contract lock     [NAME…] [--config FILE] [--lock FILE] [--allow-not-checked]   lock every server of the client config (.mcp.json, VS Code, Cursor, …); check them with check --lock

      Locks the servers a team's agents use but the team does not build: reads the client config (--config FILE, or .mcp.json, .vscode/mcp.json, .cursor/mcp.json and the other known places), reads every server in parallel (twice, for values that change by themselves) and writes mcp-contract.lock.json: how each starts (env and header names only, never values), the package version and integrity it resolved to, its surface as a contract holds it, what the consumer uses of it and the profiles that judge it. With NAME… only those servers are locked again; the others keep their entries. A server that cannot be read gets an entry saying why, and is named on stderr.

      Options:
        --lock FILE          the lock file to write (default mcp-contract.lock.json)
        --config FILE        the client config to read (default: .mcp.json, .vscode/mcp.json, .cursor/mcp.json and the other known places under the working folder)
        --allow-not-checked  exit 0 even when a server could not be locked (it is still named, and its entry says why)
        --profile NAME       a profile that judges every locked server (repeatable); default the config file's profiles, else mcp-2025-11-25 and sdk-typescript
        --timeout MS         wait at most MS for each server to start and for each request (default 60000: npx may download the package first)
        --help, -h           this help

      Exit codes:
        0 every enabled server locked (or, with --allow-not-checked, those it could)
        2 could not run (bad arguments, a config that does not parse, a NAME the config lacks), or a server could not be locked (the lock is written with what could, each one named with why)
        130 / 143 stopped by SIGINT / SIGTERM (the server it started is closed, nothing is written)
      "
    `)
  })
})
