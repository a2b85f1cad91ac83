import { runCli, type CliIo } from '../../src/cli/run-cli.js'

/** What one in-process CLI run printed and returned. */
export interface CliRun {
  code: number
  stdout: string
  stderr: string
}

/**
 * A CLI runner in this process, with buffers for stdout and stderr, working in the folder `cwd()`
 * gives (a function, because test folders are made in `beforeAll`); `env` adds to the process environment.
 * @example const cli = cliIn(() => dir); const run = await cli(['verify', '--consumers', 'contracts/', '--', node, server])
 */
export function cliIn(cwd: () => string): (args: string[], env?: Record<string, string>) => Promise<CliRun> {
  return async (args, env = {}) => {
    let stdout = ''
    let stderr = ''
    const io: CliIo = { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), cwd: cwd(), env: { ...process.env, ...env } }
    const code = await runCli(args, io)
    return { code, stdout, stderr }
  }
}
