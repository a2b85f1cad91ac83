import { runLogin } from '../capture/auth/login-flow.js'
import { fetchMachineToken } from '../capture/auth/machine-token.js'
import { TokenCache, type CachedLogin } from '../capture/auth/token-cache.js'
import { CliUsageError } from './cli-error.js'
import type { Invocation } from './parse-argv.js'

/** What `auth` reads and writes: the part of the CLI's io it uses. */
export interface AuthIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  env: NodeJS.ProcessEnv
  stdin?: NodeJS.ReadableStream
  signal?: AbortSignal
}

/**
 * `mcp-contract auth`: logs in to an OAuth-protected server and caches the tokens (`--url`),
 * checks a machine client (`--client-id` with `--client-secret-env`), removes a login
 * (`--logout`) or lists the cached ones (`--status`). Never prints a token.
 * @throws LoginError, CliUsageError
 */
export async function runAuth(invocation: Invocation, io: AuthIo): Promise<number> {
  const cache = new TokenCache(io.env)
  if (invocation.authAction === 'status') {
    io.stdout(describeLogins(await cache.list(), cache.dir))
    return 0
  }
  const serverUrl = new URL(invocation.url as string)
  if (invocation.authAction === 'logout') {
    const removed = await cache.remove(serverUrl)
    io.stdout(removed.length > 0 ? `logged out of ${serverUrl.href}: removed its cached login\n` : `no login was cached for ${serverUrl.href}; nothing to remove\n`)
    return 0
  }
  const say = (line: string) => io.stderr(`${line}\n`)
  if (invocation.clientSecretEnv !== undefined) {
    // Why nothing is cached: a machine client has its secret wherever it runs; check asks for a fresh token.
    await fetchMachineToken(serverUrl, { clientId: invocation.clientId as string, clientSecret: machineSecret(invocation, io.env), scope: invocation.scope })
    io.stdout(`client ${invocation.clientId} got a token for ${serverUrl.href} with the client-credentials grant; check and snapshot take the same --client-id and --client-secret-env\n`)
    return 0
  }
  const { file, login } = await runLogin({
    serverUrl,
    scope: invocation.scope,
    port: invocation.port,
    openBrowser: invocation.openBrowser,
    clientId: invocation.clientId,
    clientMetadataUrl: invocation.clientMetadataUrl,
    timeoutMs: invocation.timeoutMs,
    stdin: io.stdin,
    say,
    env: io.env,
    signal: io.signal,
  })
  io.stdout(`logged in to ${login.serverUrl} (authorization server ${login.authorizationServer}); the token is cached in ${file}${expiry(login)}\n`)
  return 0
}

/**
 * The machine client's secret, read from the environment variable `--client-secret-env` names.
 * @throws CliUsageError when it is not set
 */
export function machineSecret(invocation: Invocation, env: NodeJS.ProcessEnv): string {
  const name = invocation.clientSecretEnv as string
  const secret = env[name]
  if (!secret) throw new CliUsageError(`--client-secret-env ${name}: the environment variable ${name} is not set or empty; set it to the client secret (in CI, from the secret store)`)
  return secret
}

function describeLogins(found: Array<{ file: string; login: CachedLogin }>, dir: string): string {
  if (found.length === 0) return `no logins are cached (in ${dir}); log in with mcp-contract auth --url URL\n`
  return found
    .map(({ file, login }) =>
      [
        login.serverUrl,
        `  authorization server  ${login.authorizationServer}`,
        `  resource              ${login.resource}`,
        `  access token          ${login.expiresAt === undefined ? 'no expiry given' : login.expiresAt > Date.now() ? `valid until ${new Date(login.expiresAt).toISOString()}` : `expired ${new Date(login.expiresAt).toISOString()}`}`,
        `  refresh token         ${login.tokens.refresh_token ? 'yes (refreshed when the access token expires)' : 'none (run auth again when it expires)'}`,
        `  file                  ${file}`,
      ].join('\n'),
    )
    .join('\n\n')
    .concat('\n')
}

function expiry(login: CachedLogin): string {
  if (login.expiresAt === undefined) return ''
  const minutes = Math.round((login.expiresAt - Date.now()) / 60_000)
  return `; it expires in ${minutes} min${login.tokens.refresh_token ? ' and is refreshed then' : ''}`
}


