import type { Authorization } from '../capture/capture-raw.js'
import type { FoundConfig } from '../config/project-config.js'
import type { Surface } from '../surface/types.js'
import type { CredentialFlags } from './authorization-flags.js'
import { CliRunError } from './cli-error.js'
import type { Invocation } from './parse-argv.js'

/** Where a run reads credentials, and where it notes every secret it finds so no output shows it. */
export interface CredentialSources {
  env: NodeJS.ProcessEnv
  config?: FoundConfig
  /** Each token found is appended here. */
  secrets: string[]
}

/**
 * The named authorizations to read the server as: those given with `--as` (which win) and those
 * in the project configuration, each with its token read from the environment. With `recorded`
 * (check), they must be exactly the ones the contract records: one it records but cannot be read
 * as would pass unchecked, one it does not record could not be judged. `undefined` when none.
 * @throws CliRunError naming the authorization and what to give
 */
export function authorizationsFor(invocation: Invocation, sources: CredentialSources, recorded?: { surface: Surface; file: string }): Record<string, Authorization> | undefined {
  if (invocation.url === undefined) return undefined
  const given = new Map<string, { flags: CredentialFlags; from: string }>()
  for (const [name, entry] of Object.entries(sources.config?.config.authorizations ?? {})) {
    given.set(name, { flags: { headers: entry.headers ?? {}, bearerEnv: entry.bearerEnv }, from: 'the project configuration' })
  }
  for (const flags of invocation.authorizations ?? []) given.set(flags.name, { flags, from: `--as ${flags.name}` })
  if (recorded !== undefined) {
    const names = Object.keys(recorded.surface.authorizations ?? {})
    for (const [name, { from }] of given) {
      if (!names.includes(name)) throw new CliRunError(`${recorded.file} does not record the surface as seen by the authorization "${name}" (from ${from}); record it first with mcp-contract snapshot`)
    }
    for (const name of names) {
      if (!given.has(name)) {
        throw new CliRunError(
          `${recorded.file} records the surface as seen by the authorization "${name}", so check reads the server as it too: give its credentials with --as ${name} --bearer-env VAR (or --header 'Name: value'), or add "authorizations": { "${name}": { "bearerEnv": "VAR" } } to mcp-contract.config.json`,
        )
      }
    }
  }
  if (given.size === 0) return undefined
  return Object.fromEntries([...given].map(([name, { flags, from }]) => [name, credentialsOf(flags, sources, from)]))
}

/**
 * The token and headers of one group of credential flags; the token read from its variable when
 * `--bearer-env` names one. Why refuse an unset variable: reading the server with no token would
 * record what an anonymous client sees under the authorization's name.
 */
export function credentialsOf(flags: CredentialFlags, sources: CredentialSources, from: string): Authorization {
  let bearer = flags.bearer
  if (flags.bearerEnv !== undefined) {
    bearer = sources.env[flags.bearerEnv]
    if (bearer === undefined || bearer === '') throw new CliRunError(`${from}: the environment variable ${flags.bearerEnv} (--bearer-env) is not set or is empty; set it to the token`)
  }
  if (bearer !== undefined) sources.secrets.push(bearer)
  // Why by name: a header such as X-Tenant: a is no secret, and scrubbing "a" would garble every message.
  for (const [name, value] of Object.entries(flags.headers)) if (/authorization|token|key|secret|cookie/i.test(name)) sources.secrets.push(value)
  return { headers: flags.headers, ...(bearer !== undefined ? { bearer } : {}) }
}
