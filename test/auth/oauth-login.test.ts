import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { captureRaw } from '../../src/capture/capture-raw.js'
import { ALL_OUTPUT, AUTHORIZATION_URL, runCliIn, scrub, startCli } from './cli-run.js'
import { logIn, useAuthHome } from './auth-home.js'
import { xmlProblem } from '../support/well-formed-xml.js'

const auth = useAuthHome('mcp-contract-auth-', { server: {} })
const tokenDir = () => join(auth.home, 'mcp-contract', 'tokens')

async function cachedFiles() {
  return (await readdir(tokenDir())).sort()
}

describe('mcp-contract auth against the SDK authorization server', () => {
  it('says to log in when the server answers 401 and nothing is cached', async () => {
    const run = await runCliIn(['show', '--url', auth.server.url], auth.home)
    expect(run.code).toBe(2)
    expect(scrub(run.stderr, auth.home)).toMatchInlineSnapshot(`
      "mcp-contract: http://127.0.0.1:PORT/mcp answered HTTP 401 Unauthorized, and no login is cached for it. If it uses OAuth, log in once with: mcp-contract auth --url http://127.0.0.1:PORT/mcp
      Or pass a token with --bearer TOKEN (or MCP_CONTRACT_TOKEN in the environment) or the header the server expects with --header 'K: V'; in CI a machine client logs in with that command too, given --client-id and --client-secret-env.
      "
    `)
  })

  it('logs in with --open false when the printed URL is followed, and caches the token privately', async () => {
    const run = await logIn(auth.server.url, auth.home)
    expect(run.code).toBe(0)
    expect(scrub(run.stderr, auth.home)).toMatchInlineSnapshot(`
      "Open this URL in a browser to log in:

        http://127.0.0.1:PORT/authorize?<QUERY>

      Waiting for the redirect. On a machine without a browser, open the URL elsewhere, then paste here the address the browser was sent to (http://127.0.0.1…/callback?code=…) and press Enter.
      Received the redirect http://127.0.0.1:PORT/callback?code=…&state=… (from the browser).
      "
    `)
    expect(scrub(run.stdout, auth.home)).toMatchInlineSnapshot(`
      "logged in to http://127.0.0.1:PORT/mcp (authorization server http://127.0.0.1:PORT/); the token is cached in <CONFIG>/mcp-contract/tokens/<KEY>.json; it expires in <N> min and is refreshed then
      "
    `)
    // The resource parameter reached the token endpoint (RFC 8707).
    expect(auth.server.provider.resources).toEqual([auth.server.url])
    const files = await cachedFiles()
    expect(files).toHaveLength(1)
    expect((await stat(join(auth.home, 'mcp-contract'))).mode & 0o777).toBe(0o700)
    expect((await stat(tokenDir())).mode & 0o777).toBe(0o700)
    expect((await stat(join(tokenDir(), files[0] as string))).mode & 0o777).toBe(0o600)
  })

  it('check, snapshot and show use the cached token with no token flag, and so does captureRaw({ url })', async () => {
    const snapshot = await runCliIn(['snapshot', '--url', auth.server.url, '--contract', 'c.json'], auth.home)
    expect(snapshot).toMatchObject({ code: 0, stdout: 'recorded 1 tool to c.json\n' })
    ALL_OUTPUT.push(await readFile(join(auth.home, 'c.json'), 'utf8'))
    for (const format of ['text', 'json', 'markdown', 'junit']) {
      const check = await runCliIn(['check', '--url', auth.server.url, '--contract', 'c.json', '--format', format], auth.home)
      expect(check.code).toBe(0)
      if (format === 'junit') expect(xmlProblem(check.stdout)).toBeUndefined()
    }
    const raw = await captureRaw({ url: auth.server.url })
    expect(raw.tools?.map((tool) => (tool as { name: string }).name)).toEqual(['echo'])
  })

  it('refreshes an expired access token and writes the new one to the cache', async () => {
    const before = await readFile(join(tokenDir(), (await cachedFiles())[0] as string), 'utf8')
    auth.server.provider.expireAccessTokens()
    const check = await runCliIn(['check', '--url', auth.server.url, '--contract', 'c.json'], auth.home)
    expect(check.code).toBe(0)
    expect(auth.server.provider.refreshCount).toBe(1)
    const files = await cachedFiles()
    expect(files).toHaveLength(1)
    const after = await readFile(join(tokenDir(), files[0] as string), 'utf8')
    expect(JSON.parse(after).tokens.access_token).not.toBe(JSON.parse(before).tokens.access_token)
    expect(JSON.parse(after).tokens.refresh_token).toBe(JSON.parse(before).tokens.refresh_token)
    expect((await stat(join(tokenDir(), files[0] as string))).mode & 0o777).toBe(0o600)
  })

  it('lists cached logins without printing a token', async () => {
    const run = await runCliIn(['auth', '--status'], auth.home)
    expect(run.code).toBe(0)
    expect(scrub(run.stdout, auth.home)).toMatchInlineSnapshot(`
      "http://127.0.0.1:PORT/mcp
        authorization server  http://127.0.0.1:PORT/
        resource              http://127.0.0.1:PORT/mcp
        access token          valid until <TIME>
        refresh token         yes (refreshed when the access token expires)
        file                  <CONFIG>/mcp-contract/tokens/<KEY>.json
      "
    `)
  })

  it('says to run auth when the refresh token was revoked', async () => {
    auth.server.provider.expireAccessTokens()
    auth.server.provider.revokeRefreshTokens()
    const run = await runCliIn(['check', '--url', auth.server.url, '--contract', 'c.json'], auth.home)
    expect(run.code).toBe(2)
    expect(scrub(run.stderr, auth.home)).toMatchInlineSnapshot(`
      "mcp-contract: The login cached for http://127.0.0.1:PORT/mcp has expired and the authorization server refused to refresh it. Log in again with: mcp-contract auth --url http://127.0.0.1:PORT/mcp
      Or pass a token with --bearer TOKEN (or MCP_CONTRACT_TOKEN in the environment) or the header the server expects with --header 'K: V'; in CI a machine client logs in with that command too, given --client-id and --client-secret-env.
      "
    `)
  })

  it('completes a headless login from a redirect URL pasted on stdin', async () => {
    const run = startCli(['auth', '--url', auth.server.url, '--open', 'false'], auth.home)
    const [, url] = await run.waitForStderr(AUTHORIZATION_URL)
    const answer = await fetch(url as string, { redirect: 'manual' })
    const location = answer.headers.get('location') as string
    expect(location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\?code=/)
    run.stdin.write('not a url\n')
    run.stdin.write(`${location.replace(/state=[^&]+/, 'state=another')}\n`)
    run.stdin.write(`${location}\n`)
    const done = await run.done
    expect(done.code).toBe(0)
    expect(scrub(done.stderr, auth.home)).toMatchInlineSnapshot(`
      "Open this URL in a browser to log in:

        http://127.0.0.1:PORT/authorize?<QUERY>

      Waiting for the redirect. On a machine without a browser, open the URL elsewhere, then paste here the address the browser was sent to (http://127.0.0.1…/callback?code=…) and press Enter.
      That is not a URL. Paste the whole address your browser was sent to (it starts with http://127.0.0.1 or http://localhost).
      That URL is not the redirect of this login (its state or code is missing or differs). Paste the newest one.
      Received the redirect http://127.0.0.1:PORT/callback?code=…&state=… (pasted).
      "
    `)
    expect((await runCliIn(['check', '--url', auth.server.url, '--contract', 'c.json'], auth.home)).code).toBe(0)
  })

  it('keeps one whole private file when several logins write it at once', async () => {
    const runs = await Promise.all([1, 2, 3, 4].map(() => logIn(auth.server.url, auth.home)))
    expect(runs.map((run) => run.code)).toEqual([0, 0, 0, 0])
    const files = await cachedFiles()
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/^[0-9a-f]{24}\.json$/)
    const login = JSON.parse(await readFile(join(tokenDir(), files[0] as string), 'utf8'))
    expect(login).toMatchObject({ version: 1, serverUrl: auth.server.url, resource: auth.server.url, authorizationServer: `${auth.server.origin}/` })
    expect((await stat(join(tokenDir(), files[0] as string))).mode & 0o777).toBe(0o600)
    expect((await runCliIn(['check', '--url', auth.server.url, '--contract', 'c.json'], auth.home)).code).toBe(0)
  })

  it('logs out: the file is gone and the next run says to log in', async () => {
    const logout = await runCliIn(['auth', '--logout', '--url', auth.server.url], auth.home)
    expect(logout.code).toBe(0)
    expect(scrub(logout.stdout, auth.home)).toMatchInlineSnapshot(`
      "logged out of http://127.0.0.1:PORT/mcp: removed its cached login
      "
    `)
    expect(await cachedFiles()).toEqual([])
    expect((await runCliIn(['check', '--url', auth.server.url, '--contract', 'c.json'], auth.home)).code).toBe(2)
    expect(scrub((await runCliIn(['auth', '--status'], auth.home)).stdout, auth.home)).toMatchInlineSnapshot(`
      "no logins are cached (in <CONFIG>/mcp-contract/tokens); log in with mcp-contract auth --url URL
      "
    `)
  })

  it('never prints a code, verifier or token anywhere', () => {
    const secrets = [...auth.server.provider.secrets]
    expect(secrets.length).toBeGreaterThan(10)
    const everything = ALL_OUTPUT.join('\n')
    expect(everything.length).toBeGreaterThan(1000)
    for (const secret of secrets) expect(everything).not.toContain(secret)
  })
})
