import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import type { AdviceFor } from '../advice-terms.js'
import type { HttpTarget } from '../target.js'
import { CachedLoginProvider } from './cached-login-provider.js'
import { CaptureError } from '../capture-error.js'
import { describeError, scrubSecrets } from './login-error.js'
import { TokenCache, type CachedLogin } from './token-cache.js'
import { TOKEN_ENV } from './token-env.js'

export { TOKEN_ENV } from './token-env.js'

/** How capture authenticates to one HTTP server. */
export interface HttpAuth {
  /** The target with the bearer token to send, if any. */
  target: HttpTarget
  /** The OAuth client that presents and refreshes a cached login, when no token was given. */
  authProvider?: OAuthClientProvider
}

/**
 * Picks the credentials for an HTTP target, first that applies: its own `bearer` or
 * `Authorization` header; `MCP_CONTRACT_TOKEN` from the environment; the login cached by
 * `mcp-contract auth` for this URL (refreshed before the first request when it has expired or
 * will within a minute, and by the SDK on a 401); with `ambientAuth: false`, only
 * the target's own. With none of them, a 401
 * becomes a message that says how to log in, and how to pass a token in `adviceFor`'s terms.
 * @example const { target, authProvider } = await resolveHttpAuth({ url }, new URL(url))
 */
export async function resolveHttpAuth(target: HttpTarget, url: URL, env: NodeJS.ProcessEnv = process.env, adviceFor?: AdviceFor): Promise<HttpAuth> {
  if (target.bearer !== undefined || target.ambientAuth === false) return { target }
  if (Object.keys(target.headers ?? {}).some((name) => name.toLowerCase() === 'authorization')) return { target }
  const fromEnv = env[TOKEN_ENV]
  if (fromEnv) return { target: { ...target, bearer: fromEnv } }
  const cache = new TokenCache(env)
  const found = await cache.find(url)
  const authProvider = new CachedLoginProvider(url, cache, found?.login, adviceFor)
  if (found !== undefined && expiresSoon(found.login)) await refreshBeforeUse(authProvider, url, found.login)
  return { target, authProvider }
}

/**
 * How close to its expiry a cached access token is refreshed before the first request.
 * Why a margin: a capture reads four lists, one request each page; a token that lapses between
 * them would fail a request midway, and clocks of this machine and the authorization server differ.
 */
export const REFRESH_MARGIN_MS = 60_000

/** True when the cached access token has expired or will within {@link REFRESH_MARGIN_MS}, and can be refreshed. */
export function expiresSoon(login: CachedLogin, now = Date.now()): boolean {
  return login.expiresAt !== undefined && login.tokens.refresh_token !== undefined && login.expiresAt - now <= REFRESH_MARGIN_MS
}

/**
 * Refreshes the cached login now, with the SDK's `auth()` (it posts the refresh token to the
 * authorization server the login was made with, checks its issuer, and the provider saves the new
 * tokens). A refused refresh becomes the provider's "log in again" error.
 */
async function refreshBeforeUse(provider: CachedLoginProvider, url: URL, login: CachedLogin): Promise<void> {
  const { auth } = await import('@modelcontextprotocol/sdk/client/auth.js')
  try {
    await auth(provider, { serverUrl: url })
  } catch (error) {
    if (error instanceof CaptureError) throw error
    // Why scrubbed: an authorization server's error text may quote the tokens it was sent.
    const why = scrubSecrets(describeError(error), [login.tokens.refresh_token, login.tokens.access_token])
    throw new CaptureError(
      'unauthorized',
      `The login cached for ${url.href} expires now and could not be refreshed (${why}). Log in again with: mcp-contract auth --url ${url.href}`,
      { serverLabel: url.href, cause: error },
    )
  }
}
