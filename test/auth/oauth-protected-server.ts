import { randomUUID } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express, { type Response } from 'express'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js'
import { getOAuthProtectedResourceMetadataUrl, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js'
import { InvalidGrantError, InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js'
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js'
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js'
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js'
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js'
import { createMcpHandler, McpServer as ModernMcpServer } from '@modelcontextprotocol/server'
import { z } from 'zod'

/**
 * An authorization server built from the SDK's own machinery (`mcpAuthRouter`) whose user
 * approves every request at once, as the SDK's demo provider does, plus refresh tokens that can
 * be revoked and access tokens that can be expired, so a test can drive each path.
 */
class AutoApproveProvider implements OAuthServerProvider {
  readonly clients = new Map<string, OAuthClientInformationFull>()
  readonly clientsStore: OAuthRegisteredClientsStore = {
    getClient: async (id) => this.clients.get(id),
    registerClient: async (client) => {
      const full = client as OAuthClientInformationFull
      this.clients.set(full.client_id, full)
      return full
    },
  }
  private readonly codes = new Map<string, { client: OAuthClientInformationFull; params: AuthorizationParams }>()
  private readonly access = new Map<string, { clientId: string; expiresAt: number; resource?: URL; scopes: string[] }>()
  private readonly refresh = new Map<string, { clientId: string; resource?: URL; scopes: string[] }>()
  /** Every secret this server handed out or received: codes, verifiers, tokens, client secrets. */
  readonly secrets = new Set<string>()
  /** The `resource` parameters the token endpoint received. */
  readonly resources: string[] = []
  refreshCount = 0
  /** Every access token the MCP endpoint was shown, in order. */
  readonly presented: string[] = []

  constructor(private readonly accessTtlSeconds: number) {}

  async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response): Promise<void> {
    const code = randomUUID()
    this.secrets.add(code)
    if (client.client_secret) this.secrets.add(client.client_secret)
    this.codes.set(code, { client, params })
    const target = new URL(params.redirectUri)
    target.search = new URLSearchParams({ code, ...(params.state === undefined ? {} : { state: params.state }) }).toString()
    res.redirect(target.href)
  }

  async challengeForAuthorizationCode(_client: OAuthClientInformationFull, code: string): Promise<string> {
    const found = this.codes.get(code)
    if (!found) throw new InvalidGrantError('unknown authorization code')
    return found.params.codeChallenge
  }

  async exchangeAuthorizationCode(client: OAuthClientInformationFull, code: string, verifier?: string, _redirect?: string, resource?: URL): Promise<OAuthTokens> {
    if (verifier) this.secrets.add(verifier)
    const found = this.codes.get(code)
    if (!found || found.client.client_id !== client.client_id) throw new InvalidGrantError('unknown authorization code')
    this.codes.delete(code)
    this.resources.push(String(resource))
    return this.issue(client.client_id, found.params.scopes ?? [], resource, randomUUID())
  }

  async exchangeRefreshToken(client: OAuthClientInformationFull, refreshToken: string, _scopes?: string[], resource?: URL): Promise<OAuthTokens> {
    const found = this.refresh.get(refreshToken)
    if (!found || found.clientId !== client.client_id) throw new InvalidGrantError('the refresh token is not valid')
    this.refreshCount++
    return this.issue(client.client_id, found.scopes, resource ?? found.resource, refreshToken)
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    this.presented.push(token)
    const found = this.access.get(token)
    if (!found) throw new InvalidTokenError('unknown token')
    return { token, clientId: found.clientId, scopes: found.scopes, expiresAt: Math.floor(found.expiresAt / 1000), resource: found.resource }
  }

  /** Makes every access token issued so far expired. */
  expireAccessTokens(): void {
    for (const entry of this.access.values()) entry.expiresAt = Date.now() - 1000
  }

  /** Forgets every refresh token, as a revocation would. */
  revokeRefreshTokens(): void {
    this.refresh.clear()
  }

  private issue(clientId: string, scopes: string[], resource: URL | undefined, refreshToken: string): OAuthTokens {
    const token = randomUUID()
    this.secrets.add(token)
    this.secrets.add(refreshToken)
    this.access.set(token, { clientId, scopes, resource, expiresAt: Date.now() + this.accessTtlSeconds * 1000 })
    this.refresh.set(refreshToken, { clientId, scopes, resource })
    return { access_token: token, token_type: 'bearer', expires_in: this.accessTtlSeconds, refresh_token: refreshToken, scope: scopes.join(' ') }
  }
}

/** A running protected MCP server and its authorization server, on one 127.0.0.1 port. */
export interface ProtectedServer {
  /** The MCP endpoint, `http://127.0.0.1:PORT/mcp`. */
  url: string
  origin: string
  provider: AutoApproveProvider
  stop(): Promise<void>
}

/** How a protected server is started: its access tokens' lifetime, its tools, and its era. */
export interface ProtectedServerOptions {
  accessTtlSeconds?: number
  tools?: string[]
  modern?: 'only' | 'both'
}

/**
 * Starts an MCP server (one tool, `echo`) behind `requireBearerAuth`, with the SDK's
 * authorization server on the same origin. Its 401 names the protected-resource metadata.
 * With `modern`, the MCP endpoint is an SDK 2.x `createMcpHandler` server that speaks the
 * 2026-07-28 era, and refuses `initialize` when `modern` is `'only'`.
 * @example const server = await startProtectedServer(); … await server.stop()
 */
export async function startProtectedServer(options: ProtectedServerOptions = {}): Promise<ProtectedServer> {
  const provider = new AutoApproveProvider(options.accessTtlSeconds ?? 3600)
  const app = express()
  const http: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  const mcpUrl = new URL('/mcp', origin)
  app.use(mcpAuthRouter({ provider, issuerUrl: new URL(origin), resourceServerUrl: mcpUrl, scopesSupported: ['mcp:tools'] }))
  const bearer = requireBearerAuth({ verifier: provider, resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl), expectedResource: mcpUrl })
  if (options.modern !== undefined) {
    serveModern(app, bearer, options.tools ?? ['echo'], options.modern)
    return stopper(mcpUrl, origin, provider, http)
  }
  app.post('/mcp', express.json(), bearer, async (req, res) => {
    const server = new McpServer({ name: 'protected', version: '1.0.0' })
    for (const name of options.tools ?? ['echo']) {
      server.registerTool(name, { description: `${name} a message`, inputSchema: { message: z.string() } }, async ({ message }) => ({ content: [{ type: 'text', text: message }] }))
    }
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
    res.on('close', () => void transport.close())
    await server.connect(transport)
    await transport.handleRequest(req, res, req.body)
  })
  for (const method of ['get', 'delete'] as const) app[method]('/mcp', bearer, (_req, res) => void res.status(405).set('allow', 'POST').end())
  return stopper(mcpUrl, origin, provider, http)
}

