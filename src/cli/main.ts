#!/usr/bin/env node
import { SIGNAL_EXIT } from './exit-codes.js'
import { packageVersion } from './package-version.js'

const argv = process.argv.slice(2)
const stop = new AbortController()
// Why handle the signals: Node's default exits at once and leaves a stdio server that has not
// answered yet running. The first signal closes what was started; a second one exits at once.
for (const name of ['SIGINT', 'SIGTERM'] as const) {
  process.on(name, () => {
    if (stop.signal.aborted) process.exit(SIGNAL_EXIT[name])
    stop.abort(name)
  })
}

// Why before loading the commands: `--version` alone needs none of them, and loading them would
// cost it more than Node's own start. Any other use of the flag goes through runCli, which answers the same.
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  process.stdout.write(`${packageVersion()}\n`)
} else {
  void import('./run-cli.js')
    .then(({ runCli }) =>
      runCli(argv, {
        stdout: (text) => process.stdout.write(text),
        stderr: (text) => process.stderr.write(text),
        stdin: process.stdin,
        cwd: process.cwd(),
        env: process.env,
        isTerminal: process.stdout.isTTY === true,
        signal: stop.signal,
      }),
    )
    .then((code) => {
      process.exitCode = code
      // Why: once auth has read a pasted URL, an open stdin would keep the process from exiting.
      process.stdin.destroy()
    })
}
