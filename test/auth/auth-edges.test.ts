import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import express from 'express'
import { createOAuthMetadata } from '@modelcontextprotocol/sdk/server/auth/router.js'
import { describe, expect, it } from 'vitest'
import { configDir } from '../../src/capture/auth/config-dir.js'
import { redactUrl } from '../../src/capture/auth/redact-url.js'
import { ALL_OUTPUT, AUTHORIZATION_URL, runCliIn, scrub, startCli } from './cli-run.js'
import { logIn, useAuthHome } from './auth-home.js'

const auth = useAuthHome('mcp-contract-auth-edges-', { server: {} })
const secretsUsed = ['client-secret-that-must-not-print', 'bearer-that-must-not-print']

/** A fresh config directory with a login to the test server in it; returns the cached access token. */
async function loggedInHome(): Promise<{ dir: string; token: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-contract-auth-token-'))
  expect((await logIn(auth.server.url, dir)).code).toBe(0)
  const tokens = join(dir, 'mcp-contract', 'tokens')
  const [file] = await readdir(tokens)
  return { dir, token: JSON.parse(await readFile(join(tokens, file as string), 'utf8')).tokens.access_token }
}

describe('auth: usage and refusals', () => {
  it.each([
    ['no --url', ['auth']],
    ['a bad --open', ['auth', '--url', 'http://127.0.0.1:1/mcp', '--open', 'maybe']],
    ['a secret without a client', ['auth', '--url', 'http://127.0.0.1:1/mcp', '--client-secret-env', 'S']],
    ['a server command', ['auth', '--url', 'http://127.0.0.1:1/mcp', '--', 'node', 'server.js']],
    ['credentials in the URL', ['auth', '--url', 'http://user:pw@127.0.0.1:1/mcp']],
  ])('%s is a usage error', async (_title, args) => {
    const run = await runCliIn(args, auth.home)
    expect(run.code).toBe(2)
    expect(run.stderr.split('\n\nUsage:')[0]).toMatchSnapshot()
  })

  it('an unset client secret variable says which one', async () => {
    const run = await runCliIn(['show', '--url', auth.server.url, '--client-id', 'ci', '--client-secret-env', 'NOT_SET_HERE'], auth.home)
    expect(run.code).toBe(2)
    expect(run.stderr.split('\n\nUsage:')[0]).toMatchSnapshot()
  })

  it('the client-credentials grant is refused by name where the authorization server does not offer it', async () => {
    const run = await runCliIn(['auth', '--url', auth.server.url, '--client-id', 'ci', '--client-secret-env', 'SECRET'], auth.home, auth.home)
    // Why a second run with the secret set: the first proves the variable is required.
    expect(run.code).toBe(2)
    const withSecret = await import('../../src/cli/run-cli.js').then(({ runCli }) => {
      let stderr = ''
      return runCli(['show', '--url', auth.server.url, '--client-id', 'ci', '--client-secret-env', 'SECRET'], {
        stdout: () => {},
        stderr: (text) => void (stderr += text),
        cwd: auth.home,
        env: { XDG_CONFIG_HOME: auth.home, SECRET: secretsUsed[0] },
      }).then((code) => ({ code, stderr }))
    })
    ALL_OUTPUT.push(withSecret.stderr)
    expect(withSecret.code).toBe(2)
    expect(scrub(withSecret.stderr, auth.home)).toMatchInlineSnapshot(`
      "mcp-contract: the authorization server http://127.0.0.1:PORT/ does not offer the client-credentials grant (it offers authorization_code, refresh_token). Log in with mcp-contract auth --url … instead, or give a token with MCP_CONTRACT_TOKEN.
      "
    `)
  })

  it('a refused login, a taken port and a login nobody finishes each say what to do', async () => {
    const refused = startCli(['auth', '--url', auth.server.url, '--open', 'false'], auth.home)
    const [, url] = await refused.waitForStderr(AUTHORIZATION_URL)
    const authorization = new URL(url as string)
    const callback = new URL(authorization.searchParams.get('redirect_uri') as string)
    callback.search = new URLSearchParams({ error: 'access_denied', error_description: 'the user said no', state: authorization.searchParams.get('state') as string }).toString()
    expect((await fetch(callback)).status).toBe(200)
    const denied = await refused.done
    expect(denied.code).toBe(2)
    expect(scrub(denied.stderr, auth.home).split('\n').at(-2)).toMatchInlineSnapshot(`"mcp-contract: the authorization server refused the login: access_denied (the user said no). Run mcp-contract auth again."`)

    const port = new URL(auth.server.url).port
    const taken = await runCliIn(['auth', '--url', auth.server.url, '--open', 'false', '--port', port], auth.home)
    expect(taken.code).toBe(2)
    expect(scrub(taken.stderr, auth.home).replace(`port ${port}`, 'port PORT')).toMatchInlineSnapshot(`
      "mcp-contract: port PORT on 127.0.0.1 is in use; pick another with --port, or leave --port out for any free port
      "
    `)

    const slow = await runCliIn(['auth', '--url', auth.server.url, '--open', 'false', '--timeout', '1000'], auth.home)
    expect(slow.code).toBe(2)
    expect(scrub(slow.stderr, auth.home).split('\n').at(-2)).toMatchInlineSnapshot(`"mcp-contract: no redirect arrived within 1 s; run mcp-contract auth again (--timeout MS waits longer)"`)
    expect(await readdir(auth.home)).not.toContain('mcp-contract')
  })

  it('refuses an authorization server whose metadata names another issuer', async () => {
    const app = express()
    const http: Server = await new Promise((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
    })
    const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
    try {
      const metadata = createOAuthMetadata({ provider: auth.server.provider, issuerUrl: new URL('http://localhost:9/') })
      app.get('/.well-known/oauth-protected-resource/mcp', (_req, res) => void res.json({ resource: `${origin}/mcp`, authorization_servers: [origin] }))
      app.get('/.well-known/oauth-authorization-server', (_req, res) => void res.json(metadata))
      app.post('/mcp', (_req, res) => void res.status(401).set('www-authenticate', `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`).end())
      const run = await runCliIn(['auth', '--url', `${origin}/mcp`, '--open', 'false'], auth.home)
      expect(run.code).toBe(2)
      expect(scrub(run.stderr, auth.home)).toMatchInlineSnapshot(`
        "mcp-contract: the authorization server metadata fetched for http://127.0.0.1:PORT names another issuer, http://localhost:9/. Refusing to log in: its tokens could be meant for someone else. Ask the server operator to fix the metadata.
        "
      `)
    } finally {
      await new Promise<void>((resolve) => http.close(() => resolve()))
    }
  })
})

