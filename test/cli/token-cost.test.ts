import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fixture, ROOT, runCliProcess, scrub } from '../support/run-cli-process.js'

const catalog = fixture('catalog.js')
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-tokens-'))
  // Why a package.json: it makes dir the project root, where the configuration is looked for.
  await writeFile(join(dir, 'package.json'), '{"name":"tokens"}')
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Runs the built CLI in `dir` against the real catalog server of `variant`. */
function run(args: string[], variant = 'v1', options: { env?: Record<string, string>; nodeArgs?: string[]; cwd?: string } = {}) {
  return runCliProcess([...args, '--', process.execPath, catalog], { cwd: options.cwd ?? dir, env: { CATALOG_VARIANT: variant, ...options.env }, nodeArgs: options.nodeArgs })
}

describe('show --tokens: what the tool list costs an agent', () => {
  test('text: one line per tool, largest first, the total and what counted it', async () => {
    const show = await run(['show', '--tokens'])
    expect(show.code).toBe(0)
    expect(show.stdout).toMatchInlineSnapshot(`
      "# read over stdio in the legacy era
      what the tool list costs an agent in tokens (each tool's name, description and input schema as JSON, counted with o200k_base (gpt-tokenizer); Claude and Gemini count with their own tokenizers, so read it as an estimate):
        search_products  120
        tag_products     115
        parse_catalog     72
        legacy_export     36
        get_product       35
        total            378 (5 tools)
      "
    `)
  })

  test('JSON: { tokens } with the tokenizer, the total and each tool, largest first as the text lists them', async () => {
    const show = await run(['show', '--tokens', '--format', 'json'])
    expect(show.code).toBe(0)
    const { tokens } = JSON.parse(show.stdout)
    expect(Object.keys(tokens)).toEqual(['tokenizer', 'total', 'tools'])
    expect(tokens.total).toBe(tokens.tools.reduce((sum: number, tool: { tokens: number }) => sum + tool.tokens, 0))
    expect(tokens).toMatchInlineSnapshot(`
      {
        "tokenizer": "o200k_base (gpt-tokenizer)",
        "tools": [
          {
            "name": "search_products",
            "tokens": 120,
          },
          {
            "name": "tag_products",
            "tokens": 115,
          },
          {
            "name": "parse_catalog",
            "tokens": 72,
          },
          {
            "name": "legacy_export",
            "tokens": 36,
          },
          {
            "name": "get_product",
            "tokens": 35,
          },
        ],
        "total": 378,
      }
    `)
  })

  test('--tokens goes with show alone, and not with --suggest-version or --used-by', async () => {
    const refused = await Promise.all([run(['check', '--tokens']), run(['show', '--tokens', '--suggest-version'])])
    expect(refused.map((result) => ({ code: result.code, stderr: scrub(result.stderr) }))).toMatchInlineSnapshot(`
      [
        {
          "code": 2,
          "stderr": "mcp-contract: check does not take --tokens; it takes --contract, --as, --lock, --config, --allow-not-checked, --format, --strict, --fail-on, --profile, --ignore, --used, --used-by, --suggest-version, --url, --header, --bearer, --bearer-env, --transport, --era, --timeout, --client-id, --client-secret-env
      see mcp-contract check --help
      ",
        },
        {
          "code": 2,
          "stderr": "mcp-contract: show takes one of --suggest-version, --used-by and --tokens, not --suggest-version and --tokens
      see mcp-contract show --help
      ",
        },
      ]
    `)
  })
})

