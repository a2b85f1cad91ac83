import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/run-cli.js'
import { ALL_OUTPUT, AUTHORIZATION_URL, runCliIn, scrub, startCli } from './cli-run.js'
import { useAuthHome } from './auth-home.js'
import { followLikeABrowser, startOidcIssuer, type OidcIssuer } from './oidc-issuer.js'

// An independent authorization server (oidc-provider) in front of an SDK MCP server: dynamic
// registration, PKCE, resource indicators, and a machine client for the client-credentials grant.
const MACHINE_SECRET = 'machine-secret-that-must-not-print-0123456789'
let issuer: OidcIssuer
let mcpUrl: string
const auth = useAuthHome('mcp-contract-oidc-')
const issued = new Set<string>()
/** Every access token the MCP endpoint was shown, in order. */
const presented: string[] = []

beforeAll(async () => {
  issuer = await startOidcIssuer({
    configuration: {
      clients: [{ client_id: 'ci-bot', client_secret: MACHINE_SECRET, grant_types: ['client_credentials'], redirect_uris: [], response_types: [] }],
      // Why 30 s: inside mcp-contract's refresh margin from the start, so a cached token is refreshed before any request.
      ttl: { AccessToken: 30 },
    },
    features: { registration: { enabled: true }, clientCredentials: { enabled: true } },
    acceptClientCredentials: true,
    onPresented: (token) => presented.push(token),
    onAccepted: (token) => issued.add(token),
  })
  mcpUrl = issuer.mcpUrl
})

afterAll(async () => {
  await issuer.close()
})

describe('against oidc-provider', () => {
  it('logs in with dynamic registration and PKCE, then check uses the cached token', async () => {
    const run = startCli(['auth', '--url', mcpUrl, '--open', 'false'], auth.home)
    const [, url] = await run.waitForStderr(AUTHORIZATION_URL)
    const authorization = new URL(url as string)
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorization.searchParams.get('resource')).toBe(mcpUrl)
    const landed = await followLikeABrowser(url as string)
    ALL_OUTPUT.push(await landed.text())
    const done = await run.done
    expect(done.code).toBe(0)
    expect(scrub(done.stdout, auth.home)).toMatchInlineSnapshot(`
      "logged in to http://127.0.0.1:PORT/mcp (authorization server http://127.0.0.1:PORT); the token is cached in <CONFIG>/mcp-contract/tokens/<KEY>.json; it expires in <N> min and is refreshed then
      "
    `)
    const files = await readdir(join(auth.home, 'mcp-contract', 'tokens'))
    expect(files).toHaveLength(1)
    expect((await stat(join(auth.home, 'mcp-contract', 'tokens', files[0] as string))).mode & 0o777).toBe(0o600)
    const cached = async () => JSON.parse(await readFile(join(auth.home, 'mcp-contract', 'tokens', files[0] as string), 'utf8')).tokens.access_token as string
    const loggedIn = await cached()
    const show = await runCliIn(['show', '--url', mcpUrl], auth.home)
    expect(show.code).toBe(0)
    expect(show.stdout).toContain('ping')
    // The 30 s token was refreshed before the first request: the endpoint only ever saw the new one, which is cached.
    const refreshed = await cached()
    expect(refreshed).not.toBe(loggedIn)
    expect(presented).not.toContain(loggedIn)
    expect(new Set(presented)).toEqual(new Set([refreshed]))
    issued.add(loggedIn)
  })

  it('a machine client takes a token with the client-credentials grant, and its secret never prints', async () => {
    let stdout = ''
    let stderr = ''
    const code = await runCli(['show', '--format', 'json', '--url', mcpUrl, '--client-id', 'ci-bot', '--client-secret-env', 'CI_SECRET'], {
      stdout: (text) => void (stdout += text),
      stderr: (text) => void (stderr += text),
      cwd: auth.home,
      env: { XDG_CONFIG_HOME: join(auth.home, 'empty'), CI_SECRET: MACHINE_SECRET },
    })
    ALL_OUTPUT.push(stdout, stderr)
    expect(code).toBe(0)
    expect(JSON.parse(stdout).tools[0].name).toBe('ping')
  })

  it('prints no secret', () => {
    const everything = ALL_OUTPUT.join('\n')
    expect(issued.size).toBeGreaterThanOrEqual(2)
    for (const secret of [MACHINE_SECRET, ...issued]) expect(everything).not.toContain(secret)
  })
})
