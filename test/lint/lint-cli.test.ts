import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, test } from 'vitest'
import { ROOT, runCliProcess, scrub } from '../support/run-cli-process.js'

// The published filesystem servers, installed as npm aliases (package.json devDependencies).
// Installed today, 2025.7.29 resolves a newer zod and advertises 13 input schemas that are only
// {"$schema": "…draft-07…"}: the SDK clients refuse its whole tool list. 2025.3.28 still emits
// type: "object" roots.
const filesystem = (version: string) => ['node', join(ROOT, 'node_modules', `filesystem-${version}`, 'dist/index.js')]

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-lint-'))
})

const server = (version: string) => ['--', ...filesystem(version), dir]

describe('mcp-contract lint', () => {
  test('server-filesystem 2025.7.29: the SDK clients cannot list it — exit 1, the refusal first', async () => {
    const run = await runCliProcess(['lint', ...server('2025-7-29')])
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('')
    expect(run.stdout.split('\n').slice(0, 2)).toEqual([
      'sdk-typescript clients cannot list this surface: tools/list is refused whole',
      '  13 tools break tool-input-schema-object-root: read_file, read_text_file, read_media_file, read_multiple_files, write_file, and 8 more',
    ])
    expect(run.stdout).toMatchSnapshot()
  })

  test('server-filesystem 2025.3.28: no error rule broken — exit 0, draft-07 dialect warnings only', async () => {
    const run = await runCliProcess(['lint', ...server('2025-3-28')])
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toContain('\n0 errors · 10 warnings in 2 profiles — passes\n')
    expect(run.stdout).toContain('  warning tool-schema-dialect (10)')
  })

  test('server-memory 2025.11.25, built on McpServer 1.x: every dialect warning is marked as what the SDK emits', async () => {
    const run = await runCliProcess(['lint', '--', 'node', join(ROOT, 'node_modules', 'memory-2025-11-25', 'dist/index.js')])
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toContain('  warning tool-schema-dialect (18, all emitted by the SDK)\n')
    expect(run.stdout).toContain('\n0 errors · 18 warnings (18 emitted by the SDK, not by your code) in 2 profiles — passes\n')
  })

  test('--profile picks the profiles; mcp-2026-07-28 still wants an object input root; each JSON finding carries its source link', async () => {
    const run = await runCliProcess(['lint', '--profile', 'mcp-2026-07-28', '--format', 'json', ...server('2025-7-29')])
    expect(run.code).toBe(1)
    const report = JSON.parse(run.stdout)
    expect(report).toMatchObject({ ok: false, profiles: ['mcp-2026-07-28'], refusals: [] })
    expect(report.violations[0]).toEqual({
      profile: 'mcp-2026-07-28',
      rule: 'tool-input-schema-object-root',
      severity: 'error',
      entity: 'tool',
      name: 'read_file',
      path: 'inputSchema.type',
      detail: 'type is missing',
      refusesListing: false,
      source: { title: 'MCP 2026-07-28: schema, Tool.inputSchema (SEP-2106 keeps type: "object" for inputs)', url: 'https://modelcontextprotocol.io/specification/2026-07-28/schema#tool' },
    })
  })

  test('--contract lints a recorded file and says which rules it could not judge', async () => {
    const contract = join(dir, 'mcp-contract.json')
    expect((await runCliProcess(['snapshot', '--contract', contract, ...server('2025-7-29')])).code).toBe(0)
    const run = await runCliProcess(['lint', '--contract', contract])
    expect(run.code).toBe(1)
    expect(run.stdout).toMatchSnapshot()
  })

  test('an unknown profile or format is a usage error (exit 2)', async () => {
    const profile = await runCliProcess(['lint', '--profile', 'claude-desktop', ...server('2025-3-28')])
    expect(profile.code).toBe(2)
    expect(profile.stderr.split('\n')[0]).toMatchInlineSnapshot(
      `"mcp-contract: --profile lists "claude-desktop", which is not a profile; the profiles are mcp-2025-11-25, mcp-2026-07-28, sdk-typescript, anthropic, openai, openai-strict, gemini, gemini-sanitized, gemini-json-schema, claude-code, claude-connectors, cursor, vscode-copilot, zed, bedrock-converse (docs/profiles.md describes each)."`,
    )
    const format = await runCliProcess(['lint', '--format', 'junit', ...server('2025-3-28')])
    expect(format.code).toBe(2)
    expect(format.stderr.split('\n')[0]).toMatchInlineSnapshot(`"mcp-contract: lint prints --format text or json, not "junit""`)
  })
})

