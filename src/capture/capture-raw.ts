import { adviceSentence } from './advice-terms.js'
import type { RawSurface } from '../surface/types.js'
import { CaptureError } from './capture-error.js'
import type { RequestingClient } from './connection.js'
import { kindOfValue } from '../surface/kind-of-value.js'
import { describeTarget } from './describe-target.js'
import { findTooDeepValue, MAX_ITEM_DEPTH } from '../schema/nesting-limit.js'
import { renderDeepPath } from './deep-path.js'
import { openConnection } from './open-connection.js'
import { readSurfaceLists } from './read-paged-list.js'
import { ERA_OPTIONS, isModernClientMissing, refusedInitialize, type Era, type EraOption } from './era.js'
import type { AdviceFor, StepLimits } from './run-step.js'
import { ACCEPTED_TARGETS, recognizeTarget, type HttpTarget, type RecognizedTarget, type Target } from './target.js'
import { authorizationNameProblem } from '../surface/authorization-name.js'
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from './timeout-limits.js'

export { CaptureError, type CaptureErrorCode } from './capture-error.js'
export { describeTarget } from './describe-target.js'
export { loadStdioSdk } from './open-stdio.js'
export { ERA_OPTIONS, type Era, type EraOption } from './era.js'
export { isCaptureTarget, type ConnectedClient, type HandlerTarget, type HttpTarget, type InProcessServer, type ServerFactory, type StdioTarget, type Target } from './target.js'
export { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from './timeout-limits.js'
export type { AdviceFor } from './run-step.js'

/** Options for {@link captureRaw}. */
export interface CaptureOptions {
  /** How long to wait for the connection (start + `initialize`) and for each list request, in ms. Default 10 000. */
  timeoutMs?: number
  /** Stops waiting when aborted; capture then fails with code `aborted` and closes what it opened. */
  signal?: AbortSignal
  /**
   * The protocol era(s) to read in. `auto` (default): `initialize` first, and `server/discover`
   * only when the server refuses `initialize` — a 2025-era server costs nothing extra. `both`
   * reads both eras and keeps the legacy read in `legacy`.
   */
  era?: EraOption
  /**
   * Named authorizations to read an HTTP server as, besides the target's own credentials: each is
   * read with exactly its `headers` and `bearer` (never `MCP_CONTRACT_TOKEN` or a cached login;
   * none at all reads what an anonymous client sees) and kept in `authorizations` under its name.
   * Why: list results may vary by authorization, never by connection.
   * @example { admin: { bearer: process.env.ADMIN_TOKEN }, anonymous: {} }
   */
  authorizations?: { [name: string]: Authorization }
  /**
   * In whose terms a timeout's advice names the limit: `api` (default, the `timeoutMs` option),
   * `cli` (`--timeout MS`) or `matcher` (a surface captured with `captureSurface(target, { timeoutMs })`).
   */
  adviceFor?: AdviceFor
}

/** The credentials of one named authorization. */
export interface Authorization {
  headers?: Record<string, string>
  bearer?: string
}

/**
 * Reads a server's advertised surface exactly as sent: the `initialize` result and every page
 * of `tools/list`, `prompts/list`, `resources/list` and `resources/templates/list`. A list the
 * server does not offer (method-not-found) is `undefined`. Never calls a tool; never
 * normalizes. Closes everything it opened, and never closes a `Client` it was given.
 *
 * In-process results may share objects with the server that produced them: treat them as
 * read-only.
 * @throws {CaptureError} when the server cannot be started or reached, hangs, crashes, or answers a list with an error.
 * @example
 * const raw = await captureRaw({ command: 'node', args: ['server.js'] }, { timeoutMs: 5_000 })
 * raw.tools?.map((tool) => tool.name)
 */
export async function captureRaw(target: Target, options: CaptureOptions = {}): Promise<RawSurface> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  if (!(Number.isFinite(timeoutMs) && timeoutMs >= 1 && timeoutMs <= MAX_TIMEOUT_MS)) {
    throw new RangeError(`timeoutMs must be a number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (about 24.8 days), got ${String(options.timeoutMs)}.`)
  }
  const era = options.era ?? 'auto'
  if (!ERA_OPTIONS.includes(era)) throw new RangeError(`era must be one of ${ERA_OPTIONS.join(', ')}, got ${JSON.stringify(options.era)}.`)
  const limits = { timeoutMs, signal: options.signal, adviceFor: options.adviceFor }
  const recognized = recognizeTarget(target)
  if (recognized === undefined) {
    throw new CaptureError('bad-target', `Cannot read an MCP surface from ${kindOfValue(target)}. Pass ${ACCEPTED_TARGETS}.`, {
      serverLabel: describeTarget(target),
    })
  }
  const named = Object.entries(options.authorizations ?? {})
  if (named.length === 0) return captureInEras(recognized, limits, era)
  if (recognized.kind !== 'http') {
    throw new CaptureError('bad-target', `Named authorizations apply to an HTTP server ({ url }); ${describeTarget(target)} gets its credentials another way. ${adviceSentence('dropAuthorizations', options.adviceFor)}.`, {
      serverLabel: describeTarget(target),
    })
  }
  for (const [name] of named) {
    const problem = authorizationNameProblem(name)
    if (problem !== undefined) throw new RangeError(`authorizations: ${problem}.`)
  }
  const surface = await captureInEras(recognized, limits, era)
  surface.authorizations = {}
  // Why one after another: each is a whole capture, and a server under test should not see them race.
  for (const [name, credentials] of named) {
    const http: HttpTarget = { url: recognized.http.url, transport: recognized.http.transport, headers: { ...credentials.headers }, bearer: credentials.bearer, ambientAuth: false }
    surface.authorizations[name] = await captureInEras({ kind: 'http', http }, limits, era)
  }
  return surface
}

