import { hostname } from 'node:os'
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { ConsumerContractError } from '../consumer-contract.js'

/** How long {@link withFileLock} waits for a lock another process holds, and when a lock is stale. */
export interface LockTimings {
  /** Give up after this long. Default 10 s. */
  waitMs?: number
  /** A lock older than this is stale, whoever holds it. Default 30 s. */
  staleMs?: number
}

const RETRY_MS = 15
let holds = 0

/** Who holds a lock, as its holder file says. */
interface Holder {
  pid: number
  host: string
  since: number
}

/**
 * Runs `work` while holding `<file>.lock`, a folder that holds one file naming its holder (pid,
 * host, time) under a name no other hold shares; other processes wait for it, retrying every few
 * milliseconds. A lock whose holder on this host has exited, or that is older than `staleMs`, is
 * stale and is taken over.
 * Why a folder, put in place whole: a lock is made as `<file>.lock-<nonce>` with its holder file
 * inside, then renamed to `<file>.lock`, which succeeds only while no lock is there (a rename
 * never replaces a folder that holds a file). Taking over a stale lock removes its holder file by
 * its own name, which fails when that hold has already been taken over, so a waiter can never
 * remove a lock it did not judge; then the folder, which fails once another lock is in its place.
 * An exclusively created lock file could only be removed by its path, and two waiters that judged
 * the same dead holder removed each other's fresh locks.
 * @throws ConsumerContractError when the lock cannot be had within `waitMs`
 * @example await withFileLock('contracts/agent.mcp-consumer.json', async () => merge())
 */
export async function withFileLock<T>(file: string, work: () => Promise<T>, { waitMs = 10_000, staleMs = 30_000 }: LockTimings = {}): Promise<T> {
  const lock = `${file}.lock`
  const giveUpAt = Date.now() + waitMs
  for (;;) {
    const held = await tryLock(file, lock)
    if (held !== undefined) {
      try {
        return await work()
      } finally {
        // Why by name: a hold taken over as stale is another's lock now; its file is not ours.
        if (await removed(join(lock, held))) await rmdir(lock).catch(() => undefined)
      }
    }
    const found = await readLock(lock)
    if (found !== undefined && (await isStale(lock, found, staleMs))) {
      // Why both steps may fail: another waiter took the same stale lock over first, or made its own.
      if (found.file) await removed(lock)
      else if (found.name === undefined || (await removed(join(lock, found.name)))) await rmdir(lock).catch(() => undefined)
      continue
    }
    if (Date.now() > giveUpAt) {
      const who = found?.holder === undefined ? 'another process' : `process ${found.holder.pid} on ${found.holder.host}`
      throw new ConsumerContractError(`${file} is locked by ${who} (${lock}); waited ${Math.round(waitMs / 1000)} s. If no recording is running, remove ${lock}.`)
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS + Math.random() * RETRY_MS))
  }
}

/** Puts a lock naming this process in place; the name of its holder file, or `undefined` while another lock is there. */
async function tryLock(file: string, lock: string): Promise<string | undefined> {
  // Why not node:crypto: the name only has to differ from every other hold's, and loading crypto costs a `record` process more than its writing.
  const nonce = `${++holds}-${Math.random().toString(36).slice(2, 10)}-${Date.now().toString(36)}`
  const made = join(dirname(lock), `.${basename(lock)}-${nonce}`)
  const name = `${process.pid}-${nonce}.holder`
  try {
    await mkdir(made)
    await writeFile(join(made, name), JSON.stringify({ pid: process.pid, host: hostname(), since: Date.now() }))
  } catch (error) {
    await rm(made, { recursive: true, force: true })
    throw new ConsumerContractError(`${lock} could not be made (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check that the folder of ${file} exists and is writable.`)
  }
  try {
    await rename(made, lock)
    return name
  } catch (error) {
    await rm(made, { recursive: true, force: true })
    // Why these: a lock is there (ENOTEMPTY, EEXIST; EPERM and EACCES on Windows, ENOTDIR for a lock file an earlier version left).
    if (['ENOTEMPTY', 'EEXIST', 'EPERM', 'EACCES', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return undefined
    throw new ConsumerContractError(`${lock} could not be made (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check that the folder of ${file} is writable.`)
  }
}

/** What is at `lock`: the name of its holder file (none for a lock file an earlier version left) and who it says holds it. */
interface FoundLock {
  /** A lock file an earlier version left, not a folder. */
  file?: boolean
  name?: string
  holder?: Holder
  /** When the lock was put in place. */
  madeMs: number
}

async function readLock(lock: string): Promise<FoundLock | undefined> {
  const found = await stat(lock).catch(() => undefined)
  if (found === undefined) return undefined
  if (!found.isDirectory()) return { file: true, holder: await readHolder(lock), madeMs: found.mtimeMs }
  const names = await readdir(lock).catch(() => [] as string[])
  const name = names.find((entry) => entry.endsWith('.holder'))
  return { name, holder: name === undefined ? undefined : await readHolder(join(lock, name)), madeMs: found.mtimeMs }
}

/** The holder a file names; `undefined` when it cannot be read (it was just taken over). */
async function readHolder(path: string): Promise<Holder | undefined> {
  try {
    const holder = JSON.parse(await readFile(path, 'utf8')) as Partial<Holder>
    return typeof holder.pid === 'number' && typeof holder.host === 'string' && typeof holder.since === 'number' ? (holder as Holder) : undefined
  } catch {
    return undefined
  }
}

/**
 * True for a lock whose holder is gone or far past any hold, or, naming no holder, a second old:
 * an empty folder (a takeover stopped halfway) or a lock file an earlier version left half-written.
 */
async function isStale(lock: string, found: FoundLock, staleMs: number): Promise<boolean> {
  const { holder } = found
  if (holder === undefined) return Date.now() - found.madeMs > 1_000 && (found.name === undefined || (await readHolder(join(lock, found.name))) === undefined)
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

/** Removes one file; false when it was no longer there. */
async function removed(path: string): Promise<boolean> {
  return unlink(path).then(
    () => true,
    () => false,
  )
}
