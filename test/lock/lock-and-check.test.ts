import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { checkLock, type LockReport } from '../../src/lock/check-lock.js'
import type { ClientConfig, ConfiguredPackage, ConfiguredServer } from '../../src/lock/client-config/types.js'
import { lockClientConfig } from '../../src/lock/lock-client-config.js'
import { parseLock, serializeLock, type LockFile } from '../../src/lock/lock-file.js'
import { formatLockReport } from '../../src/report/format-lock-report.js'
import { REPORT_FORMATS } from '../../src/report/report-formats.js'
import { startHttpCatalog } from '../support/http-catalog.js'

const root = resolve(import.meta.dirname, '../..')
const SOURCE = { file: join(root, '.mcp.json'), format: 'claude-code' as const }
const SECRET = 'ghp_lockTestSecret0123456789abcdefghijklmn'
const ENV_TOKEN = 'tok-env-9f8e7d6c5b4a'

/** A stdio server of the config, started with node from this repository. */
function stdio(name: string, script: string, env: Record<string, string> = {}, pkg?: ConfiguredPackage): ConfiguredServer {
  return {
    name,
    source: SOURCE,
    disabled: false,
    transport: 'stdio',
    start: { command: 'node', args: [script], env: Object.keys(env) },
    target: { command: process.execPath, args: [script], cwd: root, env },
    needs: [],
    ...(pkg ? { package: pkg } : {}),
  }
}

/** An HTTP server of the config; `written` is the URL as the config writes it (a variable in place of the port). */
function http(name: string, url: string, headers: Record<string, string> = {}): ConfiguredServer {
  const written = url.replace(/127\.0\.0\.1:\d+/, '127.0.0.1:${env:PORT}')
  return { name, source: SOURCE, disabled: false, transport: 'http', start: { url: written, headers: Object.keys(headers) }, target: { url, headers }, needs: [] }
}

const needsToken: ConfiguredServer = {
  name: 'github',
  source: SOURCE,
  disabled: false,
  transport: 'http',
  start: { url: 'https://api.githubcopilot.com/mcp/', headers: ['Authorization'] },
  needs: ['GITHUB_TOKEN'],
}
const disabled: ConfiguredServer = { ...stdio('off', 'test/fixtures/servers/catalog.js'), disabled: true, target: undefined }

/** The memory server a package names, run from the copy of that version installed here; the registry's answer is that copy's package.json. */
function memory(version: string): ConfiguredServer {
  const folder = `memory-${version.replace(/\./g, '-')}`
  const server = stdio('memory', `node_modules/${folder}/dist/index.js`, {}, { ecosystem: 'npm', name: '@modelcontextprotocol/server-memory', requested: version, runner: 'npx' })
  return { ...server, start: { command: 'npx', args: ['-y', `@modelcontextprotocol/server-memory@${version}`], env: [] } }
}
async function installedVersion(pkg: ConfiguredPackage) {
  const folder = `memory-${(pkg.requested ?? '').replace(/\./g, '-')}`
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules', folder, 'package.json'), 'utf8')) as { version: string }
  return { name: pkg.name, version: manifest.version, integrity: `sha512-installed-${manifest.version}` }
}

/** A SARIF log with only the lock's own rules and every result, as JSON text. */
function sarifOfTheLock(text: string): string {
  const run = (JSON.parse(text) as { runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string; ruleIndex: number }[] }[] }).runs[0]
  const rules = run.tool.driver.rules
  // Why the index checked, not pinned: it moves whenever a change kind is added.
  const results = run.results.map((result) => ({ ...result, ruleIndex: rules[result.ruleIndex]?.id === result.ruleId ? 'the rule of ruleId' : 'WRONG' }))
  return JSON.stringify({ rules: rules.filter((rule) => rule.id.startsWith('lock-')), results }, null, 2)
}

let web: { url: string; stop: () => void }
let guarded: { url: string; stop: () => void }
let config: ClientConfig
let lock: LockFile
let lockText: string
const options = { cwd: root, file: 'mcp-contract.lock.json', resolvePackage: installedVersion, timeoutMs: 20_000 }

