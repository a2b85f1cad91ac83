/**
 * A consumer of a real published server reads the upgrade @modelcontextprotocol/server-everything
 * 2025.7.29 → 2026.8.31 (153 changes, the agent uses three tools) scoped with --used: every
 * format counts what is in scope first, the 100 removed static resources read as one line, and
 * the tools renamed in that release are paired, not a removal plus an addition each.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cliIn } from '../support/run-cli-in-process.js'

const require = createRequire(import.meta.url)
const OLD = join(require.resolve('everything-2025-7-29/package.json'), '..', 'dist', 'index.js')
const NEW = join(require.resolve('everything-2026-8-31/package.json'), '..', 'dist', 'index.js')

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-everything-'))
  await writeFile(join(dir, 'package.json'), '{"name":"agent"}')
  await writeFile(join(dir, 'agent.ts'), "export async function run(client) {\n  await client.callTool({ name: 'echo', arguments: { message: 'hi' } })\n  await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } })\n  return client.callTool({ name: 'getTinyImage', arguments: {} })\n}\n")
  const old = await cli(['snapshot', '--contract', 'old.json', '--', process.execPath, OLD])
  expect(old.code, old.stderr).toBe(0)
  const now = await cli(['snapshot', '--contract', 'new.json', '--', process.execPath, NEW, 'stdio'])
  expect(now.code, now.stderr).toBe(0)
}, 120_000)
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const cli = cliIn(() => dir)
const USED = ['--used', 'echo,add,getTinyImage']

describe('diff of server-everything 2025.7.29 → 2026.8.31 with --used echo,add,getTinyImage', () => {
  test('JSON: summary counts the scope, outOfScope the rest, changes keeps every change, renames paired', async () => {
    const run = await cli(['diff', 'old.json', 'new.json', ...USED, '--format', 'json'])
    expect(run.code).toBe(1)
    const report = JSON.parse(run.stdout) as { summary: Record<string, number>; outOfScope: Record<string, number>; changes: { kind: string; name: string; outOfScope?: true; after?: unknown }[] }
    expect({ summary: report.summary, outOfScope: report.outOfScope }).toMatchSnapshot()
    const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0)
    expect(report.changes.filter((change) => !change.outOfScope)).toHaveLength(total(report.summary))
    expect(report.changes.filter((change) => change.outOfScope)).toHaveLength(total(report.outOfScope))
    expect(report.changes.filter((change) => change.kind === 'resource-removed')).toHaveLength(100)
    expect(report.changes.filter((change) => change.kind === 'tool-renamed').map((change) => `${change.name} → ${String(change.after)}`)).toMatchSnapshot()
  })

  test.each(['text', 'markdown', 'github'])('%s', async (format) => {
    const run = await cli(['diff', 'old.json', 'new.json', ...USED, '--format', format])
    expect(run.code).toBe(1)
    expect(run.stdout).toMatchSnapshot()
  })

  test('--used-by, a server the reader does not build: the breaking tools say what they do to the agent, and no release advice', async () => {
    const run = await cli(['diff', 'old.json', 'new.json', '--used-by', 'agent.ts'])
    expect(run.code).toBe(1)
    expect(run.stdout.split('\n').filter((line) => /^(security|tool|prompt|resource|template|server)\b/.test(line))).toMatchInlineSnapshot(`
      [
        "tool add · 1 breaking — your agent's calls to add fail",
        "tool getTinyImage · 1 breaking — your agent's calls to getTinyImage fail",
        "server · 3 routing, 4 additive",
        "tool echo · 2 routing, 5 additive",
      ]
    `)
    // Had the server called the release a patch, its own team is told which release it needed; its consumer is not.
    await writeFile(join(dir, 'patch.json'), (await readFile(join(dir, 'new.json'), 'utf8')).replace('"serverVersion": "2.0.0"', '"serverVersion": "1.0.1"'))
    const provider = await cli(['diff', 'old.json', 'patch.json', '--used', 'echo,add,getTinyImage'])
    expect(provider.stdout).toContain('release 2.0.0 or later')
    const consumer = await cli(['diff', 'old.json', 'patch.json', '--used-by', 'agent.ts'])
    expect(consumer.stdout).not.toContain('release')
    expect(consumer.stdout).toContain("tool add · 1 breaking — your agent's calls to add fail")
  })

  test('text without a scope: the 100 removed resources on one line', async () => {
    const run = await cli(['diff', 'old.json', 'new.json'])
    expect(run.stdout).toContain('resource test://static/resource/{1…100} · 100 breaking\n  breaking  resource-removed  100 alike\n')
    expect(run.stdout.match(/test:\/\/static\/resource\/\d/g)).toBeNull()
  })
})

describe('show for a consumer of server-everything', () => {
  test('show --used-by against 2026.8.31 lists what the agent mentions that the server no longer serves, with file:line and the likely new name', { timeout: 60_000 }, async () => {
    const run = await cli(['show', '--used-by', 'agent.ts', '--contract', 'old.json', '--', process.execPath, NEW, 'stdio'])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatchInlineSnapshot(`
      "used by the consumer (1):
        tool echo  agent.ts:2
      no longer served, as old.json recorded them (2):
        tool add           agent.ts:3 (suspected rename to get-sum)
        tool getTinyImage  agent.ts:4 (suspected rename to get-tiny-image)
      "
    `)
  })

  test('show --contract FILE prints a committed contract without starting its server; --suggest-version still needs one', async () => {
    const run = await cli(['show', '--contract', 'old.json'])
    expect(run.code).toBe(0)
    expect(run.stdout.split('\n').slice(0, 3)).toMatchInlineSnapshot(`
      [
        "# read from old.json",
        "McpSurface {",
        "  server",
      ]
    `)
    const suggest = await cli(['show', '--contract', 'old.json', '--suggest-version'])
    expect(suggest.code).toBe(2)
    expect(suggest.stderr).toMatchInlineSnapshot(`
      "mcp-contract: show --suggest-version compares the server with the contract file: give the server, -- <server command…> or --url URL
      see mcp-contract show --help
      "
    `)
  })
})
