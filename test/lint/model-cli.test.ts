/**
 * The model API profiles through the CLI on a real stdio server: a release that adds a tool with a
 * root anyOf is additive for MCP clients, and refused by Claude's API with every request.
 */
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, test } from 'vitest'
import { ROOT, runCliProcess, scrub } from '../support/run-cli-process.js'

const server = ['--', 'node', join(ROOT, 'test/fixtures/servers/version-diff.js')]
const release2 = { env: { RELEASE: '2' } }

let dir: string
let contract: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-models-'))
  contract = join(dir, 'mcp-contract.json')
  expect(await runCliProcess(['snapshot', '--contract', contract, ...server], { cwd: dir })).toMatchObject({ code: 0, stderr: '' })
})

describe('a release that adds version_diff with a root anyOf', () => {
  test('check --profile anthropic fails: a breaking change that names the profile and what Claude agents will see (exit 1)', async () => {
    const check = await runCliProcess(['check', '--contract', contract, '--profile', 'anthropic', ...server], { ...release2, cwd: dir })
    expect(check.code).toBe(1)
    expect(check.stdout).toContain('anthropic rule tool-input-schema-root-combinator')
    expect(scrub(check.stdout, { [dir]: '<dir>' })).toMatchSnapshot()
    expect(scrub(check.stderr, { [dir]: '<dir>' })).toMatchSnapshot()
  })

  test('without any model profile, check passes and prints one warning line', async () => {
    const check = await runCliProcess(['check', '--contract', contract, ...server], { ...release2, cwd: dir })
    expect(check.code).toBe(0)
    expect(check.stderr).toMatchInlineSnapshot(`
      "mcp-contract: warning: Claude's API refuses this tool list: version_diff has anyOf at its root (declare the model APIs you serve in the config's profiles, e.g. "anthropic", to fail on it)
      "
    `)
  })

  test('snapshot records it and prints the same line', async () => {
    const snapshot = await runCliProcess(['snapshot', '--contract', join(dir, 'next.json'), ...server], { ...release2, cwd: dir })
    expect(snapshot.code).toBe(0)
    expect(snapshot.stderr.split('\n').filter(Boolean)).toEqual([expect.stringMatching(/^mcp-contract: warning: Claude's API refuses this tool list: version_diff has anyOf at its root/)])
  })

  test('declared in the config file\'s profiles, check fails without the undeclared line', async () => {
    await writeFile(join(dir, 'mcp-contract.config.json'), `${JSON.stringify({ profiles: ['mcp-2025-11-25', 'sdk-typescript', 'anthropic'] })}\n`)
    const check = await runCliProcess(['check', '--contract', contract, ...server], { ...release2, cwd: dir })
    expect(check.code).toBe(1)
    expect(check.stdout).toContain('breaking')
    expect(check.stderr).not.toContain('declare the model APIs')
    expect(check.stderr).toContain('mcp-contract: warning: anthropic tool-input-schema-root-combinator: version_diff')
  })
})
