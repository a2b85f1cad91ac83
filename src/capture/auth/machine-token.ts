import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js'
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js'
import { describeError, LoginError, scrubSecrets } from './login-error.js'
import { readChallenge } from './read-challenge.js'
import { otherIssuer } from './issuer-check.js'

/** A machine client registered with the authorization server. */
export interface MachineClient {
  clientId: string
  clientSecret: string
  scope?: string
}

/**
 * Gets an access token for an MCP server with the client-credentials grant, through the SDK's
 * `auth()` (discovery, issuer check, `resource` parameter). Nothing is cached: a CI job asks
 * for a fresh token each run.
 * @throws LoginError when the authorization server does not offer the grant or refuses the client
 */
export async function fetchMachineToken(serverUrl: URL, client: MachineClient): Promise<string> {
  const { auth } = await import('@modelcontextprotocol/sdk/client/auth.js')
  const provider = new MachineClientProvider(client)
  try {
    const challenge = await readChallenge(serverUrl)
    await auth(provider, { serverUrl, scope: client.scope ?? challenge.scope, resourceMetadataUrl: challenge.resourceMetadataUrl })
  } catch (error) {
    const message = error instanceof LoginError ? error.message : `the client-credentials grant for ${serverUrl.href} failed: ${describeError(error)}`
    throw new LoginError(scrubSecrets(message, [client.clientSecret, provider.saved?.access_token, provider.saved?.refresh_token]))
  }
  const token = provider.saved?.access_token
  if (token === undefined) throw new LoginError(`the authorization server for ${serverUrl.href} gave no access token to client ${client.clientId}`)
  return token
}

/** The SDK's OAuth client for the client-credentials grant: no redirect, the secret from the environment. */
class MachineClientProvider implements OAuthClientProvider {
  saved: OAuthTokens | undefined
  private discovery: OAuthDiscoveryState | undefined

  constructor(private readonly client: MachineClient) {}

  get redirectUrl(): undefined {
    return undefined
  }

  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'mcp-contract', redirect_uris: [], grant_types: ['client_credentials'], token_endpoint_auth_method: 'client_secret_basic' }
  }

  clientInformation(): OAuthClientInformationMixed {
    return { client_id: this.client.clientId, client_secret: this.client.clientSecret }
  }

  tokens(): OAuthTokens | undefined {
    return this.saved
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens
  }

  redirectToAuthorization(): never {
    throw new LoginError('the client-credentials grant needs no browser; the authorization server asked for one')
  }

  saveCodeVerifier(): void {}

  codeVerifier(): never {
    throw new LoginError('the client-credentials grant uses no PKCE verifier')
  }

  prepareTokenRequest(scope?: string): URLSearchParams {
    const params = new URLSearchParams({ grant_type: 'client_credentials' })
    if (scope) params.set('scope', scope)
    return params
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    const metadata = state.authorizationServerMetadata
    const issuer = otherIssuer(state)
    if (issuer !== undefined) {
      throw new LoginError(`the authorization server metadata fetched for ${state.authorizationServerUrl} names another issuer, ${issuer}; refusing to send it the client secret`)
    }
    const grants = metadata?.grant_types_supported
    if (grants !== undefined && !grants.includes('client_credentials')) {
      throw new LoginError(
        `the authorization server ${state.authorizationServerUrl} does not offer the client-credentials grant (it offers ${grants.join(', ')}). ` +
          'Log in with mcp-contract auth --url … instead, or give a token with MCP_CONTRACT_TOKEN.',
      )
    }
    this.discovery = state
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery
  }
}
