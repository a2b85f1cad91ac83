import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startHttpFixture, type HttpCatalog } from '../capture/fixture-servers.js'
import { runCliProcess, scrub, type CliRun } from '../support/run-cli-process.js'

// The fixture's tokens: its tool list depends on which one a request carries.
const READER = 'reader-token-7c1e'
const ADMIN = 'admin-token-93fa'
const TOKENS = { READER_TOKEN: READER, ADMIN_TOKEN: ADMIN }

let folder: string
let contract: string
let v1: HttpCatalog
let v2: HttpCatalog
const outputs: string[] = []

/** Runs the CLI in the test folder with the tokens in its environment, keeping every output for the leak check. */
async function run(args: string[], env: Record<string, string> = TOKENS): Promise<CliRun> {
  const result = await runCliProcess(args, { cwd: folder, env: { MCP_CONTRACT_TOKEN: '', XDG_CONFIG_HOME: folder, ...env } })
  outputs.push(result.stdout, result.stderr)
  return result
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'mcp-contract-as-'))
  contract = join(folder, 'mcp-contract.json')
  ;[v1, v2] = await Promise.all([startHttpFixture('http-by-token.js'), startHttpFixture('http-by-token.js', { VARIANT: 'v2' })])
})

afterAll(async () => {
  await Promise.all([v1.stop(), v2.stop()])
  await rm(folder, { recursive: true, force: true })
})