beforeAll(async () => {
  ;[web, guarded] = await Promise.all([startHttpCatalog(), startHttpCatalog({ REQUIRE_BEARER: SECRET })])
  config = {
    files: [SOURCE.file],
    servers: [
      stdio('catalog', 'test/fixtures/servers/catalog.js', { CATALOG_TOKEN: ENV_TOKEN }),
      stdio('clock', 'test/fixtures/servers/clock.js'),
      http('web', web.url),
      http('private', guarded.url, { Authorization: `Bearer ${SECRET}` }),
      stdio('crash', 'test/fixtures/servers/crash-at-start.js'),
      memory('2025.4.25'),
      needsToken,
      disabled,
    ],
    warnings: [],
  }
  const outcome = await lockClientConfig(config, { ...options, profiles: ['mcp-2025-11-25', 'sdk-typescript'], agentReferences: [{ server: 'catalog', tool: 'search_products', file: '.claude/agents/shop.md', line: 3 }] })
  lock = outcome.lock
  lockText = serializeLock(lock)
  expect(outcome.notLocked.map(({ name, why }) => [name, why.reason])).toEqual([
    ['crash', 'did-not-start'],
    ['github', 'needs-variable'],
  ])
}, 120_000)

afterAll(() => {
  web?.stop()
  guarded?.stop()
})

describe('the lock file', () => {
  test('holds every server by name, with a status each, and reads back', () => {
    expect(lock.servers.map((entry) => [entry.name, entry.status])).toEqual([
      ['catalog', 'locked'],
      ['clock', 'locked'],
      ['crash', 'not-locked'],
      ['github', 'not-locked'],
      ['memory', 'locked'],
      ['off', 'disabled'],
      ['private', 'locked'],
      ['web', 'locked'],
    ])
    expect(parseLock(lockText, 'mcp-contract.lock.json')).toEqual(JSON.parse(lockText))
    expect(lockText.endsWith('}\n')).toBe(true)
  })

  test('is the same text whatever order the config lists its servers in', async () => {
    const reversed = serializeLock({ ...lock, servers: [...lock.servers].reverse() })
    expect(reversed).toBe(lockText)
  })

  test('holds no secret and no machine path', () => {
    expect(lockText).not.toContain(SECRET)
    expect(lockText).not.toContain(ENV_TOKEN)
    expect(lockText).not.toContain(root)
    expect(lockText).not.toContain(process.execPath)
    expect(lockText).not.toMatch(/127\.0\.0\.1:\d/)
  })

  test('records how each starts, names only, the package it resolved to, why it was not locked, and its scope', () => {
    const byName = new Map(lock.servers.map((entry) => [entry.name, entry]))
    expect(byName.get('catalog')).toMatchObject({ source: { file: '.mcp.json', format: 'claude-code' }, start: { command: 'node', args: ['test/fixtures/servers/catalog.js'], env: ['CATALOG_TOKEN'] }, scope: { agents: ['search_products'] } })
    expect(byName.get('private')?.start).toEqual({ url: 'http://127.0.0.1:${env:PORT}/mcp', headers: ['Authorization'] })
    expect(byName.get('memory')?.package).toEqual({ ecosystem: 'npm', name: '@modelcontextprotocol/server-memory', requested: '2025.4.25', runner: 'npx', version: '2025.4.25', integrity: 'sha512-installed-2025.4.25' })
    expect(byName.get('crash')?.notLocked).toEqual({ reason: 'did-not-start', exitCode: 1 })
    expect(byName.get('github')?.notLocked).toEqual({ reason: 'needs-variable', needs: ['GITHUB_TOKEN'] })
    expect(byName.get('off')).not.toHaveProperty('contract')
  })

  test("records values a server changes by itself, read twice as snapshot reads them", () => {
    const clock = lock.servers.find((entry) => entry.name === 'clock')
    expect((clock?.contract as { volatile?: unknown[] }).volatile?.length).toBeGreaterThan(0)
  })

  test('a lock of a newer format, or of the wrong shape, is refused with what to do', () => {
    expect(() => parseLock('{"format": 9, "servers": []}', 'x.lock.json')).toThrowErrorMatchingInlineSnapshot(`[ContractFileError: x.lock.json is lock format 9, written by a newer mcp-contract; this version reads format 1. Upgrade mcp-contract.]`)
    expect(() => parseLock('{"format": 1, "servers": [{"name": "a"}]}', 'x.lock.json')).toThrowErrorMatchingInlineSnapshot(`[ContractFileError: x.lock.json is not a valid mcp-contract lock file: servers[0] has no "source". Fix that value (mcp-contract.lock.schema.json in the package describes the format), restore the file from version control, or write it again with \`mcp-contract lock\`.]`)
  })
})

