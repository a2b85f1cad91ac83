/**
 * The commands and the options each one takes, and Node's argument-parser errors in this CLI's
 * words (with a near name from the command's own options).
 */
import { nearNames } from '../surface/did-you-mean.js'
import { CliUsageError } from './cli-error.js'

/** The commands the CLI knows. */
export const COMMANDS = ['snapshot', 'check', 'show', 'diff', 'lint', 'mock', 'verify', 'pact', 'publish', 'auth', 'record'] as const

/** One of {@link COMMANDS}. */
export type Command = (typeof COMMANDS)[number]

/** The commands that start or reach a server given after `--` or with `--url`. */
export const SERVER_COMMANDS: readonly string[] = ['snapshot', 'check', 'show', 'lint', 'verify']
const SERVER_FLAGS = ['--url', '--header', '--bearer', '--bearer-env', '--transport', '--era', '--timeout', '--client-id', '--client-secret-env']
const JUDGING_FLAGS = ['--strict', '--fail-on', '--profile', '--ignore']

/**
 * The options each command takes (`--help` and `--version` go with every one). Why one table:
 * an option a command does not read must be refused, not ignored (`snapshot --format json`
 * would print text), and a typo is matched against this command's options only.
 */
export const COMMAND_OPTIONS: Record<Command, readonly string[]> = {
  snapshot: ['--contract', '--as', ...JUDGING_FLAGS, '--force', ...SERVER_FLAGS],
  check: ['--contract', '--as', '--format', ...JUDGING_FLAGS, '--used', '--used-by', '--suggest-version', ...SERVER_FLAGS],
  show: ['--contract', '--as', '--format', '--used-by', '--suggest-version', '--profile', ...SERVER_FLAGS],
  diff: ['--format', ...JUDGING_FLAGS, '--used', '--used-by', '--suggest-version'],
  lint: ['--contract', '--format', '--profile', ...SERVER_FLAGS],
  mock: ['--contract', '--seed', '--port', '--verbose'],
  verify: ['--consumers', '--consumer-branch', '--provider', '--call', '--allow-destructive', '--ignore', '--format', ...SERVER_FLAGS],
  record: ['--consumer', '--out', '--new', '--given', '--redact', '--max-examples', '--url', '--port', '--header', '--bearer'],
  pact: ['--out', '--provider'],
  publish: ['--to', '--consumer-version', '--branch', '--provider'],
  auth: ['--url', '--scope', '--port', '--open', '--client-id', '--client-secret-env', '--client-metadata-url', '--logout', '--status', '--timeout'],
}

/** Refuses, in one line, the first option given that `command` does not take. */
export function refuseOptionsNotTaken(command: Command, tokens: readonly { kind: string; rawName?: string; name?: string }[]): void {
  const takes = COMMAND_OPTIONS[command]
  for (const token of tokens) {
    if (token.kind !== 'option' || token.name === 'help' || token.name === 'version') continue
    const option = `--${token.name}`
    if (!takes.includes(option)) throw new CliUsageError(`${command} does not take ${option}; it takes ${takes.join(', ')}`)
  }
}

/** The options `parseOwn` knows, as users type them. */
export const OPTION_NAMES = ['--contract', '--format', '--strict', '--fail-on', '--ignore', '--timeout', '--url', '--header', '--bearer', '--bearer-env', '--as', '--transport', '--era', '--used', '--used-by', '--consumers', '--call', '--allow-destructive', '--consumer-branch', '--consumer', '--given', '--redact', '--max-examples', '--out', '--provider', '--to', '--consumer-version', '--branch', '--scope', '--open', '--client-id', '--client-secret-env', '--client-metadata-url', '--logout', '--status', '--profile', '--seed', '--port', '--verbose', '--force', '--suggest-version', '--help', '--version']

/**
 * Node's argument-parser errors, said the way this CLI says things. Why: its text ("To specify a
 * positional argument starting with a '-'…") explains its own rules, not what the user meant.
 */
export function inOurWords(error: Error & { code?: string }, own: string[], hasSeparator: boolean): string {
  const option = /'(-{1,2}[^' ]+)/.exec(error.message)?.[1]
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option !== undefined) {
    // Why: `show npx -y pkg` puts the server's own options among ours; the fix is the `--`.
    const [command, ...rest] = own.filter((arg) => !arg.startsWith('-'))
    const known = (COMMANDS as readonly string[]).includes(command) ? (command as Command) : undefined
    // Why only for a command that starts a server: `pact export f --output d` has no server command to move.
    if (!hasSeparator && known !== undefined && SERVER_COMMANDS.includes(known) && rest.length > 0) {
      return `unknown option ${option}; if it belongs to the server command, put the command after --, as in: mcp-contract ${command} -- ${own.slice(own.indexOf(rest[0])).join(' ')}`
    }
    // Why the command's own options: a near name another command takes would only lead to the next refusal.
    const suggestion = suggestName(option, known === undefined ? OPTION_NAMES : COMMAND_OPTIONS[known])
    return `unknown option ${option}${suggestion ? ` (${suggestion})` : ''}`
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option !== undefined) return `${option} needs a value`
  return error.message
}

/** `did you mean --format?` when a known name is within two edits of what was typed (`nearNames`), else ''. */
export function suggestName(typed: string, known: readonly string[]): string {
  const [closest] = nearNames(typed, known)
  return closest === undefined ? '' : `did you mean ${closest}?`
}
