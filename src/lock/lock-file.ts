import type { ErrorObject, ValidateFunction } from 'ajv'
import { ContractFileError } from '../contract/contract-error.js'
import { serializeContract, contractSurface } from '../contract/contract-file.js'
import { shapeProblem } from '../contract/contract-shape.js'
import { compareText } from '../schema/keywords.js'
import { stableStringify } from '../surface/stable-json.js'
import type { Surface } from '../surface/types.js'
import { writeFileAtomically } from '../surface/write-file-atomically.js'
import { readContractText } from '../contract/contract-text.js'
import type { ClientConfigFormat, ConfiguredHttpStart, ConfiguredPackage, ConfiguredStdioStart } from './client-config/types.js'
import { validate as compiledValidate } from './lock-validator.generated.js'

// Why compiled ahead of time (`npm run schemas`), as the contract schemas are: compiling costs every check.
const validate = compiledValidate as ValidateFunction & { errors?: ErrorObject[] | null }

/** The lock file format this version reads and writes. */
export const LOCK_FORMAT = 1

/** The default lock file name, relative to the project. */
export const DEFAULT_LOCK_FILE = 'mcp-contract.lock.json'

/** Why a server could not be read, as a stable code a report branches on. */
export type NotReadReason = 'gone' | 'needs-authorization' | 'did-not-start' | 'timed-out' | 'needs-variable' | 'failed'

/** What the lock keeps of why a server was not locked: the code and figures, never the server's own words. */
export interface NotLocked {
  reason: NotReadReason
  needs?: string[]
  httpStatus?: number
  exitCode?: number
}

/** The package a server runs, and what the registry resolved it to when locked. */
export interface LockedPackage extends ConfiguredPackage {
  version?: string
  integrity?: string
}

/** What the consumer uses of a server: only changes to these can fail a check. */
export interface LockScope {
  /** Consumer contract files or folders of them, relative to the project (kept when locked again). */
  consumers?: string[]
  /** Names (globs with `*`) the consumer uses (kept when locked again). */
  used?: string[]
  /** Tool names the agent definitions name for this server, found when locked. */
  agents?: string[]
}

/** One server of the lock. */
export interface LockEntry {
  name: string
  source: { file: string; format: ClientConfigFormat }
  transport: 'stdio' | 'http' | 'sse'
  start: ConfiguredStdioStart | ConfiguredHttpStart
  package?: LockedPackage
  status: 'locked' | 'disabled' | 'not-locked'
  notLocked?: NotLocked
  /** The surface as a contract file holds it (`format` included); present when `status` is `locked`. */
  contract?: Record<string, unknown>
  scope?: LockScope
  profiles: string[]
}

/** The lock over a client configuration. */
export interface LockFile {
  format: typeof LOCK_FORMAT
  servers: LockEntry[]
}

/**
 * The contract-file form of a surface, for a lock entry: what `serializeContract` writes, parsed back.
 * @example entry.contract = contractOfSurface(surface)
 */
export function contractOfSurface(surface: Surface): Record<string, unknown> {
  return JSON.parse(serializeContract(surface)) as Record<string, unknown>
}

/**
 * The surface a lock entry records, checked as a contract file is; undefined for an entry without one.
 * @throws ContractFileError `invalid` when the recorded surface has the wrong shape
 * @example const recorded = lockedSurface(entry, 'mcp-contract.lock.json')
 */
export function lockedSurface(entry: LockEntry, file: string): Surface | undefined {
  if (entry.contract === undefined) return undefined
  const known = readSurfaces.get(entry.contract)
  if (known !== undefined) return known
  const source = `${file} (server "${entry.name}")`
  const surface = contractSurface({ data: entry.contract, text: JSON.stringify(entry.contract), source })
  readSurfaces.set(entry.contract, surface)
  return surface
}

// Why remembered: reading a lock checks every surface, and the check reads each again.
const readSurfaces = new WeakMap<object, Surface>()

/**
 * The exact text of a lock file: sorted keys, servers sorted by name, 2-space indent, trailing
 * newline. Equal locks give byte-identical files, so a PR shows only what moved.
 * @example await writeFile('mcp-contract.lock.json', serializeLock(lock))
 */
export function serializeLock(lock: LockFile): string {
  const servers = [...lock.servers].sort((a, b) => compareText(a.name, b.name))
  return `${stableStringify({ format: LOCK_FORMAT, servers }, 2)}\n`
}

/**
 * Parses lock file text, checking it against `mcp-contract.lock.schema.json` and each recorded
 * surface against the contract schema.
 * @throws ContractFileError `invalid` (not JSON, the wrong shape) or `newer` (a newer format)
 * @example const lock = parseLock(text, 'mcp-contract.lock.json')
 */
export function parseLock(text: string, file: string): LockFile {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new ContractFileError('invalid', file, `${file} is not valid JSON (${(error as Error).message}). Restore it from version control, or write it again with \`mcp-contract lock\`.`, { cause: error })
  }
  const format = (data as { format?: unknown } | null)?.format
  if (typeof format === 'number' && format > LOCK_FORMAT) {
    throw new ContractFileError('newer', file, `${file} is lock format ${format}, written by a newer mcp-contract; this version reads format ${LOCK_FORMAT}. Upgrade mcp-contract.`)
  }
  const problem = shapeProblem(validate, data)
  if (problem !== undefined) {
    throw new ContractFileError('invalid', file, `${file} is not a valid mcp-contract lock file: ${problem}. Fix that value (mcp-contract.lock.schema.json in the package describes the format), restore the file from version control, or write it again with \`mcp-contract lock\`.`)
  }
  const lock = data as LockFile
  // Why each surface now: a broken entry is reported before any server is started.
  for (const entry of lock.servers) lockedSurface(entry, file)
  return lock
}

/**
 * Reads and checks a lock file.
 * @throws ContractFileError `missing`, `unreadable`, `invalid` or `newer`
 * @example const lock = await readLockFile('mcp-contract.lock.json')
 */
export async function readLockFile(file: string): Promise<LockFile> {
  const text = await readContractText(file).catch((error: unknown) => {
    if (error instanceof ContractFileError && error.code === 'missing') throw new ContractFileError('missing', file, `${file} does not exist. Write it first with \`mcp-contract lock\`, which reads the client config (.mcp.json and the others) and locks every server.`, { cause: error })
    throw error
  })
  return parseLock(text, file)
}

/**
 * Writes a lock file atomically (a temporary file beside it, then a rename).
 * @throws ContractFileError `unwritable`
 * @example await writeLockFile('mcp-contract.lock.json', lock)
 */
export async function writeLockFile(file: string, lock: LockFile): Promise<void> {
  try {
    await writeFileAtomically(file, serializeLock(lock))
  } catch (error) {
    throw new ContractFileError('unwritable', file, `${file} could not be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Check that its folder exists and is writable.`, { cause: error })
  }
}