describe('lock NAME', () => {
  test('locks one server again and keeps the others as they were', async () => {
    const changed = { ...config, servers: config.servers.map((server) => (server.name === 'web' ? { ...server, start: { url: 'http://127.0.0.1:${env:PORT}/mcp', headers: ['X-Trace'] } } : server)) }
    const { lock: again } = await lockClientConfig(changed, { ...options, profiles: ['mcp-2025-11-25'], previous: lock, only: ['web'] })
    const web = again.servers.find((entry) => entry.name === 'web')
    expect(web?.start).toEqual({ url: 'http://127.0.0.1:${env:PORT}/mcp', headers: ['X-Trace'] })
    expect(web?.profiles).toEqual(['mcp-2025-11-25'])
    expect(again.servers.filter((entry) => entry.name !== 'web')).toEqual(lock.servers.filter((entry) => entry.name !== 'web'))
  })

  test('the same name in two files: the first read is locked, the other named as hidden by it', async () => {
    const vscode = { ...stdio('catalog', 'test/fixtures/servers/clock.js'), source: { file: join(root, '.vscode/mcp.json'), format: 'vscode' as const } }
    const { lock: twice, shadowed } = await lockClientConfig({ ...config, servers: [config.servers[0], vscode] }, { ...options, profiles: [] })
    expect(twice.servers.map((entry) => [entry.name, entry.source.file])).toEqual([['catalog', '.mcp.json']])
    expect(shadowed).toEqual([{ name: 'catalog', file: '.vscode/mcp.json', by: '.mcp.json' }])
  }, 30_000)

  test('a name the config lacks is refused, naming the servers it has', async () => {
    await expect(lockClientConfig(config, { ...options, profiles: [], only: ['nope'] })).rejects.toThrowErrorMatchingInlineSnapshot(`[UnknownServerError: the client config has no server "nope"; its servers are catalog, clock, web, private, crash, memory, github, off]`)
  })
})

