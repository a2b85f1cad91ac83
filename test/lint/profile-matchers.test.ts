import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { expect, test, vi } from 'vitest'
import type { MatcherResult } from '../../matchers/matcher-core.js'
import { toHonorContract } from '../../matchers/index.js'
import '../../setup/vitest.js'
import { writeContract } from '../../src/contract/contract-file.js'
import { normalizeSurface } from '../../src/surface/normalize.js'

/** A low-level SDK server whose tools/list returns `tools` untouched, as a broken server would. */
function rawToolsServer(tools: Record<string, unknown>[]): Server {
  const server = new Server({ name: 'files', version: '1.0.0' }, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }) as never)
  return server
}

const GOOD = [{ name: 'read_file', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } }]
const BROKEN = [{ name: 'read_file', inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#' } }]

function plain(message: string, dir: string): string {
  // eslint-disable-next-line no-control-regex
  return message.replace(/\u001b\[[0-9;]*m/g, '').replaceAll(relative(process.cwd(), dir), '<dir>').replaceAll(dir, '<dir>')
}

async function contractOf(tools: Record<string, unknown>[]): Promise<{ dir: string; file: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-contract-profiles-'))
  const file = join(dir, 'mcp-contract.json')
  await writeContract(file, normalizeSurface({ initialize: { serverInfo: { name: 'files', version: '1.0.0' }, capabilities: { tools: {} } }, tools }))
  return { dir, file }
}

/**
 * Calls the raw matcher as Jest would (no file snapshot), so the failure is a result to inspect.
 * Why: under Vitest a failing contract file counts as a failed snapshot in the run's summary.
 */
function honor(received: unknown, file: string, dir: string, policy?: object): Promise<MatcherResult> {
  const context = { isNot: false, testPath: join(dir, 'files.test.js'), currentTestName: 'files', snapshotState: { _updateSnapshot: 'none' } }
  return toHonorContract.call(context as never, received, file, policy as never)
}

test('toHonorContract fails on a release the SDK clients cannot list, naming the profile and the rule', async () => {
  const { dir, file } = await contractOf(GOOD)
  const result = await honor(() => rawToolsServer(BROKEN), file, dir)
  expect(result.pass).toBe(false)
  expect(plain(result.message(), dir)).toMatchSnapshot()
})

test('toHonorContract with profiles: [] judges the schemas alone', async () => {
  const { dir, file } = await contractOf(GOOD)
  const result = await honor(() => rawToolsServer(BROKEN), file, dir, { profiles: [] })
  expect(result.pass).toBe(false)
  const message = plain(result.message(), dir)
  expect(message).toContain('argument-removed')
  expect(message).not.toContain('profile-violation')
  expect(message).not.toContain('cannot list')
})

test('a profile name that is not one is rejected before anything connects', () => {
  let called = false
  const factory = () => {
    called = true
    return rawToolsServer(GOOD)
  }
  let message = ''
  try {
    void expect(factory).toHonorContract('x.json', { profiles: ['claude-desktop'] })
  } catch (error) {
    message = plain((error as Error).message, '<none>')
  }
  expect(message).toMatchInlineSnapshot(`
    "expect(server).toHonorContract("x.json")

    profiles lists "claude-desktop", which is not a profile; the profiles are mcp-2025-11-25, mcp-2026-07-28, sdk-typescript, anthropic, openai, openai-strict, gemini, gemini-sanitized, gemini-json-schema, claude-code, claude-connectors, cursor, vscode-copilot, zed, bedrock-converse (docs/profiles.md describes each)."
  `)
  expect(called).toBe(false)
})

// Why a name no other test file uses: a warning line prints once per run (matchers/once-per-run.ts),
// and other files warn about a version_diff of their own.
const VERSION_DIFF = { name: 'versions_between', inputSchema: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } }, anyOf: [{ required: ['from'] }, { required: ['to'] }] } }

test('toHonorContract: a release that adds a root anyOf passes with one warning line when no model profile is declared, and fails under anthropic', async () => {
  const { dir, file } = await contractOf(GOOD)
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  try {
    const undeclared = await honor(() => rawToolsServer([...GOOD, VERSION_DIFF]), file, dir)
    expect(undeclared.pass).toBe(true)
    expect(warn.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('model APIs'))).toMatchInlineSnapshot(`
      [
        "mcp-contract: warning: Claude's API refuses this tool list: versions_between has anyOf at its root (declare the model APIs you serve in the config's profiles, e.g. "anthropic", to fail on it)",
      ]
    `)
    warn.mockClear()
    const declared = await honor(() => rawToolsServer([...GOOD, VERSION_DIFF]), file, dir, { profiles: ['sdk-typescript', 'anthropic'] })
    expect(declared.pass).toBe(false)
    expect(plain(declared.message(), dir)).toContain("now breaks anthropic rule tool-input-schema-root-combinator at inputSchema.anyOf (anyOf at its root) — Claude's Messages API refuses")
    expect(warn.mock.calls.filter(([line]) => String(line).includes('model APIs'))).toEqual([])
  } finally {
    warn.mockRestore()
  }
})