function stopper(mcpUrl: URL, origin: string, provider: AutoApproveProvider, http: Server): ProtectedServer {
  return {
    url: mcpUrl.href,
    origin,
    provider,
    stop: () => new Promise<void>((resolve) => http.close(() => resolve())),
  }
}

/** Serves `/mcp` behind `bearer` with an SDK 2.x handler: the 2026-07-28 era, and the 2025 one unless `only`. */
function serveModern(app: ReturnType<typeof express>, bearer: ReturnType<typeof requireBearerAuth>, tools: string[], modern: 'only' | 'both'): void {
  const handler = createMcpHandler(
    () => {
      const server = new ModernMcpServer({ name: 'protected-2026', version: '1.0.0' })
      for (const name of tools) {
        server.registerTool(name, { description: `${name} a message`, inputSchema: z.object({ message: z.string() }) }, async ({ message }) => ({ content: [{ type: 'text', text: message }] }))
      }
      return server
    },
    { legacy: modern === 'only' ? 'reject' : 'stateless' },
  )
  app.all('/mcp', express.raw({ type: () => true }), bearer, async (req, res) => {
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value)
    const body = Buffer.isBuffer(req.body) && req.body.length > 0 ? new Uint8Array(req.body) : undefined
    const response = await handler.fetch(new Request(new URL(req.originalUrl, `http://${req.headers.host}`), { method: req.method, headers, body }))
    res.status(response.status)
    response.headers.forEach((value, name) => void res.setHeader(name, value))
    res.end(Buffer.from(await response.arrayBuffer()))
  })
}
