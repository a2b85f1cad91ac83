import { describe, expect, test } from 'vitest'
import { fixture, ROOT, runCliProcess, scrub, type CliRun } from '../support/run-cli-process.js'

/**
 * Runs the built CLI as a project without SDK 2.x would: Node's resolver is hooked so that
 * `@modelcontextprotocol/client` and `/server` are not found, exactly as when never installed.
 * Only the CLI gets the hook; the server it starts is a process of its own.
 */
function runWithoutSdk2(args: string[]): Promise<CliRun> {
  return runCliProcess(args, { nodeArgs: ['--import', `${ROOT}test/fixtures/without-sdk2/register.mjs`] })
}

describe('without the optional SDK 2.x', () => {
  test('a 2025-era server is read as ever: SDK 2.x is loaded only for the 2026 era', async () => {
    const run = await runWithoutSdk2(['show', '--', 'node', fixture('catalog.js')])
    expect(run, run.stderr).toMatchObject({ code: 0 })
    expect(run.stdout.split('\n')[0]).toBe('# read over stdio in the legacy era')
  })

  test('a server that speaks only 2026-07-28 says which package to install, and the run ends (the server it started does not keep it alive)', async () => {
    for (const era of [[], ['--era', '2026-07-28']]) {
      const run = await runWithoutSdk2(['show', ...era, '--', 'node', fixture('modern-only.js')])
      expect(run.code).toBe(2)
      expect(scrub(run.stderr)).toMatchInlineSnapshot(`
        "mcp-contract: stdio: node <root>/test/fixtures/servers/modern-only.js has to be read in the 2026-07-28 protocol era, which needs the MCP SDK 2.x client, and @modelcontextprotocol/client is not installed. Install it (npm i -D @modelcontextprotocol/client), or read a server that still answers initialize with --era legacy.
        "
      `)
    }
  })
})
