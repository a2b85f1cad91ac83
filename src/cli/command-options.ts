/**
 * The commands and the options each one takes, and Node's argument-parser errors in this CLI's
 * words (with a near name from the command's own options).
 */
import { nearNames } from '../surface/did-you-mean.js'
import { CliUsageError } from './cli-error.js'
import { COMMANDS, OPTION_TABLE, type Command, type OptionRow } from './option-table.js'

export { COMMANDS, type Command } from './option-table.js'

/** The commands that start or reach a server given after `--` or with `--url`. */
export const SERVER_COMMANDS: readonly string[] = ['snapshot', 'check', 'show', 'lint', 'verify']

/**
 * The options each command takes (`--help` and `--version` go with every one), from the option
 * table. Why per command: an option a command does not read must be refused, not ignored
 * (`snapshot --format json` would print text), and a typo is matched against this command's options only.
 */
export const COMMAND_OPTIONS: Record<Command, readonly string[]> = Object.fromEntries(
  COMMANDS.map((command) => [command, Object.entries(OPTION_TABLE as Record<string, OptionRow>).filter(([, row]) => row.commands.includes(command)).map(([option]) => option)]),
) as unknown as Record<Command, readonly string[]>

/** Refuses, in one line, the first option given that `command` does not take. */
export function refuseOptionsNotTaken(command: Command, tokens: readonly { kind: string; rawName?: string; name?: string }[]): void {
  const takes = COMMAND_OPTIONS[command]
  for (const token of tokens) {
    if (token.kind !== 'option' || token.name === 'help' || token.name === 'version') continue
    const option = `--${token.name}`
    if (!takes.includes(option)) throw new CliUsageError(`${command} does not take ${option}; it takes ${takes.join(', ')}`)
  }
}

/** The options taken with no command: `mcp-contract --help`, `mcp-contract --version`. */
const WITHOUT_COMMAND = ['--help', '--version']

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
    // Why the command's own options: a near name another command takes would only lead to the next refusal
    // (`mcp-contract --foo` suggesting publish's `--to`).
    const suggestion = suggestName(option, known === undefined ? WITHOUT_COMMAND : COMMAND_OPTIONS[known])
    return `unknown option ${option}${suggestion ? ` (${suggestion})` : ''}`
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option !== undefined) return `${option} needs a value`
  return error.message
}

/**
 * `did you mean --format?` when a known name is within two edits of what was typed (`nearNames`),
 * or one of them is the start of the other (`--output` for `--out`), else ''.
 */
export function suggestName(typed: string, known: readonly string[]): string {
  const stem = typed.replace(/^-+/, '')
  const closest = nearNames(typed, known)[0] ?? (stem.length < 2 ? undefined : known.find((name) => name.replace(/^-+/, '').length > 1 && (typed.startsWith(name) || name.startsWith(typed))))
  return closest === undefined ? '' : `did you mean ${closest}?`
}