/** Reads one view of the server in the era option's era(s). */
async function captureInEras(recognized: RecognizedTarget, limits: StepLimits, era: EraOption): Promise<RawSurface> {
  if (era === 'both') return captureBothEras(recognized, limits)
  if (era !== 'auto') return captureInEra(recognized, limits, era)
  try {
    return await captureInEra(recognized, limits, 'legacy')
  } catch (error) {
    // Why a second connection, not the same one: the SDK client closes its transport when
    // initialize fails. Only a server that answered initialize with a refusal pays for it.
    if (!refusedInitialize(error) || !canSpeakModern(recognized)) throw error
    try {
      return { ...(await captureInEra(recognized, limits, '2026-07-28')), refusedEras: ['legacy'] }
    } catch (modern) {
      if (isModernClientMissing(modern)) throw modern
      throw new CaptureError(
        (error as CaptureError).code,
        `${(error as Error).message}\nIt did not answer the 2026-07-28 opening (server/discover) either: ${(modern as Error).message}`,
        { serverLabel: (error as CaptureError).serverLabel, cause: error },
      )
    }
  }
}

/**
 * Reads both eras, one connection each. An era the server refuses (it answered the opening with
 * an error) is listed in `refusedEras` instead of failing the capture; only when it refuses both,
 * or fails in any other way, does capture fail.
 */
async function captureBothEras(recognized: RecognizedTarget, limits: StepLimits): Promise<RawSurface> {
  let legacy: RawSurface | undefined
  let legacyError: unknown
  try {
    legacy = await captureInEra(recognized, limits, 'legacy')
  } catch (error) {
    if (!refusedInitialize(error)) throw error
    legacyError = error
  }
  try {
    const modern = await captureInEra(recognized, limits, '2026-07-28')
    return legacy === undefined ? { ...modern, refusedEras: ['legacy'] } : { ...modern, legacy }
  } catch (error) {
    if (legacy === undefined) throw legacyError
    if (!(error instanceof CaptureError) || error.code !== 'initialize-failed') throw error
    return { ...legacy, refusedEras: ['2026-07-28'] }
  }
}

/** True for the targets that can be read in the 2026-07-28 era at all. */
function canSpeakModern(recognized: RecognizedTarget): boolean {
  return recognized.kind === 'stdio' || recognized.kind === 'http' || recognized.kind === 'handler'
}

/** Reads the surface over one connection in one era. */
async function captureInEra(recognized: RecognizedTarget, limits: StepLimits, era: Era): Promise<RawSurface> {
  const connection = await openConnection(recognized, limits, era)
  let failed = true
  try {
    const initialize = readInitialize(connection.client)
    const tooDeep = findTooDeepValue(initialize)
    if (tooDeep !== undefined) {
      throw new CaptureError(
        'initialize-failed',
        `${connection.label} answered initialize with a value nested more than ${MAX_ITEM_DEPTH} levels deep, at ${renderDeepPath(tooDeep)}. Capture stops there: no real server nests that deep, and reading it would overflow the stack.`,
        { serverLabel: connection.label },
      )
    }
    const surface: RawSurface = { era: connection.era, transport: connection.wireKind, initialize, ...(await readSurfaceLists(connection, limits)) }
    failed = false
    return surface
  } finally {
    await connection.close(failed)
  }
}

/**
 * What the client kept from `initialize`. The negotiated protocol version is left out: the SDK
 * client does not expose it, and it is volatile metadata that a contract does not record.
 */
function readInitialize(client: RequestingClient): RawSurface['initialize'] {
  const initialize: RawSurface['initialize'] = {}
  const serverInfo = client.getServerVersion()
  const capabilities = client.getServerCapabilities()
  const instructions = client.getInstructions?.()
  if (isRecord(serverInfo)) initialize.serverInfo = serverInfo
  if (isRecord(capabilities)) initialize.capabilities = capabilities
  if (typeof instructions === 'string') initialize.instructions = instructions
  return initialize
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
