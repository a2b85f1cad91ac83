/**
 * The GitHub Action: its one step's script, run here as the runner runs it (bash, inputs as
 * INPUT_* variables), against the built CLI and a real stdio server.
 */
import { execFile } from 'node:child_process'
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, test } from 'vitest'
import { CLI, fixture, ROOT, runCliProcess } from '../support/run-cli-process.js'

const exec = promisify(execFile)
const catalog = fixture('catalog.js')
let dir: string

async function runAction(inputs: Record<string, string>, env: Record<string, string> = {}): Promise<{ code: number; stdout: string }> {
  const variables = Object.fromEntries(Object.entries(inputs).map(([name, value]) => [`INPUT_${name.toUpperCase().replace(/-/g, '_')}`, value]))
  const environment = { PATH: process.env.PATH ?? '', HOME: dir, NO_COLOR: '1', RUNNER_TEMP: dir, MCP_CONTRACT_BIN: `${process.execPath} ${CLI}`, ...variables, ...env }
  if (environment.MCP_CONTRACT_BIN === '') delete (environment as Partial<typeof environment>).MCP_CONTRACT_BIN
  return exec('bash', [join(ROOT, 'action', 'run.sh')], { cwd: dir, env: environment }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  )
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-action-'))
  const recorded = await runCliProcess(['snapshot', '--', 'node', catalog], { cwd: dir })
  expect(recorded.code, recorded.stderr).toBe(0)
})

