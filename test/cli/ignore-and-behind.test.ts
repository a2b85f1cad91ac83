import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, test } from 'vitest'
import { fixture, runCliProcess, scrub } from '../support/run-cli-process.js'

const catalog = fixture('catalog.js')
let dir: string
let contract: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-ignore-'))
  contract = join(dir, 'mcp-contract.json')
  const recorded = await runCliProcess(['snapshot', '--contract', contract, '--', 'node', catalog], { env: { CATALOG_VARIANT: 'v1' } })
  expect(recorded.code, recorded.stderr).toBe(0)
})

describe('a drift that fails nothing says the contract is behind', () => {
  test('an additive change passes, names the command that records it, and that command records it', async () => {
    const check = ['check', '--contract', contract, '--', 'node', catalog]
    const run = await runCliProcess(check, { env: { CATALOG_VARIANT: 'v1.1' } })
    expect(run.code, run.stderr).toBe(0)
    const advice = run.stdout.trimEnd().split('\n').at(-1)!
    expect(scrub(advice, { [contract]: '<contract>' })).toMatchInlineSnapshot(
      `"<contract> is behind the server (1 change it does not record); to record it: mcp-contract snapshot --contract <contract> -- node <root>/test/fixtures/servers/catalog.js"`,
    )
    // Why run the printed command word for word: advice that does not work is worse than none.
    const command = advice.slice(advice.indexOf('mcp-contract snapshot ')).split(' ').slice(1)
    expect((await runCliProcess(command, { env: { CATALOG_VARIANT: 'v1.1' } })).code).toBe(0)
    expect(await runCliProcess(check, { env: { CATALOG_VARIANT: 'v1.1' } })).toMatchObject({ code: 0, stdout: 'no changes — passes (fails at risky and above)\n' })
  })

  test('a failing check and the JSON report carry no such line', async () => {
    const failing = await runCliProcess(['check', '--contract', contract, '--', 'node', catalog], { env: { CATALOG_VARIANT: 'v2' } })
    expect(failing.code).toBe(1)
    expect(failing.stdout).not.toContain('is behind the server')
    const json = await runCliProcess(['check', '--format', 'json', '--contract', contract, '--', 'node', catalog], { env: { CATALOG_VARIANT: 'v1.1' } })
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, summary: { additive: 1 } })
  })
})

describe('--ignore KIND', () => {
  test('drops every change of the kinds given, as the config file ignore does', async () => {
    const ignored = ['--ignore', 'tool-removed', '--ignore', 'hint-reversed', '--ignore', 'argument-now-required']
    const run = await runCliProcess(['check', ...ignored, '--contract', contract, '--', 'node', catalog], { env: { CATALOG_VARIANT: 'v2' } })
    expect(run.code, run.stderr).toBe(0)
    expect(scrub(run.stdout, { [contract]: '<contract>' })).toMatchInlineSnapshot(`
      "tool search_products · 1 routing
        routing   tool-description-changed
            description changed (wording only); no call breaks, but agents choose tools by this text
            text: Search the catalog by keyword[- and-]{+,+} filters [-. -]{+and sort order. Results are paged.+}
      tool bulk_import · 1 additive
        additive  tool-added
            new tool; callers gain a tool; nothing they do changes
      2 changes · 1 routing · 1 additive — passes (fails at risky and above)
      <contract> is behind the server (2 changes it does not record); to record them: mcp-contract snapshot --contract <contract> -- node <root>/test/fixtures/servers/catalog.js
      "
    `)
  })

  test('KIND:PATH drops that kind at one tool or argument path only: the report is the kinds-alone one, with the description change elsewhere kept', async () => {
    const check = (ignored: string[]) => runCliProcess(['check', ...ignored, '--contract', contract, '--', 'node', catalog], { env: { CATALOG_VARIANT: 'v2' } })
    const byPath = await check(['--ignore', 'tool-removed:legacy_export', '--ignore', 'hint-reversed:get_*', '--ignore', 'argument-now-required:parse_catalog.pages', '--ignore', 'tool-description-changed:bulk_import'])
    const byKind = await check(['--ignore', 'tool-removed', '--ignore', 'hint-reversed', '--ignore', 'argument-now-required'])
    expect(byPath.code, byPath.stderr).toBe(0)
    expect(byPath.stdout).toBe(byKind.stdout)
    expect(byPath.stdout).toContain('tool search_products · 1 routing\n  routing   tool-description-changed\n')
  })

  test('the config file takes KIND:PATH keys, and diff reads them too', async () => {
    const v2 = join(dir, 'v2.json')
    expect((await runCliProcess(['snapshot', '--contract', v2, '--', 'node', catalog], { env: { CATALOG_VARIANT: 'v2' } })).code).toBe(0)
    await writeFile(join(dir, 'mcp-contract.config.json'), JSON.stringify({ ignore: { 'argument-now-required:parse_catalog': 'pages became required with the paging release' } }))
    const run = await runCliProcess(['diff', contract, v2, '--ignore', 'tool-removed:legacy_*', '--ignore', 'hint-reversed:get_product'], { cwd: dir })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout.match(/^  \w+ +[a-z-]+$/gm)).toEqual(['  routing   tool-description-changed', '  additive  tool-added'])
    expect(run.stdout.trimEnd().split('\n').slice(-2)).toMatchInlineSnapshot(`
      [
        "2 changes · 1 routing · 1 additive — passes (fails at risky and above)",
        "ignored by mcp-contract.config.json: argument-now-required:parse_catalog — pages became required with the paging release",
      ]
    `)
  })

  test('a path after a kind that does not exist is refused with the nearest kind; an empty path is refused', async () => {
    const wrongKind = await runCliProcess(['check', '--ignore', 'argument-now-requird:parse_catalog', '--contract', contract, '--', 'node', join(dir, 'no-such-server.js')])
    const emptyPath = await runCliProcess(['diff', contract, contract, '--ignore', 'tool-removed:'])
    expect([wrongKind.code, emptyPath.code]).toEqual([2, 2])
    expect(wrongKind.stderr + emptyPath.stderr).toMatchInlineSnapshot(`
      "mcp-contract: --ignore takes KIND or KIND:PATH: "argument-now-requird" is not a change kind id. Did you mean "argument-now-required"? docs/rules.md lists every kind.
      see mcp-contract check --help
      mcp-contract: --ignore takes KIND or KIND:PATH: "tool-removed:" has nothing after the colon; write tool-removed alone for every change of that kind, or tool-removed:NAME for one tool, prompt or resource. docs/rules.md lists every kind.
      see mcp-contract diff --help
      "
    `)
  })

  test('an unknown kind is refused before any server starts, with the nearest kind', async () => {
    const run = await runCliProcess(['check', '--ignore', 'tool-remove', '--contract', contract, '--', 'node', join(dir, 'no-such-server.js')])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatchInlineSnapshot(`
      "mcp-contract: --ignore takes KIND or KIND:PATH: "tool-remove" is not a change kind id. Did you mean "tool-removed"? docs/rules.md lists every kind.
      see mcp-contract check --help
      "
    `)
  })

  test('commands that judge no change refuse it', async () => {
    const run = await runCliProcess(['mock', '--ignore', 'tool-removed', '--contract', contract])
    expect(run.code).toBe(2)
    expect(run.stderr.split('\n')[0]).toMatchInlineSnapshot(`"mcp-contract: mock does not take --ignore; it takes --contract, --seed, --port, --verbose"`)
    expect(await readFile(contract, 'utf8')).toContain('"format"')
  })
})
