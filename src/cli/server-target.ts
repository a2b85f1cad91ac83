import type { Target } from '../capture/capture-raw.js'
import { fetchMachineToken } from '../capture/auth/machine-token.js'
import { TOKEN_ENV } from '../capture/auth/resolve-http-auth.js'
import type { CliIo } from './cli-io.js'
import type { Invocation } from './parse-argv.js'
import { credentialsOf } from './resolve-authorizations.js'
import { machineSecret } from './run-auth.js'

/** The server the invocation names: `--url`, or the command after `--`. */
export async function serverTarget(invocation: Invocation, io: CliIo): Promise<Target> {
  if (invocation.url !== undefined) return { url: invocation.url, headers: invocation.headers, bearer: await bearerFor(invocation, io), transport: invocation.transport }
  const [command, ...args] = invocation.serverCommand
  // Why: the server is the user's own program; it gets the environment the CLI got.
  return { command, args, cwd: io.cwd, env: definedEnv(io.env) }
}

/**
 * The bearer token for a URL: `--bearer`, else one the machine client gets (client-credentials
 * grant), else `MCP_CONTRACT_TOKEN`; `undefined` leaves capture to use the login cached by `auth`.
 */
async function bearerFor(invocation: Invocation, io: CliIo): Promise<string | undefined> {
  if (invocation.bearer !== undefined) return invocation.bearer
  if (invocation.bearerEnv !== undefined) return credentialsOf({ headers: {}, bearerEnv: invocation.bearerEnv }, { env: io.env, secrets: io.secrets ?? [] }, '--bearer-env').bearer
  if (invocation.clientId !== undefined && invocation.clientSecretEnv !== undefined) {
    const url = new URL(invocation.url as string)
    return fetchMachineToken(url, { clientId: invocation.clientId, clientSecret: machineSecret(invocation, io.env), scope: invocation.scope })
  }
  return io.env[TOKEN_ENV] || undefined
}

/** The environment without its unset variables, as a child process takes it. */
function definedEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined))
}
