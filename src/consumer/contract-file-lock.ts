import { hostname } from 'node:os'
import { open, readFile, rm, stat } from 'node:fs/promises'
import { ConsumerContractError } from './consumer-contract.js'

/** How long {@link withFileLock} waits for a lock another process holds, and when a lock is stale. */
export interface LockTimings {
  /** Give up after this long. Default 10 s. */
  waitMs?: number
  /** A lock older than this is stale, whoever holds it. Default 30 s. */
  staleMs?: number
}

const RETRY_MS = 15

/**
 * Runs `work` while holding `<file>.lock`, an exclusively created lock file naming its holder
 * (pid, host, time); other processes wait for it, retrying every few milliseconds. A lock whose
 * holder on this host has exited, or that is older than `staleMs`, is stale and is removed.
 * Why by hand: the lock is held for one read, merge and rename; a file created with `wx` is
 * atomic on every local file system, and a holder that crashed must never block the next run.
 * @throws ConsumerContractError when the lock cannot be had within `waitMs`
 * @example await withFileLock('contracts/agent.mcp-consumer.json', async () => merge())
 */
export async function withFileLock<T>(file: string, work: () => Promise<T>, { waitMs = 10_000, staleMs = 30_000 }: LockTimings = {}): Promise<T> {
  const lock = `${file}.lock`
  const giveUpAt = Date.now() + waitMs
  for (;;) {
    const handle = await open(lock, 'wx').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return undefined
      throw new ConsumerContractError(`${lock} could not be created (${error.code ?? error.message}); check that the folder of ${file} exists and is writable.`)
    })
    if (handle !== undefined) {
      try {
        await handle.writeFile(JSON.stringify({ pid: process.pid, host: hostname(), since: Date.now() }))
      } finally {
        await handle.close()
      }
      try {
        return await work()
      } finally {
        await rm(lock, { force: true })
      }
    }
    const holder = await readHolder(lock)
    if (holder === undefined ? await isAbandoned(lock) : isStale(holder, staleMs)) {
      // Why removal is safe enough: a lock is judged stale only when its holder is gone or far past
      // any hold; two waiters removing the same stale lock both retry the exclusive create.
      await rm(lock, { force: true })
      continue
    }
    if (Date.now() > giveUpAt) {
      const who = holder === undefined ? 'another process' : `process ${holder.pid} on ${holder.host}`
      throw new ConsumerContractError(`${file} is locked by ${who} (${lock}); waited ${Math.round(waitMs / 1000)} s. If no recording is running, remove ${lock}.`)
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS + Math.random() * RETRY_MS))
  }
}

interface Holder {
  pid: number
  host: string
  since: number
}

/** The lock's holder; `undefined` while it is being written (or vanished). */
async function readHolder(lock: string): Promise<Holder | undefined> {
  try {
    const holder = JSON.parse(await readFile(lock, 'utf8')) as Partial<Holder>
    return typeof holder.pid === 'number' && typeof holder.host === 'string' && typeof holder.since === 'number' ? (holder as Holder) : undefined
  } catch {
    return undefined
  }
}

/**
 * True for a lock with no holder written a while after it was created: its creator died between
 * the create and the write. Why a second: the write follows the create at once.
 */
async function isAbandoned(lock: string): Promise<boolean> {
  const found = await stat(lock).catch(() => undefined)
  return found !== undefined && Date.now() - found.mtimeMs > 1_000
}

function isStale(holder: Holder, staleMs: number): boolean {
  if (Date.now() - holder.since > staleMs) return true
  if (holder.host !== hostname()) return false
  try {
    process.kill(holder.pid, 0)
    return false
  } catch (error) {
    // Why EPERM is alive: the process exists and belongs to another user.
    return (error as NodeJS.ErrnoException).code !== 'EPERM'
  }
}