describe('the GitHub Action', () => {
  test('every input in action.yml reaches the script as its INPUT_ variable', async () => {
    const action = await readFile(join(ROOT, 'action.yml'), 'utf8')
    const script = await readFile(join(ROOT, 'action', 'run.sh'), 'utf8')
    const inputs = [...action.matchAll(/^ {2}([a-z-]+):\n {4}description:/gm)].map((match) => match[1])
    expect(inputs).toEqual(['mode', 'command', 'url', 'contract', 'fail-on', 'format', 'comment', 'lock', 'config', 'issues'])
    for (const input of inputs) {
      const variable = `INPUT_${input.toUpperCase().replace(/-/g, '_')}`
      expect(action).toContain(`${variable}: \${{ inputs.${input} }}`)
      expect(script).toContain(variable)
    }
  })

  test('an unchanged server passes', async () => {
    expect(await runAction({ command: `node ${catalog}` })).toEqual({ code: 0, stdout: '' })
  })

  test('drift fails the step with annotations on the contract file; format and fail-on reach the check', async () => {
    const drifted = await runAction({ command: `node ${catalog}` }, { CATALOG_VARIANT: 'v2', GITHUB_STEP_SUMMARY: join(dir, 'summary.md') })
    expect(drifted.code).toBe(1)
    expect(drifted.stdout).toMatch(/^::error file=mcp-contract\.json,line=\d+,title=breaking%3A tool-removed::legacy_export/m)
    expect(await readFile(join(dir, 'summary.md'), 'utf8')).toContain('### MCP contract: fails')
    const json = await runAction({ command: `node ${catalog}`, format: 'json', 'fail-on': 'breaking' }, { CATALOG_VARIANT: 'v2' })
    expect(json.code).toBe(1)
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, failOn: 'breaking' })
  })

  test('no server, or both kinds of server, is an error annotation and exit 2', async () => {
    expect(await runAction({})).toEqual({ code: 2, stdout: '::error title=mcp-contract::give the action a server: command or url\n' })
    expect(await runAction({ command: 'node x.js', url: 'http://127.0.0.1:1/mcp' })).toEqual({
      code: 2,
      stdout: '::error title=mcp-contract::give the action either command or url, not both\n',
    })
  })

  test("by default it runs the project's own installed mcp-contract, and says what to do when there is none", async () => {
    await mkdir(join(dir, 'node_modules', '.bin'), { recursive: true })
    await symlink(CLI, join(dir, 'node_modules', '.bin', 'mcp-contract'))
    try {
      expect(await runAction({ command: `node ${catalog}` }, { MCP_CONTRACT_BIN: '' })).toEqual({ code: 0, stdout: '' })
    } finally {
      await rm(join(dir, 'node_modules'), { recursive: true })
    }
    const missing = await runAction({ command: `node ${catalog}` }, { MCP_CONTRACT_BIN: '' })
    expect({ ...missing, stdout: missing.stdout.replace(dir, '<project>') }).toMatchInlineSnapshot(`
      {
        "code": 2,
        "stdout": "::error title=mcp-contract::mcp-contract is not installed in this project (no node_modules/.bin/mcp-contract in <project>): install the project's dependencies (npm ci) before this step, with mcp-contract among its devDependencies (npm install -D github:OWNER/mcp-contract)
      ",
      }
    `)
  })

  test('on a pull request, one run of the check writes the job summary and keeps one comment, edited on later runs', async () => {
    // Why a stand-in gh: the GitHub API is not reachable from tests; it answers as the API does and logs each call.
    const bin = join(dir, 'fake-bin')
    await mkdir(bin, { recursive: true })
    const log = join(dir, 'gh.log')
    const comments = join(dir, 'comments.json')
    await writeFile(comments, '[]')
    await writeFile(
      join(bin, 'gh'),
      `#!/usr/bin/env bash
echo "$*" >> ${log}
if [ "$2" = "--paginate" ]; then exec jq -r "$5" ${comments}; fi
file="\${@: -1}"; file="\${file#body=@}"
if [ "$3" = "POST" ]; then change='. + [{ id: 7, body: $body }]'; else change='map(.body = $body)'; fi
jq --rawfile body "$file" "$change" ${comments} > ${comments}.new && mv ${comments}.new ${comments}
`,
    )
    await chmod(join(bin, 'gh'), 0o755)
    const runs = join(dir, 'cli.log')
    await writeFile(join(bin, 'counted-cli'), `#!/usr/bin/env bash\necho run >> ${runs}\nexec ${process.execPath} ${CLI} "$@"\n`)
    await chmod(join(bin, 'counted-cli'), 0o755)
    await writeFile(join(dir, 'event.json'), JSON.stringify({ pull_request: { number: 12 } }))
    const env = {
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      MCP_CONTRACT_BIN: join(bin, 'counted-cli'),
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: join(dir, 'event.json'),
      GITHUB_REPOSITORY: 'acme/shop',
      GITHUB_STEP_SUMMARY: join(dir, 'pr-summary.md'),
      CATALOG_VARIANT: 'v2',
    }
    expect((await runAction({ command: `node ${catalog}`, comment: 'true' }, env)).code).toBe(1)
    expect(await readFile(runs, 'utf8')).toBe('run\n')
    expect(await readFile(join(dir, 'pr-summary.md'), 'utf8')).toContain('### MCP contract: fails')
    const posted = JSON.parse(await readFile(comments, 'utf8')) as { id: number; body: string }[]
    expect(posted).toHaveLength(1)
    expect(posted[0].body).toContain('### MCP contract: fails')
    expect((await runAction({ command: `node ${catalog}`, comment: 'true' }, env)).code).toBe(1)
    const calls = (await readFile(log, 'utf8')).trim().split('\n').map((line) => line.replace(/body=@\S+/, 'body=@<file>'))
    expect(calls).toEqual([
      'api --paginate repos/acme/shop/issues/12/comments --jq .[] | select(.body | contains("<!-- mcp-contract report -->")) | .id',
      'api --method POST repos/acme/shop/issues/12/comments -F body=@<file>',
      'api --paginate repos/acme/shop/issues/12/comments --jq .[] | select(.body | contains("<!-- mcp-contract report -->")) | .id',
      'api --method PATCH repos/acme/shop/issues/comments/7 -F body=@<file>',
    ])
    expect(JSON.parse(await readFile(comments, 'utf8'))).toHaveLength(1)
  })
})

