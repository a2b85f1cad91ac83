import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/**
 * A process found below a stdio server's child. `started` tells it apart from a later process
 * that happens to get the same pid.
 */
export interface FoundProcess {
  pid: number
  started: string
}

/** Where the process table is read from: `/proc` on Linux, `ps` on macOS and the BSDs. */
export type ProcessSource = 'proc' | 'ps'

const DEFAULT_SOURCE: ProcessSource | undefined = process.platform === 'linux' ? 'proc' : process.platform === 'win32' ? undefined : 'ps'

/**
 * Every process below `pid` (its children, their children, …). Empty on Windows, and when the
 * table cannot be read.
 * Why: `npx some-server` and shell wrappers start the real server as a grandchild; the SDK only
 * ever signals its own child, and a server that outlives its wrapper is never stopped.
 * @example const below = await descendantsOf(child.pid)
 */
export async function descendantsOf(pid: number, source: ProcessSource | undefined = DEFAULT_SOURCE): Promise<FoundProcess[]> {
  if (source === undefined) return []
  try {
    return source === 'proc' ? await procDescendants(pid) : await psDescendants(pid)
  } catch {
    // Why quiet: finding what lingers is a courtesy on top of closing; it must never fail a capture.
    return []
  }
}

/**
 * Stops a process found earlier that is still running: SIGTERM, then SIGKILL when it does not
 * exit within `waitMs`. A pid that now belongs to another process is left alone.
 */
export async function stopFound(found: FoundProcess, waitMs: number, source: ProcessSource | undefined = DEFAULT_SOURCE): Promise<void> {
  if (!isRunning(found.pid) || (await startTime(found.pid, source)) !== found.started) return
  sendSignal(found.pid, 'SIGTERM')
  if (await isGoneWithin(found.pid, waitMs)) return
  sendSignal(found.pid, 'SIGKILL')
  await isGoneWithin(found.pid, waitMs)
}

/** Waits for a process to exit, sends SIGKILL when it has not within `waitMs`, and waits again. */
export async function waitForExit(pid: number, waitMs: number): Promise<void> {
  if (await isGoneWithin(pid, waitMs)) return
  sendSignal(pid, 'SIGKILL')
  await isGoneWithin(pid, waitMs)
}

/** Signals a process, ignoring one that is already gone. */
export function sendSignal(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal)
  } catch {
    // Already gone.
  }
}

const EXIT_POLL_MS = 10

async function isGoneWithin(pid: number, maxWaitMs: number): Promise<boolean> {
  const giveUpAt = Date.now() + maxWaitMs
  while (isRunning(pid)) {
    if (Date.now() > giveUpAt) return false
    await new Promise((resolve) => setTimeout(resolve, EXIT_POLL_MS))
  }
  return true
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  return !isZombie(pid)
}

/**
 * Why: a process whose parent has exited is a zombie until init reaps it, and the init of some
 * containers never does; it has exited all the same.
 */
function isZombie(pid: number): boolean {
  if (process.platform !== 'linux') return false
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat[stat.lastIndexOf(')') + 2] === 'Z'
  } catch {
    return false
  }
}

async function procDescendants(root: number): Promise<FoundProcess[]> {
  const found: FoundProcess[] = []
  let level = [root]
  while (level.length > 0) {
    const children = (await Promise.all(level.map(procChildren))).flat()
    for (const pid of children) {
      const started = await procStartTime(pid)
      if (started !== undefined) found.push({ pid, started })
    }
    level = children
  }
  return found
}

/**
 * Children of every thread of `pid` (a child belongs to the thread that spawned it).
 * Why synchronous reads: `/proc` files are made in memory and never block, and a server's Node
 * has a dozen threads; the promise reads cost a `record` process more than the rest of its close.
 */
async function procChildren(pid: number): Promise<number[]> {
  return orElse(() => readdirSync(`/proc/${pid}/task`), [] as string[])
    .map((thread) => orElse(() => readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8'), ''))
    .flatMap((list) => list.split(' ').filter(Boolean).map(Number))
}

/** Field 22 of `/proc/<pid>/stat`, in clock ticks since boot. */
async function procStartTime(pid: number): Promise<string | undefined> {
  const stat = orElse(() => readFileSync(`/proc/${pid}/stat`, 'utf8'), undefined)
  // Why after the last `)`: the command name in field 2 may itself hold spaces and parentheses.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
}

/** What `read` returns, or `fallback` when it throws (a process that has exited meanwhile). */
function orElse<T>(read: () => T, fallback: T): T {
  try {
    return read()
  } catch {
    return fallback
  }
}

async function psDescendants(root: number): Promise<FoundProcess[]> {
  const table = await psTable(['-A'])
  const found: FoundProcess[] = []
  let level = [root]
  while (level.length > 0) {
    const children = table.filter((row) => level.includes(row.ppid))
    found.push(...children.map(({ pid, started }) => ({ pid, started })))
    level = children.map((row) => row.pid)
  }
  return found
}

async function startTime(pid: number, source: ProcessSource | undefined): Promise<string | undefined> {
  if (source === 'proc') return procStartTime(pid)
  return (await psTable(['-p', String(pid)]).catch(() => []))[0]?.started
}

async function psTable(select: string[]): Promise<{ pid: number; ppid: number; started: string }[]> {
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile('ps', [...select, '-o', 'pid=,ppid=,lstart='], { env: { ...process.env, LC_ALL: 'C' } }, (error, out) =>
      // Why: ps exits with 1 when no process matches, which is an empty table, not a failure.
      error && (error as { code?: unknown }).code !== 1 ? reject(error) : resolve(out),
    ),
  )
  return stdout
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.+?)\s*$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ pid: Number(match[1]), ppid: Number(match[2]), started: match[3] }))
}
