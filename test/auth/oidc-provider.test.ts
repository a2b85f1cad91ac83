import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import express from 'express'
import Provider from 'oidc-provider'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js'
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runCli } from '../../src/cli/run-cli.js'
import { ALL_OUTPUT, AUTHORIZATION_URL, runCliIn, scrub, startCli } from './cli-run.js'

// An independent authorization server (oidc-provider) in front of an SDK MCP server: dynamic
// registration, PKCE, resource indicators, and a machine client for the client-credentials grant.
const MACHINE_SECRET = 'machine-secret-that-must-not-print-0123456789'
let http: Server
let origin: string
let mcpUrl: string
let home: string
let provider: Provider
const issued = new Set<string>()
/** Every access token the MCP endpoint was shown, in order. */
const presented: string[] = []

/** Follows redirects the way a browser does, cookies included (oidc-provider keeps the interaction in one). */
async function followLikeABrowser(start: string): Promise<Response> {
  const cookies = new Map<string, string>()
  let url = start
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = (pair as string).indexOf('=')
      cookies.set((pair as string).slice(0, at), (pair as string).slice(at + 1))
    }
    const location = response.headers.get('location')
    if (response.status < 300 || response.status >= 400 || location === null) return response
    url = new URL(location, url).href
  }
  throw new Error('too many redirects')
}

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'mcp-contract-oidc-'))
  vi.stubEnv('XDG_CONFIG_HOME', home)
  vi.stubEnv('MCP_CONTRACT_TOKEN', '')
  const app = express()
  http = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  mcpUrl = `${origin}/mcp`
  provider = new Provider(origin, {
    clients: [{ client_id: 'ci-bot', client_secret: MACHINE_SECRET, grant_types: ['client_credentials'], redirect_uris: [], response_types: [] }],
    cookies: { keys: ['test-cookie-key-0123456789'] },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => mcpUrl,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({ scope: 'mcp', audience: mcpUrl, accessTokenFormat: 'opaque' }),
      },
    },
    scopes: ['openid', 'mcp'],
    // Why 30 s: inside mcp-contract's refresh margin from the start, so a cached token is refreshed before any request.
    ttl: { AccessToken: 30 },
    issueRefreshToken: () => true,
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
  })
  // The user approves at once: a login and a grant of the requested resource's scope.
  app.get('/interaction/:uid', async (req, res) => {
    const details = await provider.interactionDetails(req, res)
    const grant = new provider.Grant({ accountId: 'tester', clientId: details.params.client_id as string })
    grant.addOIDCScope(String(details.params.scope))
    grant.addResourceScope(mcpUrl, 'mcp')
    const grantId = await grant.save()
    await provider.interactionFinished(req, res, { login: { accountId: 'tester' }, consent: { grantId } }, { mergeWithLastSubmission: false })
  })
  app.get('/.well-known/oauth-protected-resource/mcp', (_req, res) => void res.json({ resource: mcpUrl, authorization_servers: [origin], scopes_supported: ['openid', 'mcp'] }))
  const verifier = {
    verifyAccessToken: async (token: string) => {
      presented.push(token)
      const found = (await provider.AccessToken.find(token)) ?? (await provider.ClientCredentials.find(token))
      if (!found) throw new InvalidTokenError('unknown token')
      issued.add(token)
      return { token, clientId: found.clientId as string, scopes: (found.scope ?? '').split(' '), expiresAt: found.exp as number, resource: new URL(String(found.aud)) }
    },
  }
  app.post('/mcp', express.json(), requireBearerAuth({ verifier, resourceMetadataUrl: `${origin}/.well-known/oauth-protected-resource/mcp` }), async (req, res) => {
    const server = new McpServer({ name: 'behind-oidc', version: '1.0.0' })
    server.registerTool('ping', { description: 'Answers pong' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }))
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
    res.on('close', () => void transport.close())
    await server.connect(transport)
    await transport.handleRequest(req, res, req.body)
  })
  app.use(provider.callback())
})

afterAll(async () => {
  await new Promise<void>((resolve) => http.close(() => resolve()))
  vi.unstubAllEnvs()
  await rm(home, { recursive: true, force: true })
})

describe('against oidc-provider', () => {
  it('logs in with dynamic registration and PKCE, then check uses the cached token', async () => {
    const run = startCli(['auth', '--url', mcpUrl, '--open', 'false'], home)
    const [, url] = await run.waitForStderr(AUTHORIZATION_URL)
    const authorization = new URL(url as string)
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorization.searchParams.get('resource')).toBe(mcpUrl)
    const landed = await followLikeABrowser(url as string)
    ALL_OUTPUT.push(await landed.text())
    const done = await run.done
    expect(done.code).toBe(0)
    expect(scrub(done.stdout, home)).toMatchInlineSnapshot(`
      "logged in to http://127.0.0.1:PORT/mcp (authorization server http://127.0.0.1:PORT); the token is cached in <CONFIG>/mcp-contract/tokens/<KEY>.json; it expires in <N> min and is refreshed then
      "
    `)
    const files = await readdir(join(home, 'mcp-contract', 'tokens'))
    expect(files).toHaveLength(1)
    expect((await stat(join(home, 'mcp-contract', 'tokens', files[0] as string))).mode & 0o777).toBe(0o600)
    const cached = async () => JSON.parse(await readFile(join(home, 'mcp-contract', 'tokens', files[0] as string), 'utf8')).tokens.access_token as string
    const loggedIn = await cached()
    const show = await runCliIn(['show', '--url', mcpUrl], home)
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
      cwd: home,
      env: { XDG_CONFIG_HOME: join(home, 'empty'), CI_SECRET: MACHINE_SECRET },
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
