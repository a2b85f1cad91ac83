import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js'
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js'
import { adviceIn, type AdviceFor } from '../advice-terms.js'
import { CaptureError } from '../capture-error.js'
import { expiresAt } from './login-record.js'
import type { CachedLogin, TokenCache } from './token-cache.js'

/**
 * The OAuth client capture uses for an HTTP server without a bearer token: it presents the
 * login cached by `mcp-contract auth`, lets the SDK refresh it on a 401 and writes the new
 * tokens back. It never starts a login itself: where one is needed it fails with a
 * `CaptureError` (`unauthorized`) that says to run `mcp-contract auth --url …`.
 * Why no login here: capture runs in tests and CI, where nobody is at a browser.
 */
export class CachedLoginProvider implements OAuthClientProvider {
  private refused = false

  constructor(
    private readonly serverUrl: URL,
    private readonly cache: TokenCache,
    private login: CachedLogin | undefined,
    private readonly adviceFor?: AdviceFor,
  ) {}

  get redirectUrl(): string {
    // Why a loopback URL: without one the SDK takes this for a machine client and asks for tokens itself.
    return 'http://127.0.0.1/callback'
  }

  get clientMetadata(): OAuthClientMetadata {
    return { redirect_uris: [this.redirectUrl], client_name: 'mcp-contract' }
  }

  /** Called first when the server answers 401: with nothing cached, say how to log in. */
  discoveryState(): OAuthDiscoveryState | undefined {
    if (this.login === undefined) throw this.loginNeeded('none')
    if (this.refused) throw this.loginNeeded('refused')
    return this.login.discovery
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.login?.client
  }

  saveClientInformation(): void {
    // Why ignored: capture never registers a client; a login is made by `mcp-contract auth` only.
  }

  tokens(): OAuthTokens | undefined {
    return this.refused ? undefined : this.login?.tokens
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    if (this.login === undefined) return
    const merged = { ...tokens, refresh_token: tokens.refresh_token ?? this.login.tokens.refresh_token }
    this.login = { ...this.login, tokens: merged, expiresAt: expiresAt(tokens), savedAt: new Date().toISOString() }
    await this.cache.save(this.login)
  }

  redirectToAuthorization(): never {
    throw this.loginNeeded(this.login?.tokens.refresh_token === undefined ? 'expired' : 'refused')
  }

  saveCodeVerifier(): void {}

  codeVerifier(): string {
    throw this.loginNeeded('expired')
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope !== 'all' && scope !== 'tokens') return
    // Why remove the file: the authorization server said the refresh token is dead; keeping it only repeats the failure.
    this.refused = true
    if (this.login) await this.cache.remove(this.serverUrl)
  }

  private loginNeeded(why: 'none' | 'expired' | 'refused'): CaptureError {
    const url = this.serverUrl.href
    const reason = {
      none: `${url} answered HTTP 401 Unauthorized, and no login is cached for it`,
      expired: `The login cached for ${url} has expired and holds no refresh token`,
      refused: `The login cached for ${url} has expired and the authorization server refused to refresh it`,
    }[why]
    const login = why === 'none' ? 'If it uses OAuth, log in once with' : 'Log in again with'
    return new CaptureError(
      'unauthorized',
      `${reason}. ${login}: mcp-contract auth --url ${url}\n` +
        `Or ${adviceIn('passCredentials', this.adviceFor)}; ` +
        'in CI a machine client logs in with that command too, given --client-id and --client-secret-env.',
      { serverLabel: url },
    )
  }
}
