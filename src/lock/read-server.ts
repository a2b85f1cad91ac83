import { captureRaw, CaptureError } from '../capture/capture-raw.js'
import type { HttpTarget, StdioTarget } from '../capture/target.js'
import { markVolatile } from '../surface/detect-volatile.js'
import { normalizeSurface } from '../surface/normalize.js'
import type { RawSurface, Surface } from '../surface/types.js'
import type { ConfiguredPackage, ConfiguredServer, ResolvedPackage } from './client-config/types.js'
import type { NotReadReason } from './lock-file.js'

/** How a server is read: limits, and where a package's version comes from. */
export interface ReadOptions {
  timeoutMs?: number
  signal?: AbortSignal
  /** The registry's answer for a package now (`resolvePackage` of `client-config/`): a version, or why none. */
  resolvePackage?: (pkg: ConfiguredPackage) => Promise<ResolvedPackage | { name: string; problem: string }>
}

/** A server that could not be read, and why, with the server's own words for the report. */
export interface NotRead {
  reason: NotReadReason
  /** What failed, why and what to do; the capture layer's words. */
  message: string
  needs?: string[]
  httpStatus?: number
  exitCode?: number
  stderrTail?: readonly string[]
}

/** A server read: its surface, what it sent, and the package version it ran. */
export interface ServerRead {
  surface: Surface
  raw: RawSurface
  resolved?: ResolvedPackage
}

/**
 * Reads one configured server: resolves its package (and runs exactly that version), captures
 * its surface, and with `twice` reads it again to mark the values it changes by itself (as
 * `snapshot` does). A server that cannot be read is a {@link NotRead}, never a throw: a lock or a
 * check names it with why. Only an abort throws.
 * @example const read = await readServer(server, { timeoutMs: 30_000 }, true)
 */
export async function readServer(server: ConfiguredServer, options: ReadOptions, twice: boolean): Promise<ServerRead | NotRead> {
  if (server.needs.length > 0 || server.target === undefined) {
    const needs = server.needs.length > 0 ? server.needs : ['a value the configuration does not give']
    return { reason: 'needs-variable', needs, message: `needs ${needs.join(', ')}: set ${needs.length === 1 ? 'it' : 'them'} in the environment (a prompt's value, \`input:…\`, as a variable of the same name) and run again` }
  }
  let resolved: ResolvedPackage | undefined
  if (server.package !== undefined && options.resolvePackage !== undefined) {
    const answer = await options.resolvePackage(server.package)
    if ('problem' in answer) return { reason: 'failed', message: `the registry did not resolve ${server.package.name}${server.package.requested ? `@${server.package.requested}` : ''}: ${answer.problem}` }
    resolved = answer
  }
  const target = pinned(server.target, server.package, resolved)
  const capture = () => captureRaw(target, { timeoutMs: options.timeoutMs, signal: options.signal, adviceFor: 'cli' })
  try {
    const raw = await capture()
    const first = normalizeSurface(raw)
    const surface = twice ? markVolatile(first, normalizeSurface(await capture())).surface : first
    return { surface, raw, ...(resolved ? { resolved } : {}) }
  } catch (error) {
    if (!(error instanceof CaptureError) || error.code === 'aborted') throw error
    return notRead(error)
  }
}

/** True for a server that could not be read. */
export function isNotRead(read: ServerRead | NotRead): read is NotRead {
  return 'reason' in read
}

/** Why a capture failed, as a reason a report names, keeping the capture layer's explanation. */
function notRead(error: CaptureError): NotRead {
  const httpStatus = figureOf(error, 'httpStatus')
  const exitCode = figureOf(error, 'exitCode')
  const figures = { ...(httpStatus !== undefined ? { httpStatus } : {}), ...(exitCode !== undefined ? { exitCode } : {}), ...(error.stderrTail.length > 0 ? { stderrTail: error.stderrTail } : {}) }
  // Why only the first paragraph: the stderr tail is kept apart, and a report shows it once.
  const message = error.message.split('\nLast lines the server wrote to stderr:')[0]
  return { reason: reasonOf(error, httpStatus), message, ...figures }
}

/**
 * A figure of the failure, from the error or the capture error it wraps. Why the chain: when the
 * 2025 opening fails, capture tries the 2026-07-28 one and explains both in one error, keeping
 * the first as its cause.
 */
function figureOf(error: CaptureError, key: 'httpStatus' | 'exitCode'): number | undefined {
  for (let at: unknown = error, depth = 0; at instanceof CaptureError && depth < 4; at = at.cause, depth++) {
    if (at[key] !== undefined) return at[key]
  }
  return undefined
}

function reasonOf(error: CaptureError, httpStatus: number | undefined): NotReadReason {
  if (httpStatus === 404 || httpStatus === 410) return 'gone'
  if (error.code === 'unauthorized') return 'needs-authorization'
  if (error.code === 'timeout') return 'timed-out'
  if (error.code === 'start-failed') return 'did-not-start'
  return 'failed'
}

/**
 * The target with the package pinned to the version the registry resolved, so what is read is
 * what the lock records. Why: `npx -y pkg` runs whatever copy npx has cached, which may not be
 * the version the registry names now.
 */
function pinned(target: StdioTarget | HttpTarget, pkg: ConfiguredPackage | undefined, resolved: ResolvedPackage | undefined): StdioTarget | HttpTarget {
  if (!('command' in target) || pkg === undefined || resolved === undefined || pkg.ecosystem !== 'npm') return target
  const args = target.args ?? []
  const at = args.findIndex((arg) => arg === pkg.name || arg.startsWith(`${pkg.name}@`))
  if (at === -1) return target
  return { ...target, args: args.map((arg, index) => (index === at ? `${pkg.name}@${resolved.version}` : arg)) }
}
