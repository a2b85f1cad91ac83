import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, test } from 'vitest'
import { fixture, runCliProcess, scrub } from '../support/run-cli-process.js'

const catalog = fixture('catalog.js')
let dir: string
let contract: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-version-'))
  contract = join(dir, 'mcp-contract.json')
})

/** Runs the CLI against the catalog server of `variant`, reporting `version`. */
function run(args: string[], variant: string, version: string) {
  return runCliProcess([...args, '--contract', contract, '--', 'node', catalog], { env: { CATALOG_VARIANT: variant, CATALOG_VERSION: version } })
}

describe('version advice against a real server', () => {
  test('the contract records serverInfo.version; a release with the same surface passes, and snapshot leaves the file as it was', async () => {
    expect((await run(['snapshot'], 'v1', '1.4.2')).code).toBe(0)
    const recorded = await readFile(contract, 'utf8')
    expect(JSON.parse(recorded)).toMatchObject({ format: 1, serverVersion: '1.4.2' })
    const check = await run(['check'], 'v1', '1.4.3')
    expect(check).toMatchObject({ code: 0, stdout: 'no changes — passes (fails at risky and above)\n' })
    expect((await run(['snapshot'], 'v1', '1.4.3')).stdout).toContain('is unchanged')
    expect(await readFile(contract, 'utf8')).toBe(recorded)
  })

  test('a breaking change under a patch release is reported, and --suggest-version names the release it needs', async () => {
    await run(['snapshot'], 'v1', '1.4.2')
    const check = await run(['check', '--suggest-version'], 'v2', '1.4.3')
    expect(check.code).toBe(1)
    expect(check.stdout.split('\n').slice(-4)).toEqual([
      '5 changes · 3 breaking · 1 routing · 1 additive — fails at risky and above',
      'version: breaking change, but the version moved 1.4.2 → 1.4.3; callers pinning ^1 will break — release 2.0.0 or later',
      'suggested version: 2.0.0 — the smallest breaking release after 1.4.2, for breaking or risky changes (the server reports 1.4.3, which is too small)',
      '',
    ])
    const json = JSON.parse((await run(['check', '--format', 'json'], 'v2', '1.4.3')).stdout)
    expect(json.version).toEqual({ needed: 'major', recorded: '1.4.2', live: '1.4.3', suggested: '2.0.0', liveSuffices: false, underBumped: { range: '^1' } })
  })

  test('a major release says nothing more; show --suggest-version prints only the suggestion', async () => {
    await run(['snapshot'], 'v1', '1.4.2')
    const check = await run(['check'], 'v2', '2.0.0')
    expect(check.stdout).not.toContain('version:')
    const show = await run(['show', '--suggest-version'], 'v1.1', '1.4.3')
    expect(show).toMatchObject({ code: 0, stderr: '' })
    expect(show.stdout).toBe('suggested version: 1.5.0 — the smallest feature release after 1.4.2, for additive changes (the server reports 1.4.3, which is too small)\n')
  })

  test('diff of two contract files gives the same advice', async () => {
    const old = join(dir, 'old.json')
    await runCliProcess(['snapshot', '--contract', old, '--', 'node', catalog], { env: { CATALOG_VARIANT: 'v1', CATALOG_VERSION: '0.4.2' } })
    await run(['snapshot'], 'v2', '0.4.3')
    const diff = await runCliProcess(['diff', old, contract, '--suggest-version'])
    expect(diff.code).toBe(1)
    expect(scrub(diff.stdout).split('\n').slice(-3)).toEqual([
      'version: breaking change, but the version moved 0.4.2 → 0.4.3; callers pinning ^0.4 will break — release 0.5.0 or later',
      'suggested version: 0.5.0 — the smallest breaking release after 0.4.2, for breaking or risky changes (the server reports 0.4.3, which is too small)',
      '',
    ])
  })

  test('the github and sarif formats carry the version warning in their own idiom, at the serverVersion line', async () => {
    await run(['snapshot'], 'v1', '1.4.2')
    const lines = (await readFile(contract, 'utf8')).split('\n')
    const github = await runCliProcess(['check', '--format', 'github', '--contract', 'mcp-contract.json', '--', 'node', catalog], { cwd: dir, env: { CATALOG_VARIANT: 'v2', CATALOG_VERSION: '1.4.3' } })
    expect(github.code).toBe(1)
    const annotation = github.stdout.split('\n').find((line) => line.includes('title=version'))
    expect(annotation).toMatchSnapshot()
    expect(lines[Number(annotation?.match(/,line=(\d+),/)?.[1]) - 1]).toContain('"serverVersion": "1.4.2"')
    const old = join(dir, 'old.json')
    await runCliProcess(['snapshot', '--contract', old, '--', 'node', catalog], { env: { CATALOG_VARIANT: 'v1', CATALOG_VERSION: '0.4.2' } })
    await runCliProcess(['snapshot', '--contract', join(dir, 'new.json'), '--', 'node', catalog], { env: { CATALOG_VARIANT: 'v2', CATALOG_VERSION: '0.4.3' } })
    const sarif = await runCliProcess(['diff', 'old.json', 'new.json', '--format', 'sarif'], { cwd: dir })
    expect(sarif.code).toBe(1)
    const [{ tool, results }] = JSON.parse(sarif.stdout).runs
    const version = results.filter((result: { ruleId: string }) => result.ruleId === 'version-under-bumped')
    expect(version).toHaveLength(1)
    expect(tool.driver.rules[version[0].ruleIndex].id).toBe('version-under-bumped')
    // Why the index left out: it moves whenever a change kind is added; it is checked against the rule above.
    expect({ ...version[0], ruleIndex: undefined }).toMatchSnapshot()
    // diff locates its findings in OLD, the contract the changes are counted from.
    const oldLines = (await readFile(old, 'utf8')).split('\n')
    expect(oldLines[version[0].locations[0].physicalLocation.region.startLine - 1]).toContain('"serverVersion": "0.4.2"')
  })

  test('--suggest-version goes with check, diff and show only', async () => {
    const snapshot = await run(['snapshot', '--suggest-version'], 'v1', '1.0.0')
    expect(snapshot.code).toBe(2)
    expect(snapshot.stderr.split('\n')[0]).toBe('mcp-contract: --suggest-version goes with check, diff and show, not snapshot')
  })
})
