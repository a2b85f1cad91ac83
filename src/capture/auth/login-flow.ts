import { listenForRedirect } from './await-redirect.js'
import { describeError, LoginError, scrubSecrets } from './login-error.js'
import { LoginProvider } from './login-provider.js'
import { expiresAt } from './login-record.js'
import { openBrowser } from './open-browser.js'
import { readChallenge } from './read-challenge.js'
import { redactUrl } from './redact-url.js'
import { TokenCache, type CachedLogin } from './token-cache.js'

/** How long a login waits for the user by default: five minutes. */
export const DEFAULT_LOGIN_TIMEOUT_MS = 300_000

/** What `mcp-contract auth` logs in with. */
export interface LoginOptions {
  serverUrl: URL
  scope?: string
  /** The loopback port for the redirect; any free port when absent. */
  port?: number
  /** Open the authorization URL in the browser (it is printed either way). */
  openBrowser: boolean
  clientId?: string
  clientMetadataUrl?: string
  timeoutMs?: number
  /** Where a redirect URL can be pasted on a headless box. */
  stdin?: NodeJS.ReadableStream
  /** Prints one line for the user (stderr). */
  say: (line: string) => void
  env?: NodeJS.ProcessEnv
  signal?: AbortSignal
}

/** A finished login: the cache file it was written to and what it holds. */
export interface LoginResult {
  file: string
  login: CachedLogin
}

/**
 * Logs in to an MCP server with the SDK's own OAuth client (`auth()`): protected-resource
 * metadata from the server's `WWW-Authenticate` challenge or its well-known URL, the
 * authorization server's metadata (issuer checked), client registration (a given client ID, a
 * client metadata document, or dynamic registration), authorization code with PKCE, the
 * `resource` parameter. The tokens are cached per authorization server and resource.
 * @throws LoginError with a message free of secrets
 */
export async function runLogin(options: LoginOptions): Promise<LoginResult> {
  const { auth } = await import('@modelcontextprotocol/sdk/client/auth.js')
  const listener = await listenForRedirect(options.port)
  const provider = new LoginProvider({
    redirectUrl: listener.redirectUrl,
    clientId: options.clientId,
    clientMetadataUrl: options.clientMetadataUrl,
    scope: options.scope,
    onAuthorizationUrl: (url) => {
      options.say(`Open this URL in a browser to log in:\n\n  ${url.href}\n`)
      options.say('Waiting for the redirect. On a machine without a browser, open the URL elsewhere, then paste here the address the browser was sent to (http://127.0.0.1…/callback?code=…) and press Enter.')
    },
  })
  const secrets = () => [provider.secretVerifier(), provider.savedTokens?.access_token, provider.savedTokens?.refresh_token, provider.client?.client_secret, code]
  let code: string | undefined
  try {
    const challenge = await readChallenge(options.serverUrl)
    const scope = options.scope ?? challenge.scope
    const first = await auth(provider, { serverUrl: options.serverUrl, scope, resourceMetadataUrl: challenge.resourceMetadataUrl })
    if (first === 'REDIRECT') {
      if (options.openBrowser) {
        const opened = await openBrowser(provider.lastUrl ?? '')
        if (!opened) options.say('Could not open a browser here; open the URL above yourself.')
      }
      const redirect = await listener.wait({ state: provider.expectedState, stdin: options.stdin, timeoutMs: options.timeoutMs ?? DEFAULT_LOGIN_TIMEOUT_MS, signal: options.signal, say: options.say })
      code = redirect.code
      options.say(`Received the redirect ${redactUrl(redirect.url)} (${redirect.via === 'paste' ? 'pasted' : 'from the browser'}).`)
      await auth(provider, { serverUrl: options.serverUrl, authorizationCode: code, scope, resourceMetadataUrl: challenge.resourceMetadataUrl })
    }
    return await saveLogin(provider, options)
  } catch (error) {
    if (error instanceof LoginError) throw new LoginError(scrubSecrets(error.message, secrets()))
    throw new LoginError(scrubSecrets(`logging in to ${options.serverUrl.href} failed: ${describeError(error)}`, secrets()))
  } finally {
    await listener.close()
  }
}

async function saveLogin(provider: LoginProvider, options: LoginOptions): Promise<LoginResult> {
  const tokens = provider.savedTokens
  const discovery = provider.discovery
  if (tokens === undefined || provider.client === undefined || discovery === undefined) {
    throw new LoginError(`the authorization server for ${options.serverUrl.href} gave no tokens; run mcp-contract auth again`)
  }
  const { resourceUrlFromServerUrl } = await import('@modelcontextprotocol/sdk/shared/auth-utils.js')
  const login: CachedLogin = {
    version: 1,
    serverUrl: options.serverUrl.href,
    resource: discovery.resourceMetadata?.resource ?? resourceUrlFromServerUrl(options.serverUrl).href,
    authorizationServer: String(discovery.authorizationServerUrl),
    savedAt: new Date().toISOString(),
    expiresAt: expiresAt(tokens),
    client: provider.client,
    tokens,
    discovery,
  }
  const cache = new TokenCache(options.env)
  return { file: await cache.save(login), login }
}
