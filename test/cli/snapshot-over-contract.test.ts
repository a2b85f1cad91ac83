import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, test } from 'vitest'
import { fixture, runCliProcess, scrub } from '../support/run-cli-process.js'

const catalog = fixture('catalog.js')
let contract: string

beforeEach(async () => {
  contract = join(await mkdtemp(join(tmpdir(), 'mcp-contract-resnapshot-')), 'mcp-contract.json')
})

function snapshot(variant: string, ...flags: string[]) {
  return runCliProcess(['snapshot', '--contract', contract, ...flags, '--', 'node', catalog], { env: { CATALOG_VARIANT: variant } })
}

describe('snapshot over an existing contract', () => {
  test('an identical surface: "unchanged", and the file is not rewritten', async () => {
    expect((await snapshot('v1')).code).toBe(0)
    const before = await stat(contract)
    const run = await snapshot('v1')
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(scrub(run.stdout, { [contract]: '<contract>' })).toBe('<contract> is unchanged (5 tools, 1 prompt, 2 resources, 1 resource template); nothing written\n')
    // Why the inode: an atomic write renames a new file into place, so a rewrite would change it.
    expect((await stat(contract)).ino).toBe(before.ino)
  })

  test('a change at or above failOn: the classified diff, exit 1, and nothing written', async () => {
    await snapshot('v1')
    const recorded = await readFile(contract, 'utf8')
    const run = await snapshot('v2')
    expect(run.code).toBe(1)
    expect(run.stdout).toMatchSnapshot()
    expect(scrub(run.stderr, { [contract]: '<contract>' })).toMatchInlineSnapshot(`
      "mcp-contract: <contract> was not written: 3 changes at or above risky would be recorded over it. Review the changes above; to record them anyway, run snapshot again with --force.
      "
    `)
    expect(await readFile(contract, 'utf8')).toBe(recorded)
  })

  test('--force records the same drift, after printing it', async () => {
    await snapshot('v1')
    const run = await snapshot('v2', '--force')
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(scrub(run.stdout, { [contract]: '<contract>' }).split('\n').slice(-3).join('\n')).toMatchInlineSnapshot(`
      "5 changes · 3 breaking · 1 routing · 1 additive — recorded over 3 breaking changes (--force)
      recorded 5 tools, 1 prompt, 2 resources, 1 resource template to <contract>
      "
    `)
    expect(JSON.parse(await readFile(contract, 'utf8')).tools.map((tool: { name: string }) => tool.name)).toContain('bulk_import')
  })

  test('--fail-on raises the level: breaking changes still refuse at --fail-on breaking', async () => {
    await snapshot('v1')
    expect((await snapshot('v2', '--fail-on', 'breaking')).code).toBe(1)
  })

  test('changes below failOn are recorded, and the diff says what was recorded', async () => {
    await snapshot('v1')
    const run = await snapshot('v1.1')
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(scrub(run.stdout, { [contract]: '<contract>' })).toMatchInlineSnapshot(`
      "tool bulk_import · 1 additive
        additive  tool-added
            new tool; callers gain a tool; nothing they do changes
      1 change · 1 additive — passes (fails at risky and above)
      recorded 6 tools, 1 prompt, 2 resources, 1 resource template to <contract>
      "
    `)
    expect(JSON.parse(await readFile(contract, 'utf8')).tools.map((tool: { name: string }) => tool.name)).toContain('bulk_import')
  })

  test('a file that is not a contract is never overwritten without --force', async () => {
    const text = '{ "name": "my-app", "version": "1.0.0" }\n'
    await writeFile(contract, text)
    const run = await snapshot('v1')
    expect(run.code).toBe(2)
    expect(scrub(run.stderr, { [contract]: '<contract>' })).toMatchInlineSnapshot(`
      "mcp-contract: <contract> is not an mcp-contract file: it has no "format" number. snapshot does not record over it: check --contract, or pass --force to replace the file.
      "
    `)
    expect(await readFile(contract, 'utf8')).toBe(text)
    expect((await snapshot('v1', '--force')).code).toBe(0)
    expect(JSON.parse(await readFile(contract, 'utf8'))).toMatchObject({ format: 1, server: { name: 'catalog' } })
  })

  test('--force goes with snapshot only', async () => {
    const run = await runCliProcess(['check', '--force', '--contract', contract, '--', 'node', catalog])
    expect(run.code).toBe(2)
    expect(run.stderr.split('\n')[0]).toBe('mcp-contract: --force goes with snapshot, not check')
  })
})
