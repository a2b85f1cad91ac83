/**
 * The GitHub Action: its one step's script, run here as the runner runs it (bash, inputs as
 * INPUT_* variables), against the built CLI and a real stdio server.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile } from 'node:fs/promises'
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
  const environment = { PATH: process.env.PATH ?? '', HOME: dir, NO_COLOR: '1', MCP_CONTRACT_BIN: `${process.execPath} ${CLI}`, ...variables, ...env }
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
    expect(inputs).toEqual(['command', 'url', 'contract', 'fail-on', 'format', 'comment', 'version'])
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
})
