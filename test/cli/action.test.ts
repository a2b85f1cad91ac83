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
    expect(inputs).toEqual(['command', 'url', 'contract', 'fail-on', 'format', 'comment'])
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