describe('--as NAME: one contract holds the surface each authorization sees', () => {
  test('snapshot records each named authorization beside the unnamed view, as format 2, with no token in it', async () => {
    const recorded = await run(['snapshot', '--url', v1.url, '--as', 'admin', '--bearer-env', 'ADMIN_TOKEN', '--as', 'reader', '--bearer', READER])
    expect(recorded, recorded.stderr).toMatchObject({ code: 0 })
    expect(recorded.stdout).toBe('recorded 1 tool; as admin: 3 tools; as reader: 2 tools to mcp-contract.json\n')
    const text = await readFile(contract, 'utf8')
    outputs.push(text)
    const file = JSON.parse(text)
    expect(file.format).toBe(2)
    expect(file.tools.map((tool: { name: string }) => tool.name)).toEqual(['search'])
    expect(file.authorizations.admin.tools.map((tool: { name: string }) => tool.name)).toEqual(['delete_doc', 'read_doc', 'search'])
    expect(file.authorizations.reader.tools.map((tool: { name: string }) => tool.name)).toEqual(['read_doc', 'search'])
  })

  test('check reads the server as each recorded authorization again (credentials from the configuration) and passes', async () => {
    await writeFile(join(folder, 'mcp-contract.config.json'), JSON.stringify({ authorizations: { admin: { bearerEnv: 'ADMIN_TOKEN' }, reader: { bearerEnv: 'READER_TOKEN' } } }))
    try {
      const check = await run(['check', '--url', v1.url])
      expect(check, check.stderr).toMatchObject({ code: 0 })
      expect(check.stdout).toBe('no changes — passes (fails at risky and above)\n')
    } finally {
      await rm(join(folder, 'mcp-contract.config.json'))
    }
  })

  test('a tool shown to an authorization the contract kept it from, and one hidden from one that still has others listing it, fail the check', async () => {
    const check = await run(['check', '--url', v2.url, '--as', 'admin', '--bearer-env', 'ADMIN_TOKEN', '--as', 'reader', '--bearer-env', 'READER_TOKEN'])
    expect(check.code).toBe(1)
    expect(check.stdout).toMatchInlineSnapshot(`
      "tool read_doc (as admin) · 1 breaking
        breaking  tool-hidden-from-authorization
            no longer listed for this authorization; still listed for reader; an agent using this authorization that calls it fails
      tool delete_doc (as reader) · 1 risky
        risky     tool-shown-to-authorization
            now listed for this authorization; the contract lists it only for admin; callers with this authorization can now reach a tool the contract keeps for others; make sure the server did not widen access
      2 changes · 1 breaking · 1 risky — fails at risky and above
      version: breaking change, but the version stayed 1.0.0; callers pinning ^1 will break — release 2.0.0 or later
      "
    `)
    const json = await run(['check', '--format', 'json', '--url', v2.url, '--as', 'admin', '--bearer-env', 'ADMIN_TOKEN', '--as', 'reader', '--bearer-env', 'READER_TOKEN'])
    expect(JSON.parse(json.stdout).changes.map((change: { kind: string; name: string; authorization?: string }) => [change.kind, change.name, change.authorization])).toEqual([
      ['tool-hidden-from-authorization', 'read_doc', 'admin'],
      ['tool-shown-to-authorization', 'delete_doc', 'reader'],
    ])
  })

  test('show prints where each authorization differs from the unnamed credentials', async () => {
    const show = await run(['show', '--url', v1.url, '--as', 'reader', '--bearer-env', 'READER_TOKEN', '--as', 'anonymous'])
    expect(show, show.stderr).toMatchObject({ code: 0 })
    expect(show.stdout.split('\n').filter((line) => line.startsWith('#'))).toEqual([
      '# read over streamable-http in the legacy era',
      '# as reader: differs from the unnamed credentials: tool read_doc listed for reader only',
      '# as anonymous: sees the same surface as the unnamed credentials',
    ])
  })

  test('check refuses to pass over an authorization it cannot read as, or one the contract does not record (exit 2)', async () => {
    const missing = await run(['check', '--url', v1.url, '--as', 'admin', '--bearer-env', 'ADMIN_TOKEN'])
    expect(missing.code).toBe(2)
    expect(scrub(missing.stderr, { [folder]: '<folder>' })).toMatchInlineSnapshot(`
      "mcp-contract: mcp-contract.json records the surface as seen by the authorization "reader", so check reads the server as it too: give its credentials with --as reader --bearer-env VAR (or --header 'Name: value'), or add "authorizations": { "reader": { "bearerEnv": "VAR" } } to mcp-contract.config.json
      "
    `)
    const unknown = await run(['check', '--url', v1.url, '--as', 'admin', '--bearer-env', 'ADMIN_TOKEN', '--as', 'reader', '--bearer-env', 'READER_TOKEN', '--as', 'auditor'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatchInlineSnapshot(`
      "mcp-contract: mcp-contract.json does not record the surface as seen by the authorization "auditor" (from --as auditor); record it first with mcp-contract snapshot
      "
    `)
    const unset = await run(['check', '--url', v1.url, '--as', 'admin', '--bearer-env', 'ADMIN_TOKEN', '--as', 'reader', '--bearer-env', 'READER_TOKEN'], { ADMIN_TOKEN: ADMIN })
    expect(unset.code).toBe(2)
    expect(unset.stderr).toMatchInlineSnapshot(`
      "mcp-contract: --as reader: the environment variable READER_TOKEN (--bearer-env) is not set or is empty; set it to the token
      "
    `)
  })

  test('bad --as use is a usage error', async () => {
    const cases = [
      ['show', '--as', 'admin', '--', 'node', 'server.js'],
      ['show', '--url', v1.url, '--as', 'admin token'],
      ['show', '--url', v1.url, '--as', 'admin', '--bearer', ADMIN, '--bearer-env', 'ADMIN_TOKEN'],
      ['show', '--url', v1.url, '--as', 'admin', '--as', 'admin'],
      ['lint', '--url', v1.url, '--as', 'admin'],
    ]
    const firstLines = []
    for (const args of cases) {
      const result = await run(args)
      expect(result.code).toBe(2)
      firstLines.push(result.stderr.split('\n')[0])
    }
    expect(firstLines).toMatchInlineSnapshot(`
      [
        "mcp-contract: --as names an authorization to read an HTTP server as; it needs --url (a stdio server takes its credentials from its environment)",
        "mcp-contract: --as: an authorization name is a letter or digit, then letters, digits, _, . or - (at most 64), such as admin or read-only; not "admin token"",
        "mcp-contract: give one token for --as admin: --bearer or --bearer-env, once",
        "mcp-contract: --as admin is given twice; give each authorization once, with its credentials after it",
        "mcp-contract: lint does not take --as; it takes --contract, --format, --profile, --url, --header, --bearer, --bearer-env, --transport, --era, --timeout, --client-id, --client-secret-env",
      ]
    `)
  })

  test('no token appears in any output or in the contract', () => {
    expect(outputs.length).toBeGreaterThan(10)
    for (const output of outputs) {
      expect(output).not.toContain(READER)
      expect(output).not.toContain(ADMIN)
    }
  })
})
