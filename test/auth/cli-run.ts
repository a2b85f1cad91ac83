import { PassThrough } from 'node:stream'
import { runCli } from '../../src/cli/run-cli.js'

/** One in-process CLI run: its exit code and everything it printed. */
export interface Run {
  code: number
  stdout: string
  stderr: string
}

/** Every output of every run in a test file, for the leak check. */
export const ALL_OUTPUT: string[] = []

/**
 * Starts `mcp-contract` in-process with the config directory `configHome`; returns the running
 * command, its stdin (for a pasted redirect) and a way to wait for a line on stderr.
 */
export function startCli(args: string[], configHome: string, cwd = configHome) {
  const stdin = new PassThrough()
  let stdout = ''
  let stderr = ''
  const waiters: Array<() => void> = []
  const done = runCli(args, {
    stdout: (text) => void (stdout += text),
    stderr: (text) => {
      stderr += text
      for (const waiter of waiters.splice(0)) waiter()
    },
    cwd,
    env: { XDG_CONFIG_HOME: configHome },
    stdin,
  }).then((code): Run => {
    ALL_OUTPUT.push(stdout, stderr)
    return { code, stdout, stderr }
  })
  /** Resolves with the first match of `pattern` on stderr. */
  const waitForStderr = async (pattern: RegExp): Promise<RegExpMatchArray> => {
    for (;;) {
      const match = stderr.match(pattern)
      if (match) return match
      await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), done.then(() => {
        throw new Error(`the run ended before printing ${pattern}:\n${stderr}`)
      })])
    }
  }
  return { done, stdin, waitForStderr }
}

/** Runs `mcp-contract` in-process to the end. */
export function runCliIn(args: string[], configHome: string, cwd = configHome): Promise<Run> {
  return startCli(args, configHome, cwd).done
}

/** The authorization URL an `auth` run printed. */
export const AUTHORIZATION_URL = /^ {2}(http:\/\/127\.0\.0\.1:\d+\/\S+\?\S+)$/m

/** Output with ports, temp paths and cache file names made stable for snapshots. */
export function scrub(text: string, configHome: string): string {
  return text
    .replaceAll(configHome, '<CONFIG>')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT')
    .replace(/tokens\/[0-9a-f]{24}\.json/g, 'tokens/<KEY>.json')
    .replace(/\/(authorize|auth)\?\S+/g, '/$1?<QUERY>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z/g, '<TIME>')
    .replace(/expires in \d+ min/g, 'expires in <N> min')
}
