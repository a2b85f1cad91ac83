import type { CliIo } from './cli-io.js'
import { runCheck } from './run-check.js'
import { runInvocation } from './run-invocation.js'

export type { CliIo } from './cli-io.js'
export { EXIT, SIGNAL_EXIT } from './exit-codes.js'

/**
 * Runs one CLI invocation and returns its exit code. Expected failures (bad arguments, a server
 * that will not start or hangs, an unusable contract file) print one clear message, no stack.
 * @example process.exitCode = await runCli(process.argv.slice(2), processIo())
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  return runInvocation(argv, io, async (invocation, io) =>
    // Why check apart: it starts the server before loading what judges the answer (see run-check.ts);
    // every other command loads its modules here, so that none of them weighs on check's start.
    invocation.command === 'check' && invocation.lockFile !== undefined
      ? (await import('./run-lock.js')).runCheckLock(invocation, io)
      : invocation.command === 'check'
      ? runCheck(invocation, io)
      : invocation.command === 'record'
        ? // Why apart too: a proxy starts the server before loading what judges contracts; a client waits for it.
          (await import('./run-record.js')).runRecord(invocation, io)
        : (await import('./run-commands.js')).COMMAND_RUNNERS[invocation.command](invocation, io),
  )
}