describe('the GitHub Action in mode lock', () => {
  let project: string
  const fakeGh = join(ROOT, 'test', 'support', 'fake-gh.mjs')
  /** The project's .mcp.json, with the catalog server started as `variant`. */
  const config = (variant: string) => JSON.stringify({ mcpServers: { catalog: { command: 'node', args: [catalog], env: { CATALOG_VARIANT: variant } } } }, null, 2)

  beforeAll(async () => {
    project = await mkdtemp(join(tmpdir(), 'mcp-contract-action-lock-'))
    await writeFile(join(project, '.mcp.json'), config('v1'))
    const locked = await runCliProcess(['lock'], { cwd: project })
    expect(locked.code, locked.stderr).toBe(0)
  })

  /** Runs the action in the project with a stand-in gh over `issues.json`; its log of gh calls. */
  async function runLockAction(inputs: Record<string, string>): Promise<{ code: number; stdout: string; calls: string[] }> {
    const bin = join(project, 'fake-bin')
    await mkdir(bin, { recursive: true })
    await writeFile(join(bin, 'gh'), `#!/usr/bin/env bash\nexec ${process.execPath} ${fakeGh} "$@"\n`)
    await chmod(join(bin, 'gh'), 0o755)
    const log = join(project, 'gh.log')
    await writeFile(log, '')
    const variables = Object.fromEntries(Object.entries({ mode: 'lock', ...inputs }).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value]))
    const env = {
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      HOME: project,
      NO_COLOR: '1',
      RUNNER_TEMP: project,
      MCP_CONTRACT_BIN: `${process.execPath} ${CLI}`,
      GITHUB_REPOSITORY: 'acme/agents',
      GITHUB_RUN_ID: '42',
      GITHUB_STEP_SUMMARY: join(project, 'summary.md'),
      FAKE_GH_ISSUES: join(project, 'issues.json'),
      FAKE_GH_LOG: log,
      ...variables,
    }
    const result = await exec('bash', [join(ROOT, 'action', 'run.sh')], { cwd: project, env }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    )
    return { ...result, calls: (await readFile(log, 'utf8')).trim().split('\n').filter(Boolean) }
  }

  const issues = async () => JSON.parse(await readFile(join(project, 'issues.json'), 'utf8')) as { number: number; state: string; title: string; body: string; comments: string[] }[]

  test('an unchanged config passes and opens no issue; a changed server gets one issue, edited on the next run and closed once it is unchanged again', { timeout: 120_000 }, async () => {
    await writeFile(join(project, 'issues.json'), '[]')
    const unchanged = await runLockAction({ issues: 'true' })
    expect(unchanged.code, unchanged.stdout).toBe(0)
    expect(await issues()).toEqual([])
    expect(await readFile(join(project, 'summary.md'), 'utf8')).toContain('catalog')

    await writeFile(join(project, '.mcp.json'), config('v2'))
    const changed = await runLockAction({ issues: 'true' })
    expect(changed.code).toBe(1)
    expect(changed.stdout).toContain('catalog')
    const [opened] = await issues()
    expect(opened).toMatchObject({ number: 1, state: 'open', title: 'mcp-contract: catalog changed' })
    expect(opened?.body).toMatchInlineSnapshot(`
      "### catalog: changed

      | severity | change | where | what |
      | --- | --- | --- | --- |
      | breaking | hint-reversed | tool get_product | get_product: readOnlyHint true → false; clients that auto-approve, retry or cache calls on this promise now act on a false one |
      | breaking | tool-removed | tool legacy_export | legacy_export: the tool is gone; an agent that calls it fails |
      | breaking | argument-now-required | tool parse_catalog → pages | parse_catalog → pages: was optional, now required; every call that omitted it is now rejected |
      | routing | tool-description-changed | tool search_products | search_products: description changed (wording only); no call breaks, but agents choose tools by this text |
      | additive | tool-added | tool bulk_import | bulk_import: new tool; callers gain a tool; nothing they do changes |

      Seen by [this run](https://github.com/acme/agents/actions/runs/42) of \`mcp-contract check --lock\`. If the change is wanted, accept it with \`npx mcp-contract lock catalog\` and commit the lock file; this issue closes on the next run that finds the server unchanged.

      <!-- mcp-contract lock: catalog -->

      "
    `)

    expect((await runLockAction({ issues: 'true' })).calls).toEqual([
      'api --paginate repos/acme/agents/issues?state=open&per_page=100 --jq .[] | select(.pull_request == null and .body != null) | select(.body | contains("<!-- mcp-contract lock: ")) | "\\(.number)\\t\\(.body | capture("<!-- mcp-contract lock: (?<name>.+?) -->").name)"',
      'api --method PATCH repos/acme/agents/issues/1 -f title=mcp-contract: catalog changed -F body=@<file>',
    ])
    expect(await issues()).toHaveLength(1)

    await writeFile(join(project, '.mcp.json'), config('v1'))
    const back = await runLockAction({ issues: 'true' })
    expect(back.code).toBe(0)
    const [closed] = await issues()
    expect(closed).toMatchObject({ number: 1, state: 'closed' })
    expect(closed?.comments).toEqual(['This server is unchanged again as of [this run](https://github.com/acme/agents/actions/runs/42); closing.\n\n<!-- mcp-contract lock: catalog -->\n'])
  })

  test('without issues it checks the lock in the format asked, and a command or url is refused', async () => {
    await writeFile(join(project, '.mcp.json'), config('v1'))
    const json = await runLockAction({ format: 'json' })
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, servers: [{ name: 'catalog', status: 'unchanged' }] })
    expect(json.calls).toEqual([])
    expect(await runLockAction({ command: 'node x.js' })).toMatchObject({
      code: 2,
      stdout: '::error title=mcp-contract::mode lock checks the servers of the client config and its lock; give it no command or url (name the config with config)\n',
    })
  })
})
