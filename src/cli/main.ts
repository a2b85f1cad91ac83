#!/usr/bin/env node
import nodeModule from 'node:module'
import { SIGNAL_EXIT } from './exit-codes.js'
import { packageVersion } from './package-version.js'

// Why: from Node 22 on, modules compiled once are read from Node's own cache in the temporary
// folder instead of compiled again; `record` starts once per consumer test process. Node 20 lacks it.
const cacheVariable = process.env.NODE_COMPILE_CACHE
;(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.()
// Why restored: Node sets it for the processes this one starts, and a server started here gets the
// environment its user gave, nothing added.
if (cacheVariable === undefined) delete process.env.NODE_COMPILE_CACHE

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
  const io = {
    stdout: (text: string) => process.stdout.write(text),
    stderr: (text: string) => process.stderr.write(text),
    cwd: process.cwd(),
    env: process.env,
    signal: stop.signal,
  }
  // Why record apart: its client waits for the server the proxy starts, and loading every command
  // first cost more than the proxy's whole share of a suite; record loads only what it needs
  // (built on its own as `record.cjs`, see tsup.config.ts). Why without stdin and isTerminal: each
  // makes Node build a stream before record has started its server, and record uses neither (its
  // proxy takes process.stdin and process.stdout once the server is started).
  // Why record by `require`: an import starts Node's ES module loader, which costs about as much
  // as loading record itself; `record.cjs` is CommonJS. Why the other commands by `import()`: they
  // stay ES modules (`commands.js`), as the library is, and none of them starts once per test process.
  const run =
    argv[0] === 'record'
      ? Promise.resolve().then(() => (nodeModule.createRequire(import.meta.url)('./record.cjs') as typeof import('./run-record.js')).recordCli(argv, io))
      : import('./run-cli.js').then(({ runCli }) => runCli(argv, { ...io, stdin: process.stdin, isTerminal: process.stdout.isTTY === true }))
  void run.then((code) => {
    process.exitCode = code
    // Why: once auth has read a pasted URL, an open stdin would keep the process from exiting.
    process.stdin.destroy()
  })
}
