#!/usr/bin/env node
import { runCli, SIGNAL_EXIT } from './run-cli.js'

const stop = new AbortController()
// Why handle the signals: Node's default exits at once and leaves a stdio server that has not
// answered yet running. The first signal closes what was started; a second one exits at once.
for (const name of ['SIGINT', 'SIGTERM'] as const) {
  process.on(name, () => {
    if (stop.signal.aborted) process.exit(SIGNAL_EXIT[name])
    stop.abort(name)
  })
}

void runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stdin: process.stdin,
  cwd: process.cwd(),
  env: process.env,
  isTerminal: process.stdout.isTTY === true,
  signal: stop.signal,
}).then((code) => {
  process.exitCode = code
  // Why: once auth has read a pasted URL, an open stdin would keep the process from exiting.
  process.stdin.destroy()
})
