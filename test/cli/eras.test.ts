import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { startHttpFixture, type HttpCatalog } from '../capture/fixture-servers.js'
import { fixture, runCliProcess } from '../support/run-cli-process.js'

let contract: string

beforeEach(async () => {
  contract = join(await mkdtemp(join(tmpdir(), 'mcp-contract-eras-')), 'mcp-contract.json')
})

describe('--era', () => {
  test('show says which wire and era were used; a server that refuses initialize needs no flag', async () => {
    const run = await runCliProcess(['show', '--', 'node', fixture('modern-only.js')])
    expect(run, run.stderr).toMatchObject({ code: 0 })
    expect(run.stdout.split('\n')[0]).toBe('# read over stdio in the 2026-07-28 era')
  })

  test('snapshot --era both records both eras; check reads both again and passes', async () => {
    const recorded = await runCliProcess(['snapshot', '--era', 'both', '--contract', contract, '--', 'node', fixture('era-split.js')])
    expect(recorded, recorded.stderr).toMatchObject({ code: 0 })
    const file = JSON.parse(await readFile(contract, 'utf8'))
    expect(file.eras).toEqual(['legacy', '2026-07-28'])
    expect(file.eraDifferences).toHaveLength(3)
    const check = await runCliProcess(['check', '--contract', contract, '--', 'node', fixture('era-split.js')])
    expect(check, check.stdout).toMatchObject({ code: 0 })
    // Why: snapshot over it reads both eras again too, so the same server leaves the file as it was.
    const again = await runCliProcess(['snapshot', '--contract', contract, '--', 'node', fixture('era-split.js')])
    expect(again.stdout).toContain('is unchanged')
  })

  test('a bad --era and --transport without --url are usage errors', async () => {
    const badEra = await runCliProcess(['show', '--era', '2026', '--', 'node', fixture('catalog.js')])
    expect(badEra.code).toBe(2)
    expect(badEra.stderr.split('\n')[0]).toMatchInlineSnapshot(`"mcp-contract: --era must be one of auto, legacy, 2026-07-28, both, not "2026""`)
    const transport = await runCliProcess(['show', '--transport', 'sse', '--', 'node', fixture('catalog.js')])
    expect(transport.code).toBe(2)
    expect(transport.stderr.split('\n')[0]).toMatchInlineSnapshot(`"mcp-contract: --transport applies to --url only; a server command always speaks stdio"`)
  })
})

describe('--transport', () => {
  let server: HttpCatalog
  beforeAll(async () => {
    server = await startHttpFixture('sse-only.js')
  })
  afterAll(async () => {
    await server.stop()
  })

  test('an HTTP+SSE-only server is read over SSE with no flag, and with --transport sse', async () => {
    for (const args of [[], ['--transport', 'sse']]) {
      const run = await runCliProcess(['show', '--url', server.url, ...args])
      expect(run, run.stderr).toMatchObject({ code: 0 })
      expect(run.stdout.split('\n')[0]).toBe('# read over sse in the legacy era')
      expect(run.stdout).toContain('search_products')
    }
  })
})
