import { adviceIn, type AdviceFor } from './advice-terms.js'
import { CaptureError } from './capture-error.js'

export type { Era } from '../surface/types.js'
export { ERAS, ERA_OPTIONS, type EraOption } from '../surface/eras.js'

/** The JSON-RPC code of a 2026-era server refusing a 2025-era opening. */
const UNSUPPORTED_PROTOCOL_VERSION = -32022

/**
 * True when a failed legacy connection means "this server refuses `initialize`" rather than
 * "nothing works here": the server answered `initialize` with a JSON-RPC error, or an HTTP
 * server answered it with a 4xx other than 401/403.
 * Why not on timeouts, crashes or refused connections: a 2026 server answers `initialize`
 * with an error at once; trying another era after a silent or dead server only doubles the wait.
 */
export function refusedInitialize(error: unknown): boolean {
  if (!(error instanceof CaptureError)) return false
  if (error.code !== 'initialize-failed' && error.code !== 'start-failed') return false
  const cause = error.cause as { code?: unknown; status?: unknown } | undefined
  if (cause === undefined || cause === null) return false
  if (cause.code === UNSUPPORTED_PROTOCOL_VERSION) return true
  if (error.code === 'initialize-failed' && typeof cause.code === 'number' && Number.isInteger(cause.code) && cause.code < 0) return true
  const status = typeof cause.status === 'number' ? cause.status : typeof cause.code === 'number' ? cause.code : undefined
  return status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403
}

/**
 * Loads SDK 2.x's client, which alone speaks the 2026-07-28 era.
 * Why loaded on use: SDK 2.x is an optional peer; users of 2025-era servers need only 1.x.
 * @throws {CaptureError} `start-failed` naming the package to install when it is missing
 */
export async function loadModernClient(label: string, adviceFor?: AdviceFor): Promise<typeof import('@modelcontextprotocol/client')> {
  try {
    return await import('@modelcontextprotocol/client')
  } catch (cause) {
    throw markMissing(new CaptureError(
      'start-failed',
      `${label} has to be read in the 2026-07-28 protocol era, which needs the MCP SDK 2.x client, and @modelcontextprotocol/client is not installed. ` +
        `Install it (npm i -D @modelcontextprotocol/client), or read a server that still answers initialize ${adviceIn('readLegacyEra', adviceFor)}.`,
      { serverLabel: label, cause },
    ))
  }
}

const missingClient = new WeakSet<object>()

function markMissing(error: CaptureError): CaptureError {
  missingClient.add(error)
  return error
}

/**
 * True for the error {@link loadModernClient} throws when SDK 2.x is not installed.
 * Why: its message alone says what to do; wrapped in "it did not answer server/discover either", it would read as the server's fault.
 */
export function isModernClientMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && missingClient.has(error)
}
