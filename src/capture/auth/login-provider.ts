import { randomBytes } from 'node:crypto'
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js'
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js'
import { LoginError } from './login-error.js'
import { otherIssuer } from './issuer-check.js'

/** What a login starts from. */
export interface LoginProviderOptions {
  /** The loopback callback, `http://127.0.0.1:PORT/callback`. */
  redirectUrl: string
  /** A client registered beforehand; else the SDK registers one (metadata document or dynamic registration). */
  clientId?: string
  /** An https URL of this client's metadata document, used where the authorization server supports them. */
  clientMetadataUrl?: string
  scope?: string
  /** Called with the URL the user must open. */
  onAuthorizationUrl: (url: URL) => void
}

/**
 * The interactive OAuth client of `mcp-contract auth`, handed to the SDK's `auth()`: holds the
 * registration, PKCE verifier, state and tokens of one login in memory, and checks the
 * authorization server's metadata names the issuer it was fetched for (RFC 8414 §3.3).
 */
export class LoginProvider implements OAuthClientProvider {
  /** The `state` sent with the authorization request; a redirect must bring it back. */
  readonly expectedState = randomBytes(24).toString('base64url')
  client: OAuthClientInformationMixed | undefined
  savedTokens: OAuthTokens | undefined
  discovery: OAuthDiscoveryState | undefined
  /** The last authorization URL the user was sent to. */
  lastUrl: string | undefined
  private verifier: string | undefined

  constructor(private readonly options: LoginProviderOptions) {
    if (options.clientId !== undefined) this.client = { client_id: options.clientId }
  }

  get redirectUrl(): string {
    return this.options.redirectUrl
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.clientMetadataUrl
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'mcp-contract',
      redirect_uris: [this.options.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // Why a public client: a CLI cannot keep a secret; PKCE protects the code instead.
      token_endpoint_auth_method: 'none',
      ...(this.options.scope ? { scope: this.options.scope } : {}),
    }
  }

  state(): string {
    return this.expectedState
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.client
  }

  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.client = information
  }

  tokens(): OAuthTokens | undefined {
    return this.savedTokens
  }

  saveTokens(tokens: OAuthTokens): void {
    this.savedTokens = tokens
  }

  redirectToAuthorization(url: URL): void {
    this.lastUrl = url.href
    this.options.onAuthorizationUrl(url)
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier
  }

  codeVerifier(): string {
    if (this.verifier === undefined) throw new LoginError('no PKCE verifier was made for this login; start again with mcp-contract auth')
    return this.verifier
  }

  /** The code verifier, for scrubbing it from messages. */
  secretVerifier(): string | undefined {
    return this.verifier
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    const issuer = otherIssuer(state)
    if (issuer !== undefined) {
      throw new LoginError(
        `the authorization server metadata fetched for ${state.authorizationServerUrl} names another issuer, ${issuer}. ` +
          'Refusing to log in: its tokens could be meant for someone else. Ask the server operator to fix the metadata.',
      )
    }
    this.discovery = state
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery
  }
}
