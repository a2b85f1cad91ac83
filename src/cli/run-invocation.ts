import { CaptureError } from '../capture/capture-error.js'
import { LoginError, scrubSecrets } from '../capture/auth/login-error.js'
import { TOKEN_ENV } from '../capture/auth/token-env.js'
import { ContractFileError } from '../contract/contract-error.js'
import { ConsumerSourceError } from '../consumer/source-literals.js'
import { ConsumerContractError } from '../consumer/consumer-contract-format.js'
import { CliRunError, CliUsageError } from './cli-error.js'
import type { CliIo } from './cli-io.js'
import { EXIT, SIGNAL_EXIT } from './exit-codes.js'
import { packageVersion } from './package-version.js'
import { COMMANDS, parseArgv, type Invocation } from './parse-argv.js'

/**
 * Runs one CLI invocation with `runCommand` and returns its exit code: parses argv, answers
 * `--version` and `--help`, keeps secrets out of stderr, and turns expected failures (bad
 * arguments, a server that will not start or hangs, an unusable contract file) into one clear
 * message, no stack. Why apart from `runCli`: `record` runs through it without loading every command.
 * @example process.exitCode = await runInvocation(argv, io, (invocation, io) => runRecord(invocation, io))
 */
export async function runInvocation(argv: readonly string[], io: CliIo, runCommand: (invocation: Invocation, io: CliIo) => Promise<number>): Promise<number> {
  // Why: no token or secret given on the command line or in the environment may reach stderr, even in a stack.
  const secrets = [...optionValues(argv, '--bearer'), io.env[TOKEN_ENV], io.env[optionValue(argv, '--client-secret-env') ?? '']].filter((value): value is string => value !== undefined)
  const write = io.stderr
  // Why a list the run appends to: tokens named by --bearer-env or the configuration are found later.
  io = { ...io, secrets, stderr: (text: string) => write(scrubSecrets(text, secrets)) }
  try {
    const invocation = await parseArgv(argv)
    if (invocation.version) {
      io.stdout(`${packageVersion()}\n`)
      return EXIT.ok
    }
    if (invocation.help) {
      // Why loaded here: the help is the largest text the CLI holds, and only --help prints it.
      const { commandHelp, USAGE } = await import('./help-text.js')
      io.stdout(`${argv.some((arg) => (COMMANDS as readonly string[]).includes(arg)) ? commandHelp(invocation.command) : USAGE}\n`)
      return EXIT.ok
    }
    const code = await runCommand(invocation, io)
    // Why not for mock and record: a signal is how a served mock is meant to stop; record says itself what it wrote.
    return invocation.command === 'mock' || invocation.command === 'record' ? code : (stoppedBySignal(io) ?? code)
  } catch (error) {
    const stopped = stoppedBySignal(io)
    if (stopped !== undefined) return stopped
    if (error instanceof CliRunError) {
      io.stderr(`mcp-contract: ${error.message}\n`)
      return EXIT.error
    }
    if (error instanceof CliUsageError) {
      // Why one line and a pointer, not the whole usage: the message is what to fix, and 55 lines after it hide it.
      const command = ownArguments(argv).find((arg) => (COMMANDS as readonly string[]).includes(arg))
      io.stderr(`mcp-contract: ${error.message}\nsee mcp-contract ${command === undefined ? '' : `${command} `}--help\n`)
      return EXIT.error
    }
    if (error instanceof CaptureError || error instanceof ContractFileError || error instanceof ConsumerSourceError || error instanceof ConsumerContractError || error instanceof LoginError) {
      io.stderr(`mcp-contract: ${(error as Error).message}\n`)
      return EXIT.error
    }
    io.stderr(`mcp-contract: unexpected error — please report it\n${(error as Error)?.stack ?? String(error)}\n`)
    return EXIT.error
  }
}

/** The arguments before `--` (the CLI's own; the rest is the server command). */
function ownArguments(argv: readonly string[]): readonly string[] {
  const end = argv.indexOf('--')
  return end === -1 ? argv : argv.slice(0, end)
}

/** Every value an option is given (`--bearer A … --bearer B`), before `--`. */
function optionValues(argv: readonly string[], name: string): string[] {
  const own = ownArguments(argv)
  return own.flatMap((arg, at) => (arg === name && at + 1 < own.length ? [own[at + 1]] : arg.startsWith(`${name}=`) ? [arg.slice(name.length + 1)] : []))
}

function optionValue(argv: readonly string[], name: string): string | undefined {
  const own = ownArguments(argv)
  const at = own.indexOf(name)
  if (at !== -1) return own[at + 1]
  return own.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1)
}

/** The exit code of a run stopped by a signal, after saying so; `undefined` when none came. */
function stoppedBySignal(io: CliIo): number | undefined {
  if (io.signal?.aborted !== true) return undefined
  const name = String(io.signal.reason)
  io.stderr(`mcp-contract: stopped by ${name}; the server it started (if any) was closed, and no contract file was written.\n`)
  return SIGNAL_EXIT[name] ?? EXIT.error
}
