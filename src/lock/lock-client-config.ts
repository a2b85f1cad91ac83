import { relative } from 'node:path'
import { compareText } from '../schema/keywords.js'
import type { AgentReference, ClientConfig, ConfiguredServer } from './client-config/types.js'
import { contractOfSurface, LOCK_FORMAT, type LockEntry, type LockFile, type LockScope } from './lock-file.js'
import { isNotRead, readServer, type NotRead, type ReadOptions } from './read-server.js'
import { defaultConcurrency, mapBounded } from './run-bounded.js'

/** How a client config is locked. */
export interface LockOptions extends ReadOptions {
  /** The project folder: source files are written relative to it. */
  cwd: string
  /** The lock as it is: entries of servers not locked now are kept, and each entry's `consumers` and `used`. */
  previous?: LockFile
  /** Lock only these servers (`mcp-contract lock NAME`); the others keep their entries. */
  only?: readonly string[]
  /** How many servers are read at once; default four per core (see `defaultConcurrency`). */
  concurrency?: number
  /** The profiles that judge every server (the project's, or the defaults). */
  profiles: readonly string[]
  /** Tools the repository's agent definitions name (`findAgentReferences`). */
  agentReferences?: readonly AgentReference[]
  /** Called as each server starts and ends: what a progress line on a terminal shows. */
  onProgress?: (event: LockProgress) => void
}

/** One server's progress. */
export type LockProgress = { server: string; state: 'started' } | { server: string; state: 'locked' | 'disabled' } | { server: string; state: 'not-locked'; why: NotRead }

/** A lock, the servers of this run that could not be locked (with why), and those a server of the same name hides. */
export interface LockOutcome {
  lock: LockFile
  notLocked: { name: string; why: NotRead }[]
  /** A second server of a name already read (the same name in `.mcp.json` and `.vscode/mcp.json`): not locked, named so. */
  shadowed: { name: string; file: string; by: string }[]
}

/**
 * The servers of a config one per name, the first read kept; the others are returned as shadowed.
 * Why the first: a lock and agent definitions name a server by its name, and the reader lists the
 * files in the order a client reads them.
 */
export function firstOfEachName(config: ClientConfig, cwd: string): { servers: ConfiguredServer[]; shadowed: LockOutcome['shadowed'] } {
  const first = new Map<string, ConfiguredServer>()
  const shadowed: LockOutcome['shadowed'] = []
  for (const server of config.servers) {
    const kept = first.get(server.name)
    if (kept === undefined) first.set(server.name, server)
    else shadowed.push({ name: server.name, file: relative(cwd, server.source.file) || server.source.file, by: relative(cwd, kept.source.file) || kept.source.file })
  }
  return { servers: [...first.values()], shadowed }
}

/**
 * Locks the servers of a client config: each read (twice, for values that change by themselves)
 * in parallel with bounded concurrency, its package resolved and pinned, and recorded with how it
 * starts (secrets by name only), its surface as a contract holds it, its scope and its profiles.
 * A server that cannot be read gets an entry saying why, never a silent gap.
 * @throws Error when `only` names a server the config does not have
 * @example const { lock } = await lockClientConfig(await readClientConfig({ cwd, env }), { cwd, profiles: DEFAULT_PROFILES })
 */
export async function lockClientConfig(config: ClientConfig, options: LockOptions): Promise<LockOutcome> {
  const { servers: unique, shadowed } = firstOfEachName(config, options.cwd)
  const names = new Set(unique.map((server) => server.name))
  const unknown = options.only?.find((name) => !names.has(name))
  if (unknown !== undefined) throw new UnknownServerError(unknown, [...names])
  const chosen = unique.filter((server) => options.only === undefined || options.only.includes(server.name))
  const earlier = new Map((options.previous?.servers ?? []).map((entry) => [entry.name, entry]))
  const notLocked: LockOutcome['notLocked'] = []
  const entries = await mapBounded(chosen, options.concurrency ?? defaultConcurrency(), async (server) => {
    const entry = await lockServer(server, options, earlier.get(server.name))
    if (entry.why !== undefined) notLocked.push({ name: server.name, why: entry.why })
    return entry.entry
  })
  // Why kept: `lock NAME` re-locks one server; the others' entries stay as they were.
  const kept = options.only === undefined ? [] : (options.previous?.servers ?? []).filter((entry) => !options.only?.includes(entry.name))
  const servers = [...kept, ...entries].sort((a, b) => compareText(a.name, b.name))
  return { lock: { format: LOCK_FORMAT, servers }, notLocked: notLocked.sort((a, b) => compareText(a.name, b.name)), shadowed }
}

/** A server name the config does not have. */
export class UnknownServerError extends Error {
  override name = 'UnknownServerError'
  constructor(readonly server: string, readonly known: string[]) {
    super(`the client config has no server "${server}"; its servers are ${known.length > 0 ? known.join(', ') : 'none'}`)
  }
}

async function lockServer(server: ConfiguredServer, options: LockOptions, earlier: LockEntry | undefined): Promise<{ entry: LockEntry; why?: NotRead }> {
  const base = entryBase(server, options, earlier)
  if (server.disabled) {
    options.onProgress?.({ server: server.name, state: 'disabled' })
    return { entry: { ...base, status: 'disabled' } }
  }
  options.onProgress?.({ server: server.name, state: 'started' })
  const read = await readServer(server, options, true)
  if (isNotRead(read)) {
    options.onProgress?.({ server: server.name, state: 'not-locked', why: read })
    const { reason, needs, httpStatus, exitCode } = read
    return { entry: { ...base, status: 'not-locked', notLocked: { reason, ...(needs ? { needs } : {}), ...(httpStatus !== undefined ? { httpStatus } : {}), ...(exitCode !== undefined ? { exitCode } : {}) } }, why: read }
  }
  options.onProgress?.({ server: server.name, state: 'locked' })
  const pkg = base.package && read.resolved ? { ...base.package, version: read.resolved.version, ...(read.resolved.integrity ? { integrity: read.resolved.integrity } : {}) } : base.package
  return { entry: { ...base, ...(pkg ? { package: pkg } : {}), status: 'locked', contract: contractOfSurface(read.surface) } }
}

/** What an entry holds whatever the outcome: where it came from, how it starts, its scope and profiles. */
function entryBase(server: ConfiguredServer, options: LockOptions, earlier: LockEntry | undefined): Omit<LockEntry, 'status'> {
  const scope = scopeOf(server.name, earlier?.scope, options.agentReferences ?? [])
  return {
    name: server.name,
    // Why relative: the lock is committed, and a machine path differs on every machine.
    source: { file: relative(options.cwd, server.source.file) || server.source.file, format: server.source.format },
    transport: server.transport,
    start: server.start,
    ...(server.package ? { package: { ...server.package } } : {}),
    ...(scope ? { scope } : {}),
    profiles: [...options.profiles],
  }
}

/** The scope an entry records: the user's `consumers` and `used` kept, the agents' tools found now. */
function scopeOf(name: string, earlier: LockScope | undefined, references: readonly AgentReference[]): LockScope | undefined {
  const agents = [...new Set(references.filter((reference) => reference.server === name).map((reference) => reference.tool))].sort(compareText)
  const scope: LockScope = { ...(earlier?.consumers ? { consumers: earlier.consumers } : {}), ...(earlier?.used ? { used: earlier.used } : {}), ...(agents.length > 0 ? { agents } : {}) }
  return Object.keys(scope).length > 0 ? scope : undefined
}
