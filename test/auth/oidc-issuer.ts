import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import Provider, { type Configuration } from 'oidc-provider'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js'
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js'

/** What a test sets on the authorization server besides the shared parts. */
export interface OidcIssuerOptions {
  /** Provider configuration other than cookies, scopes, interactions, refresh tokens and features. */
  configuration?: Omit<Configuration, 'features'>
  /** Features other than resource indicators (always on, for the MCP endpoint) and dev interactions (always off). */
  features?: Configuration['features']
  /** Whether the MCP endpoint also accepts tokens of the client-credentials grant. */
  acceptClientCredentials?: boolean
  /** Called with every access token the MCP endpoint is shown, before it is checked. */
  onPresented?: (token: string) => void
  /** Called with every access token the MCP endpoint accepted. */
  onAccepted?: (token: string) => void
}

/** An oidc-provider authorization server and the SDK MCP server it protects, on one 127.0.0.1 port. */
export interface OidcIssuer {
  provider: Provider
  /** The issuer, `http://127.0.0.1:PORT`. */
  origin: string
  /** The protected MCP endpoint, `${origin}/mcp`, with one tool `ping`. */
  mcpUrl: string
  close(): Promise<void>
}

/**
 * Starts oidc-provider in front of an SDK MCP server. The user approves every interaction at once
 * (a login and a grant of the MCP resource's scope), so a browser-like redirect walk completes a login.
 */
export async function startOidcIssuer(options: OidcIssuerOptions = {}): Promise<OidcIssuer> {
  const app = express()
  const http: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  const mcpUrl = `${origin}/mcp`
  const provider = new Provider(origin, {
    ...options.configuration,
    cookies: { keys: ['test-cookie-key-0123456789'] },
    features: {
      ...options.features,
      devInteractions: { enabled: false },
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
      options.onPresented?.(token)
      const found = (await provider.AccessToken.find(token)) ?? (options.acceptClientCredentials ? await provider.ClientCredentials.find(token) : undefined)
      if (!found) throw new InvalidTokenError('unknown token')
      options.onAccepted?.(token)
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
  return { provider, origin, mcpUrl, close: () => new Promise<void>((resolve) => http.close(() => resolve())) }
}

/** Follows redirects the way a browser does, cookies included (oidc-provider keeps the interaction in one). */
export async function followLikeABrowser(start: string): Promise<Response> {
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
