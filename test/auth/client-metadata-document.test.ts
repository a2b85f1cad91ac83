import { readFileSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer as createHttpsServer, request as httpsRequest, type Server as HttpsServer } from 'node:https'
import type { Server } from 'node:http'
import { createServer as createNetServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import express from 'express'
import Provider from 'oidc-provider'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js'
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ALL_OUTPUT, AUTHORIZATION_URL, runCliIn, scrub, startCli } from './cli-run.js'

// A Client ID Metadata Document login against oidc-provider (its clientIdMetadataDocument
// feature): the client_id is an https URL, and the authorization server fetches the document
// there, from a real https server on 127.0.0.1 with a self-signed certificate. No registration.
const TLS = new URL('../fixtures/tls/', import.meta.url)
const cert = readFileSync(new URL('localhost-cert.pem', TLS), 'utf8')
const key = readFileSync(new URL('localhost-key.pem', TLS), 'utf8')
let http: Server
let documents: HttpsServer
let origin: string
let mcpUrl: string
let clientId: string
let callbackPort: number
let home: string
let provider: Provider
/** Every client_id metadata document request the https server answered. */
const fetched: string[] = []

/**
 * The authorization server's outgoing fetch, trusting only the test certificate. Why not its own:
 * oidc-provider guards that fetch against loopback addresses (SSRF), which is where the test's
 * document lives; this fetch is still a real https request with certificate checks.
 */
function fetchTrustingTestCertificate(url: string | URL, options: { method?: string; headers?: Headers }): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(url, { method: options.method ?? 'GET', headers: Object.fromEntries(options.headers ?? []), ca: cert }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve(new Response(Buffer.concat(chunks), { status: res.statusCode, headers: res.headers as Record<string, string> })))
    })
    request.on('error', reject)
    request.end()
  })
}

/** A port free right now, for the fixed loopback redirect the document names. */
async function freePort(): Promise<number> {
  const server = createNetServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

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
  home = await mkdtemp(join(tmpdir(), 'mcp-contract-cimd-'))
  vi.stubEnv('XDG_CONFIG_HOME', home)
  vi.stubEnv('MCP_CONTRACT_TOKEN', '')
  callbackPort = await freePort()
  documents = createHttpsServer({ key, cert }, (req, res) => {
    fetched.push(req.url ?? '')
    if (req.url !== '/clients/mcp-contract.json') return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        client_id: clientId,
        client_name: 'mcp-contract',
        application_type: 'native',
        redirect_uris: [`http://127.0.0.1:${callbackPort}/callback`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      }),
    )
  })
  await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve))
  clientId = `https://127.0.0.1:${(documents.address() as AddressInfo).port}/clients/mcp-contract.json`
  const app = express()
  http = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  mcpUrl = `${origin}/mcp`
  provider = new Provider(origin, {
    cookies: { keys: ['test-cookie-key-0123456789'] },
    fetch: fetchTrustingTestCertificate as never,
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: false },
      clientIdMetadataDocument: { enabled: true, ack: 'draft-02' } as never,
      resourceIndicators: {
        enabled: true,
        defaultResource: () => mcpUrl,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({ scope: 'mcp', audience: mcpUrl, accessTokenFormat: 'opaque' }),
      },
    },
    scopes: ['openid', 'mcp'],
    issueRefreshToken: () => true,
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
  })
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
      const found = await provider.AccessToken.find(token)
      if (!found) throw new InvalidTokenError('unknown token')
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
  await new Promise<void>((resolve) => documents.close(() => resolve()))
  vi.unstubAllEnvs()
  await rm(home, { recursive: true, force: true })
})

describe('a Client ID Metadata Document login against oidc-provider', () => {
  it('the authorization server advertises it, and auth --client-metadata-url logs in with the URL as client_id, no registration', async () => {
    const metadata = (await (await fetch(`${origin}/.well-known/openid-configuration`)).json()) as Record<string, unknown>
    expect(metadata.client_id_metadata_document_supported).toBe(true)
    expect(metadata.registration_endpoint).toBeUndefined()
    const run = startCli(['auth', '--url', mcpUrl, '--open', 'false', '--port', String(callbackPort), '--client-metadata-url', clientId], home)
    const [, url] = await run.waitForStderr(AUTHORIZATION_URL)
    const authorization = new URL(url as string)
    expect(authorization.searchParams.get('client_id')).toBe(clientId)
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256')
    ALL_OUTPUT.push(await (await followLikeABrowser(url as string)).text())
    const done = await run.done
    expect(done, done.stderr).toMatchObject({ code: 0 })
    expect(scrub(done.stdout, home)).toMatchInlineSnapshot(`
      "logged in to http://127.0.0.1:PORT/mcp (authorization server http://127.0.0.1:PORT); the token is cached in <CONFIG>/mcp-contract/tokens/<KEY>.json; it expires in <N> min and is refreshed then
      "
    `)
    // The document was fetched from the https server: the client was never registered.
    expect(fetched).toContain('/clients/mcp-contract.json')
    const [file] = await readdir(join(home, 'mcp-contract', 'tokens'))
    const login = JSON.parse(await readFile(join(home, 'mcp-contract', 'tokens', file as string), 'utf8'))
    expect(login.client.client_id).toBe(clientId)
    const show = await runCliIn(['show', '--url', mcpUrl], home)
    expect(show, show.stderr).toMatchObject({ code: 0 })
    expect(show.stdout).toContain('tool ping')
    const everything = ALL_OUTPUT.join('\n')
    for (const secret of [login.tokens.access_token, login.tokens.refresh_token]) expect(everything).not.toContain(secret)
  })
})