describe('show, snapshot and check never take a surface clients refuse silently', () => {
  test('snapshot records 2025.7.29 and warns on stderr', async () => {
    const contract = join(dir, 'mcp-contract.json')
    const run = await runCliProcess(['snapshot', '--contract', contract, ...server('2025-7-29')])
    expect(run.code).toBe(0)
    expect(JSON.parse(await readFile(contract, 'utf8'))).toMatchObject({ format: 1 })
    expect(scrub(run.stderr)).toMatchSnapshot()
  })

  test('show --format json keeps stdout parseable; the warnings go to stderr', async () => {
    const run = await runCliProcess(['show', '--format', 'json', ...server('2025-7-29')])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout).tools).toHaveLength(14)
    expect(run.stderr).toContain('mcp-contract: warning: sdk-typescript clients cannot list this surface: tools/list is refused whole\n')
  })

  test('check 2025.3.28 → 2025.7.29: the diff opens with the cause', async () => {
    const contract = join(dir, 'mcp-contract.json')
    expect((await runCliProcess(['snapshot', '--contract', contract, ...server('2025-3-28')])).code).toBe(0)
    const text = await runCliProcess(['check', '--contract', contract, ...server('2025-7-29')])
    expect(text.code).toBe(1)
    expect(text.stdout.split('\n').slice(0, 6)).toEqual([
      'sdk-typescript clients cannot list the live surface: tools/list is refused whole',
      '  13 tools break tool-input-schema-object-root: create_directory, directory_tree, edit_file, get_file_info, list_directory, and 8 more',
      'tool create_directory · 3 breaking, 2 additive',
      '  breaking  profile-violation-introduced',
      '      now breaks mcp-2025-11-25 rule tool-input-schema-object-root at inputSchema (inputSchema has no root type: it accepts anything) — A tool\'s inputSchema must be a JSON Schema object whose root says type: "object" (tool arguments are always an object); clients held to this profile refuse what they accepted before',
      '  breaking  profile-violation-introduced',
    ])

    const json = await runCliProcess(['check', '--format', 'json', '--contract', contract, ...server('2025-7-29')])
    expect(json.code).toBe(1)
    const report = JSON.parse(json.stdout)
    const introduced = report.changes.filter((change: { kind: string }) => change.kind === 'profile-violation-introduced')
    // 13 tools (10 kept, 3 added) × the two default profiles.
    expect(introduced).toHaveLength(26)
    expect(report.changes[0]).toMatchObject({ kind: 'profile-violation-introduced', severity: 'breaking', profile: 'mcp-2025-11-25', rule: 'tool-input-schema-object-root', name: 'create_directory' })
    expect(new Set(introduced.map((change: { profile: string; rule: string }) => `${change.profile} ${change.rule}`))).toEqual(
      new Set(['mcp-2025-11-25 tool-input-schema-object-root', 'sdk-typescript tool-input-schema-object-root']),
    )
    expect(report.listingRefused).toEqual([
      expect.objectContaining({ side: 'live', profile: 'sdk-typescript', method: 'tools/list', rules: ['tool-input-schema-object-root'] }),
    ])
    expect(scrub(json.stderr)).toMatchSnapshot()
  })
})

describe('a release that starts wrapping its input root in an allOf of one member (the SDK clients refuse it)', () => {
  const allOf = ['--', 'node', join(ROOT, 'test/fixtures/servers/root-all-of.js')]
  const wrapped = { env: { ROOT_VARIANT: 'all-of' } }
  let contract: string
  beforeEach(async () => {
    contract = join(dir, 'mcp-contract.json')
    expect((await runCliProcess(['snapshot', '--contract', contract, ...allOf])).code).toBe(0)
  })

  test('lint fails it, and so does check: the contract vouches the tool was clean when recorded (exit 1, profile-violation-introduced)', async () => {
    const lint = await runCliProcess(['lint', ...allOf], wrapped)
    expect(lint.code).toBe(1)
    expect(lint.stdout.split('\n').slice(0, 2)).toEqual(['sdk-typescript clients cannot list this surface: tools/list is refused whole', '  1 tool breaks tool-input-schema-object-root: search'])
    const check = await runCliProcess(['check', '--contract', contract, ...allOf], wrapped)
    expect(check.code).toBe(1)
    expect(check.stdout).toMatchSnapshot()
    const json = JSON.parse((await runCliProcess(['check', '--contract', contract, '--format', 'json', ...allOf], wrapped)).stdout)
    expect(json.changes.map((change: { kind: string; profile: string; rule: string; severity: string }) => [change.kind, change.severity, change.profile, change.rule])).toEqual([
      ['profile-violation-introduced', 'breaking', 'mcp-2025-11-25', 'tool-input-schema-object-root'],
      ['profile-violation-introduced', 'breaking', 'sdk-typescript', 'tool-input-schema-object-root'],
    ])
  })

  test('the same server unwrapped passes (exit 0, no changes)', async () => {
    expect(await runCliProcess(['check', '--contract', contract, ...allOf])).toEqual({ code: 0, stderr: '', stdout: 'no changes — passes (fails at risky and above)\n' })
  })

  test('a contract without digests (an older file) cannot say the tool was clean: check warns on stderr and passes', async () => {
    const { vouched: _vouched, ...older } = JSON.parse(await readFile(contract, 'utf8'))
    await writeFile(contract, `${JSON.stringify(older, null, 2)}\n`)
    const check = await runCliProcess(['check', '--contract', contract, ...allOf], wrapped)
    expect(check).toMatchInlineSnapshot(`
      {
        "code": 0,
        "stderr": "mcp-contract: warning: sdk-typescript clients cannot list this surface: tools/list is refused whole
      mcp-contract: warning:   1 tool breaks tool-input-schema-object-root: search
      mcp-contract: warning: mcp-2025-11-25 tool-input-schema-object-root: search
      mcp-contract: warning: sdk-typescript tool-input-schema-object-root: search
      mcp-contract: warning: \`mcp-contract lint\` shows each rule, its source and where it is broken
      mcp-contract: warning: Claude's API refuses this tool list: search has allOf at its root (declare the model APIs you serve in the config's profiles, e.g. "anthropic", to fail on it)
      ",
        "stdout": "no changes — passes (fails at risky and above)
      ",
      }
    `)
  })

  test('"profiles": [] in the project configuration turns the finding off', async () => {
    await writeFile(join(dir, 'mcp-contract.config.json'), '{ "profiles": [] }\n')
    const check = await runCliProcess(['check', '--contract', contract, ...allOf], { ...wrapped, cwd: dir })
    expect(check.code).toBe(0)
    expect(check.stdout).toBe('no changes — passes (fails at risky and above)\n')
  })
})
