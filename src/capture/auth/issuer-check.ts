import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js'

/**
 * The issuer the authorization server's metadata names when it is not the server the metadata
 * was fetched for; undefined when they agree or the metadata names none. RFC 8414 §3.3
 * (https://www.rfc-editor.org/rfc/rfc8414#section-3.3): the issuer must be identical to the
 * authorization server's URL, or the metadata must not be used — its tokens could be meant for another server.
 * Why trailing slashes are ignored: the SDK's discovery may add or drop one on the URL it fetched.
 * One check for both logins (the browser login and the client-credentials grant).
 * @example otherIssuer({ authorizationServerUrl: 'https://a.example', authorizationServerMetadata: { issuer: 'https://b.example', … } }) // 'https://b.example'
 */
export function otherIssuer(state: OAuthDiscoveryState): string | undefined {
  const issuer = state.authorizationServerMetadata?.issuer
  if (issuer === undefined) return undefined
  const trim = (text: string) => text.replace(/\/+$/, '')
  return trim(issuer) === trim(String(state.authorizationServerUrl)) ? undefined : issuer
}
