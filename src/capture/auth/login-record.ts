import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js'

/**
 * When an access token expires, as epoch milliseconds, from the `expires_in` the authorization
 * server sent with it; `undefined` when it did not say.
 * @example expiresAt({ access_token: 't', token_type: 'bearer', expires_in: 3600 }, 0) // 3_600_000
 */
export function expiresAt(tokens: OAuthTokens, now = Date.now()): number | undefined {
  return typeof tokens.expires_in === 'number' ? now + tokens.expires_in * 1000 : undefined
}