describe('tokens from the environment', () => {
  it('MCP_CONTRACT_TOKEN and --bearer reach the server with nothing cached, and never print', async () => {
    const { dir, token } = await loggedInHome()
    try {
      const fromEnv = await import('../../src/cli/run-cli.js').then(async ({ runCli }) => {
        let stdout = ''
        const code = await runCli(['show', '--format', 'json', '--url', auth.server.url], { stdout: (t) => void (stdout += t), stderr: () => {}, cwd: auth.home, env: { XDG_CONFIG_HOME: auth.home, MCP_CONTRACT_TOKEN: token } })
        return { code, stdout }
      })
      ALL_OUTPUT.push(fromEnv.stdout)
      expect(fromEnv.code).toBe(0)
      expect(JSON.parse(fromEnv.stdout).tools[0].name).toBe('echo')
      const bearer = await runCliIn(['show', '--url', auth.server.url, '--bearer', token], auth.home)
      expect(bearer.code).toBe(0)
      const wrong = await runCliIn(['show', '--url', auth.server.url, '--bearer', secretsUsed[1] as string], auth.home)
      expect(wrong.code).toBe(2)
      for (const text of [fromEnv.stdout, bearer.stdout, bearer.stderr, wrong.stderr]) expect(text).not.toContain(token)
      secretsUsed.push(token)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('pieces', () => {
  it('redactUrl hides code and state, keeps the rest', () => {
    expect(redactUrl('http://127.0.0.1:8976/callback?code=abc123&state=xyz&other=1#access_token=t&x=1')).toBe(
      'http://127.0.0.1:8976/callback?code=…&state=…&other=1#access_token=…&x=1',
    )
    expect(redactUrl('http://u:p@127.0.0.1/callback?code=abc')).toBe('http://127.0.0.1/callback?code=…')
    expect(redactUrl('not a url')).toBe('(a URL that could not be parsed)')
  })

  it('configDir follows XDG, macOS, Windows and Linux conventions', () => {
    expect(configDir({ XDG_CONFIG_HOME: '/x' }, 'darwin')).toBe('/x/mcp-contract')
    expect(configDir({}, 'darwin')).toMatch(/\/Library\/Application Support\/mcp-contract$/)
    expect(configDir({ APPDATA: 'C:/Users/a/AppData/Roaming' }, 'win32')).toMatch(/^C:\/Users\/a\/AppData\/Roaming.mcp-contract$/)
    expect(configDir({}, 'linux')).toMatch(/\/\.config\/mcp-contract$/)
  })

  it('no secret used in this file was printed', () => {
    const everything = ALL_OUTPUT.join('\n')
    expect(everything.length).toBeGreaterThan(500)
    for (const secret of [...secretsUsed, ...auth.server.provider.secrets]) expect(everything).not.toContain(secret)
  })
})
