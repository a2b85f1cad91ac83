import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import type { HttpTarget } from '../target.js'
import { CachedLoginProvider } from './cached-login-provider.js'
import { TokenCache } from './token-cache.js'

/** The environment variable a CI job puts a bearer token in. */
export const TOKEN_ENV = 'MCP_CONTRACT_TOKEN'

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
 * `mcp-contract auth` for this URL (refreshed when it expires); with `ambientAuth: false`, only
 * the target's own. With none of them, a 401
 * becomes a message that says how to log in.
 * @example const { target, authProvider } = await resolveHttpAuth({ url }, new URL(url))
 */
export async function resolveHttpAuth(target: HttpTarget, url: URL, env: NodeJS.ProcessEnv = process.env): Promise<HttpAuth> {
  if (target.bearer !== undefined || target.ambientAuth === false) return { target }
  if (Object.keys(target.headers ?? {}).some((name) => name.toLowerCase() === 'authorization')) return { target }
  const fromEnv = env[TOKEN_ENV]
  if (fromEnv) return { target: { ...target, bearer: fromEnv } }
  const cache = new TokenCache(env)
  const found = await cache.find(url)
  return { target, authProvider: new CachedLoginProvider(url, cache, found?.login) }
}
