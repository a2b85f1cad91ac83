/**
 * Whether a line was already printed in this test run, by any matcher, test file or worker.
 * Why across processes: Vitest runs each test file in a process or thread of its own, and Jest in
 * workers, so a line held in memory would print once per file; the runner's main process is what
 * one run shares, so a marker named by it and by the line says "printed" to every worker of that run.
 */
import { createHash } from 'node:crypto'
import { closeSync, mkdirSync, openSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { isMainThread } from 'node:worker_threads'

/** The folder of markers, one per line printed and run: `<runner pid>-<digest of the line>`. */
const MARKERS = join(tmpdir(), 'mcp-contract-printed')

/**
 * True the first time this run asks about `text`, false after. When no marker can be written (a
 * read-only temporary folder), every call is the first: a line printed twice beats one lost.
 * @example if (firstInRun(warning)) notice(warning)
 */
export function firstInRun(text: string): boolean {
  const run = runnerProcess()
  const marker = join(MARKERS, `${run}-${createHash('sha256').update(text).digest('hex').slice(0, 16)}`)
  try {
    mkdirSync(MARKERS, { recursive: true })
    removeEndedRuns(run)
    // Why 'wx': creating the file is the test-and-set; of two workers asking at once, one creates it.
    closeSync(openSync(marker, 'wx'))
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'EEXIST'
  }
  return true
}

/**
 * The pid of the runner's main process: the parent of a Vitest fork (`vitest/dist/workers/forks.js`)
 * or a Jest worker (`jest-worker/build/processChild.js`), else this process (Jest in band, or any
 * worker thread, which shares its process with the runner).
 */
function runnerProcess(): number {
  if (!isMainThread) return process.pid
  const script = process.argv[1] ?? ''
  const forked = /[\\/]vitest[\\/]dist[\\/]workers[\\/]/.test(script) || basename(script) === 'processChild.js'
  return forked ? process.ppid : process.pid
}

/** Removes the markers of runs whose main process has ended, so a later run given the same pid prints again. */
function removeEndedRuns(current: number): void {
  for (const name of readdirSync(MARKERS)) {
    const pid = Number(name.split('-')[0])
    if (pid !== current && !alive(pid)) rmSync(join(MARKERS, name), { force: true })
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // Why EPERM is alive: the process exists and belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