describe('a token budget in the configuration', () => {
  test('check: a release that grows the tool list past the budget fails at the default level, with the figures', async () => {
    const project = await mkdtemp(join(dir, 'check-'))
    await writeFile(join(project, 'package.json'), '{"name":"check"}')
    expect((await run(['snapshot'], 'v1', { cwd: project })).code).toBe(0)
    await writeFile(join(project, 'mcp-contract.config.json'), JSON.stringify({ tokenBudget: { growth: 0.2 }, ignore: { 'tool-removed': 'retired on purpose', 'hint-reversed': 'reviewed', 'argument-now-required': 'reviewed' } }))
    const check = await run(['check'], 'v2', { cwd: project })
    expect(check.code).toBe(1)
    expect(check.stdout).toMatchInlineSnapshot(`
      "server · 1 risky
        risky     server-token-budget-exceeded
            tool list grew from 378 to 494 tokens (+31%), past the token budget's growth of 20%; most from bulk_import (+142), search_products (+8), parse_catalog (+2); every request an agent sends carries the larger tool list, past the budget the project set
      tool search_products · 1 routing
        routing   tool-description-changed
            description changed (wording only); no call breaks, but agents choose tools by this text
            text: Search the catalog by keyword[- and-]{+,+} filters [-. -]{+and sort order. Results are paged.+}
      tool bulk_import · 1 additive
        additive  tool-added
            new tool; callers gain a tool; nothing they do changes
      3 changes · 1 risky · 1 routing · 1 additive — fails at risky and above
      ignored by mcp-contract.config.json: tool-removed — retired on purpose
      ignored by mcp-contract.config.json: hint-reversed — reviewed
      ignored by mcp-contract.config.json: argument-now-required — reviewed
      "
    `)
    const json = JSON.parse((await run(['check', '--format', 'json'], 'v2', { cwd: project })).stdout)
    expect(json.changes.find((change: { kind: string }) => change.kind === 'server-token-budget-exceeded')).toMatchInlineSnapshot(`
      {
        "after": 494,
        "before": 378,
        "entity": "server",
        "kind": "server-token-budget-exceeded",
        "message": "server: tool list grew from 378 to 494 tokens (+31%), past the token budget's growth of 20%; most from bulk_import (+142), search_products (+8), parse_catalog (+2); every request an agent sends carries the larger tool list, past the budget the project set",
        "name": "catalog",
        "path": "",
        "severity": "risky",
        "tokenBudget": {
          "grown": [
            {
              "name": "bulk_import",
              "tokens": 142,
            },
            {
              "name": "search_products",
              "tokens": 8,
            },
            {
              "name": "parse_catalog",
              "tokens": 2,
            },
          ],
          "growth": 0.2,
          "largest": [
            {
              "name": "bulk_import",
              "tokens": 142,
            },
            {
              "name": "search_products",
              "tokens": 128,
            },
            {
              "name": "tag_products",
              "tokens": 115,
            },
            {
              "name": "parse_catalog",
              "tokens": 74,
            },
            {
              "name": "get_product",
              "tokens": 35,
            },
          ],
          "tokenizer": "o200k_base (gpt-tokenizer)",
        },
      }
    `)
    await writeFile(join(project, 'mcp-contract.config.json'), JSON.stringify({ tokenBudget: { growth: 0.5, max: 600 } }))
    expect((await run(['check', '--format', 'json'], 'v2', { cwd: project })).stdout).not.toContain('server-token-budget-exceeded')
  })

  test('diff of two contract files: the same change, past max', async () => {
    const project = await mkdtemp(join(dir, 'diff-'))
    await writeFile(join(project, 'package.json'), '{"name":"diff"}')
    await run(['snapshot', '--contract', 'v1.json'], 'v1', { cwd: project })
    await run(['snapshot', '--contract', 'v2.json'], 'v2', { cwd: project })
    await writeFile(join(project, 'mcp-contract.config.json'), JSON.stringify({ tokenBudget: { max: 400 } }))
    const diff = await runCliProcess(['diff', 'v1.json', 'v2.json', '--ignore', 'tool-removed', '--ignore', 'hint-reversed', '--ignore', 'argument-now-required'], { cwd: project })
    expect(diff.code).toBe(1)
    expect(diff.stdout).toMatchInlineSnapshot(`
      "server · 1 risky
        risky     server-token-budget-exceeded
            tool list grew from 378 to 494 tokens (+31%), past the token budget's max of 400; most from bulk_import (+142), search_products (+8), parse_catalog (+2); every request an agent sends carries the larger tool list, past the budget the project set
      tool search_products · 1 routing
        routing   tool-description-changed
            description changed (wording only); no call breaks, but agents choose tools by this text
            text: Search the catalog by keyword[- and-]{+,+} filters [-. -]{+and sort order. Results are paged.+}
      tool bulk_import · 1 additive
        additive  tool-added
            new tool; callers gain a tool; nothing they do changes
      3 changes · 1 risky · 1 routing · 1 additive — fails at risky and above
      "
    `)
  })

  test('a budget written wrong is refused, saying what to write', async () => {
    const project = await mkdtemp(join(dir, 'wrong-'))
    await writeFile(join(project, 'package.json'), '{"name":"wrong"}')
    await writeFile(join(project, 'mcp-contract.config.json'), JSON.stringify({ tokenBudget: { growth: '20%' } }))
    const check = await run(['check'], 'v1', { cwd: project })
    expect({ code: check.code, stderr: scrub(check.stderr, { [project]: '<project>' }) }).toMatchInlineSnapshot(`
      {
        "code": 2,
        "stderr": "mcp-contract: <project>/mcp-contract.config.json: tokenBudget.growth must be a number, not a string. Its options are described in mcp-contract.config.schema.json.
      ",
      }
    `)
  })
})

describe('the tokenizer is loaded only where tokens are counted', () => {
  /** The modules a `check` process of the server's `variant` loaded, one URL each, and its exit code. */
  async function checkLoads(project: string, variant: string, name: string): Promise<{ code: number | null; urls: string[] }> {
    const log = join(project, `${name}.txt`)
    const check = await run(['check'], variant, { cwd: project, nodeArgs: ['--import', join(ROOT, 'test/fixtures/record/log-loads.mjs')], env: { LOADED_MODULES_FILE: log } })
    return { code: check.code, urls: (await readFile(log, 'utf8')).split('\n') }
  }
  const tokenizer = (urls: string[]) => urls.filter((url) => url.includes('/gpt-tokenizer/'))

  // Why a test of what loads, not of time: the tokenizer's vocabulary is what costs (about 150 ms),
  // and a check without a budget, or one whose tools did not change, must not pay for it.
  test('check never loads gpt-tokenizer without a budget, nor with one when the tools are unchanged; it does when they changed', async () => {
    const project = await mkdtemp(join(dir, 'loads-'))
    await writeFile(join(project, 'package.json'), '{"name":"loads"}')
    expect((await run(['snapshot'], 'v1', { cwd: project })).code).toBe(0)
    const without = await checkLoads(project, 'v2', 'without')
    // Why this first: the log means nothing unless it saw the check judge the drift.
    expect(without.code).toBe(1)
    expect(without.urls.some((url) => url.includes('/dist/commands.js'))).toBe(true)
    expect(tokenizer(without.urls)).toEqual([])
    await writeFile(join(project, 'mcp-contract.config.json'), JSON.stringify({ tokenBudget: { growth: 0.2 } }))
    const unchanged = await checkLoads(project, 'v1', 'unchanged')
    expect(unchanged.code).toBe(0)
    expect(tokenizer(unchanged.urls)).toEqual([])
    expect(tokenizer((await checkLoads(project, 'v2', 'changed')).urls)).not.toEqual([])
  })
})