describe('check --lock', () => {
  let unchanged: LockReport
  beforeAll(async () => {
    unchanged = await checkLock(lock, config, options)
  }, 60_000)

  test('an unchanged config: every locked server unchanged; the ones that could not be read are named, and fail the run', () => {
    expect(unchanged.servers.map((server) => [server.name, server.status, server.notChecked?.reason])).toEqual([
      ['catalog', 'unchanged', undefined],
      ['clock', 'unchanged', undefined],
      ['crash', 'not-checked', 'not-locked'],
      ['github', 'not-checked', 'needs-variable'],
      ['memory', 'unchanged', undefined],
      ['off', 'disabled', undefined],
      ['private', 'unchanged', undefined],
      ['web', 'unchanged', undefined],
    ])
    expect(unchanged).toMatchObject({ ok: false, failures: ['not-checked'] })
  })

  test('--allow-not-checked lets them pass, and the report still lists them', async () => {
    const allowed = await checkLock(lock, config, { ...options, allowNotChecked: true })
    expect(allowed).toMatchObject({ ok: true, failures: [] })
    expect(formatLockReport(allowed, { format: 'text', lock: { file: 'mcp-contract.lock.json' } })).toContain('2 servers not checked, allowed by --allow-not-checked')
  }, 60_000)

  test('the whole config: tools and tokens per server and for all, judged against the token budget', async () => {
    const sized = await checkLock(lock, config, { ...options, allowNotChecked: true, policy: { tokenBudget: { max: 100 } } })
    const counted = sized.servers.filter((server) => server.tools !== undefined)
    expect(sized.size.tools).toBe(counted.reduce((sum, server) => sum + (server.tools ?? 0), 0))
    expect(sized.size.tokens).toBeGreaterThan(100)
    expect(sized.size.budget).toEqual({ max: 100, exceeded: true })
    expect(sized.size.hosts).toEqual([])
    expect(sized).toMatchObject({ ok: false, failures: ['token-budget'] })
  }, 60_000)

  test("and against the hosts' limits, all servers together: a name the config makes too long for a host", async () => {
    const long: ClientConfig = { ...config, servers: [stdio('catalog-of-every-product-the-shop-sells-today', 'test/fixtures/servers/catalog.js')] }
    const { lock: locked } = await lockClientConfig(long, { ...options, profiles: [] })
    const report = await checkLock(locked, long, { ...options, hostProfiles: ['cursor', 'claude-code'] })
    expect(report.failures).toEqual(['host-tool-limit'])
    expect(report.size.hosts).toMatchInlineSnapshot(`
      [
        {
          "count": 1,
          "examples": [
            {
              "detail": "catalog-of-every-product-the-shop-sells-todaysearch_products is 60 characters, past 59",
              "server": "catalog-of-every-product-the-shop-sells-today",
              "tool": "search_products",
            },
          ],
          "profile": "cursor",
          "rule": "tool-name-length",
          "severity": "error",
        },
        {
          "count": 3,
          "examples": [
            {
              "detail": "mcp__catalog-of-every-product-the-shop-sells-today__legacy_export is 65 characters, past 64",
              "server": "catalog-of-every-product-the-shop-sells-today",
              "tool": "legacy_export",
            },
            {
              "detail": "mcp__catalog-of-every-product-the-shop-sells-today__parse_catalog is 65 characters, past 64",
              "server": "catalog-of-every-product-the-shop-sells-today",
              "tool": "parse_catalog",
            },
            {
              "detail": "mcp__catalog-of-every-product-the-shop-sells-today__search_products is 67 characters, past 64",
              "server": "catalog-of-every-product-the-shop-sells-today",
              "tool": "search_products",
            },
          ],
          "profile": "claude-code",
          "rule": "tool-name-length",
          "severity": "error",
        },
      ]
    `)
    expect(formatLockReport(report, { format: 'text', lock: { file: 'mcp-contract.lock.json' } }).split('\n').filter((line) => line.includes('tool')).slice(-4)).toMatchInlineSnapshot(`
      [
        "✓ catalog-of-every-product-the-shop-sells-today  unchanged · 5 tools · 378 tokens",
        "all servers: 5 tools · 378 tokens (o200k_base (gpt-tokenizer))",
        "  error cursor tool-name-length: 1 tool, first catalog-of-every-product-the-shop-sells-today → search_products (catalog-of-every-product-the-shop-sells-todaysearch_products is 60 characters, past 59)",
        "  error claude-code tool-name-length: 3 tools, first catalog-of-every-product-the-shop-sells-today → legacy_export (mcp__catalog-of-every-product-the-shop-sells-today__legacy_export is 65 characters, past 64), catalog-of-every-product-the-shop-sells-today → parse_catalog (mcp__catalog-of-every-product-the-shop-sells-today__parse_catalog is 65 characters, past 64), catalog-of-every-product-the-shop-sells-today → search_products (mcp__catalog-of-every-product-the-shop-sells-today__search_products is 67 characters, past 64)",
      ]
    `)
  }, 60_000)

  test('a moved server, a package at a newer version, a URL gone, a lost token, a server removed and one added', async () => {
    const now: ClientConfig = {
      ...config,
      servers: [
        stdio('catalog', 'test/fixtures/servers/catalog.js', { CATALOG_VARIANT: 'v2' }),
        memory('2026.8.31'),
        http('web', web.url.replace(/\/mcp$/, '/sse')),
        http('private', guarded.url),
        stdio('fresh', 'test/fixtures/servers/catalog.js'),
        needsToken,
        disabled,
      ],
    }
    const report = await checkLock(lock, now, { ...options, agentReferences: [{ server: 'catalog', tool: 'search_products', file: '.claude/agents/shop.md', line: 3 }, { server: 'catalog', tool: 'place_order', file: '.claude/agents/shop.md', line: 4 }, { server: 'slack', tool: 'post_message', file: '.claude/skills/notify/SKILL.md', line: 2 }] })
    expect(report.servers.map((server) => [server.name, server.status, server.notChecked?.reason ?? server.cause])).toEqual([
      ['catalog', 'changed', undefined],
      ['clock', 'removed-from-config', undefined],
      ['crash', 'removed-from-config', undefined],
      ['fresh', 'added-to-config', undefined],
      ['github', 'not-checked', 'needs-variable'],
      ['memory', 'changed', 'version-moved'],
      ['off', 'disabled', undefined],
      ['private', 'not-checked', 'needs-authorization'],
      ['web', 'not-checked', 'gone'],
    ])
    const memoryCheck = report.servers.find((server) => server.name === 'memory')
    expect(memoryCheck?.package).toEqual({ name: '@modelcontextprotocol/server-memory', runner: 'npx', locked: '2025.4.25', now: '2026.8.31' })
    expect(memoryCheck?.report?.changes.length).toBeGreaterThan(0)
    const catalog = report.servers.find((server) => server.name === 'catalog')
    expect(catalog?.scope).toEqual(['place_order', 'search_products'])
    expect(report.agentToolsMissing).toEqual([
      { server: 'catalog', tool: 'place_order', file: '.claude/agents/shop.md', line: 4 },
      { server: 'slack', tool: 'post_message', file: '.claude/skills/notify/SKILL.md', line: 2 },
    ])
    const masked = (text: string) => text.replaceAll(root, '<repo>').replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
    for (const format of REPORT_FORMATS) {
      const text = formatLockReport(report, { format, lock: { file: 'mcp-contract.lock.json', text: lockText }, toolVersion: '0.0.0' })
      if (format === 'json') expect(JSON.parse(text)).toMatchObject({ ok: false, servers: expect.any(Array) })
      // Why SARIF's results and the lock's own rules only: every change kind's rule text is pinned by the report tests.
      const pinned = format === 'sarif' ? sarifOfTheLock(text) : text
      expect(masked(pinned)).toMatchSnapshot(format)
    }
    // Why no 'changes': what the catalog broke is outside what the agents use, and the memory upgrade only adds.
    expect(report.failures).toEqual(['not-checked', 'agent-tools-missing'])
    expect(catalog?.report?.changes.map((change) => change.kind)[0]).toBe('hint-reversed')
  }, 60_000)

  test('a surface that moved under the same version is said to be its dependencies', async () => {
    // The same requested version, run from another install: what a fresh `npx` gets when a dependency moved.
    const moved = { ...memory('2025.4.25'), target: memory('2026.8.31').target }
    const report = await checkLock({ ...lock, servers: lock.servers.filter((entry) => entry.name === 'memory') }, { ...config, servers: [moved] }, options)
    expect(report.servers).toMatchObject([{ name: 'memory', status: 'changed', cause: 'same-version', package: { locked: '2025.4.25', now: '2025.4.25' } }])
    expect(formatLockReport(report, { format: 'text', lock: { file: 'mcp-contract.lock.json' } }).split('\n').filter((line) => line.includes('same version'))).toMatchInlineSnapshot(`
      [
        "~ memory  changed · 9 tools · 765 tokens · changed at the same version (@modelcontextprotocol/server-memory 2025.4.25): its dependencies moved the surface",
        "memory: what moved under the same version 2025.4.25",
      ]
    `)
  }, 30_000)

  test('a release whose text starts instructing the model is breaking in a lock, and listed first', async () => {
    const calculator = (env: Record<string, string>) => stdio('calculator', 'test/fixtures/servers/poisoned.js', env)
    const { lock: locked } = await lockClientConfig({ ...config, servers: [calculator({})] }, { ...options, profiles: [] })
    const report = await checkLock(locked, { ...config, servers: [calculator({ POISONED: '1' })] }, options)
    const [first] = report.servers[0].report?.changes ?? []
    expect(first).toMatchObject({ kind: 'tool-description-changed', severity: 'breaking', cues: expect.arrayContaining([expect.objectContaining({ cue: 'instruction' })]) })
    expect(report).toMatchObject({ ok: false, failures: ['changes'] })
  }, 30_000)

  test('a change to a tool the agents use fails the run', async () => {
    const now: ClientConfig = { ...config, servers: [stdio('catalog', 'test/fixtures/servers/catalog.js', { CATALOG_VARIANT: 'v2' })] }
    const report = await checkLock({ ...lock, servers: lock.servers.filter((entry) => entry.name === 'catalog') }, now, { ...options, agentReferences: [{ server: 'catalog', tool: 'parse_catalog', file: '.claude/agents/shop.md', line: 3 }] })
    expect(report.servers).toMatchObject([{ name: 'catalog', status: 'changed', fails: true, scope: ['parse_catalog', 'search_products'] }])
    expect(report).toMatchObject({ ok: false, failures: ['changes'] })
  }, 30_000)

  test('a config that checks nothing never passes', async () => {
    const report = await checkLock(lock, { ...config, servers: [disabled] }, { ...options, allowNotChecked: true })
    expect(report).toMatchObject({ ok: false, failures: ['nothing-checked'] })
  })
})
