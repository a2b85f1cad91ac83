import { authorizationNameProblem } from '../surface/authorization-name.js'
import { CliUsageError } from './cli-error.js'
import { parseHeaderFlag } from './header-flag.js'

/** The credentials one group of flags gives: the unnamed one, or what follows one `--as NAME`. */
export interface CredentialFlags {
  headers: Record<string, string>
  bearer?: string
  /** `--bearer-env NAME`: the environment variable holding the token (kept out of shell history). */
  bearerEnv?: string
}

/** A named authorization as the command line gives it: `--as admin --bearer-env ADMIN_TOKEN`. */
export interface AuthorizationFlags extends CredentialFlags {
  name: string
}

/** The options that belong to the group they follow. */
const CREDENTIAL_OPTIONS = new Set(['header', 'bearer', 'bearer-env'])

/** One option as `parseArgs` reports it with `tokens: true`. */
interface OptionToken {
  kind: string
  name?: string
  value?: string
}

/**
 * Splits the credential flags into groups by order: those before the first `--as` are the
 * unnamed credentials; `--header`, `--bearer` and `--bearer-env` after `--as NAME` belong to NAME
 * until the next `--as`. Why by order: `--as admin --bearer-env A --as reader --bearer-env R`
 * reads the way people say it, and no flag needs a prefix.
 * @throws CliUsageError for a bad name, a name given twice, or two tokens in one group
 */
export function groupCredentials(tokens: readonly OptionToken[]): { unnamed: CredentialFlags; named: AuthorizationFlags[] } {
  const unnamed: CredentialFlags = { headers: {} }
  const named: AuthorizationFlags[] = []
  let current: CredentialFlags = unnamed
  for (const token of tokens) {
    if (token.kind !== 'option' || token.name === undefined) continue
    if (token.name === 'as') {
      const name = token.value ?? ''
      const problem = authorizationNameProblem(name)
      if (problem !== undefined) throw new CliUsageError(`--as: ${problem}`)
      if (named.some((group) => group.name === name)) throw new CliUsageError(`--as ${name} is given twice; give each authorization once, with its credentials after it`)
      current = { name, headers: {} } as AuthorizationFlags
      named.push(current as AuthorizationFlags)
      continue
    }
    if (!CREDENTIAL_OPTIONS.has(token.name)) continue
    const value = token.value ?? ''
    if (token.name === 'header') {
      const [name, headerValue] = parseHeaderFlag(value)
      current.headers[name] = headerValue
      continue
    }
    const who = current === unnamed ? '' : ` for --as ${(current as AuthorizationFlags).name}`
    // Why never the value in the message: it is a token.
    if (current.bearer !== undefined || current.bearerEnv !== undefined) throw new CliUsageError(`give one token${who}: --bearer or --bearer-env, once`)
    if (token.name === 'bearer') current.bearer = value
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(value)) current.bearerEnv = value
    // Why the value is not quoted: what is given here by mistake is most often the token itself.
    else throw new CliUsageError('--bearer-env takes the name of an environment variable (such as ADMIN_TOKEN), not a token; the value given is not one (letters, digits and _, not starting with a digit) and is not shown here')
  }
  return { unnamed, named }
}
