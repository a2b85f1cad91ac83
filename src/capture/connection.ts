import type { AdviceFor } from './advice-terms.js'
import { loadModernClient, type Era } from './era.js'
import type { StepLimits } from './run-step.js'
import { runStep } from './run-step.js'
import { WireDiagnostics } from './wire-diagnostics.js'

/** How capture reaches a server; failure messages give advice that fits it. */
export type TransportKind = 'stdio' | 'http' | 'in-process' | 'client'

/** The wire capture used, as `show` names it: stdio, Streamable HTTP, legacy HTTP+SSE, in-process, or the user's client. */
export type WireKind = 'stdio' | 'streamable-http' | 'sse' | 'in-process' | 'client'

/**
 * The part of an SDK `Client` (1.x or 2.x) that capture calls. Typed loosely on purpose:
 * capture speaks to whichever copy the user has.
 */
export interface RequestingClient {
  request(
    request: { method: string; params?: Record<string, unknown> },
    resultSchema: unknown,
    options?: { timeout?: number; signal?: AbortSignal },
  ): Promise<unknown>
  getServerVersion(): unknown
  getServerCapabilities(): unknown
  getInstructions?(): unknown
}

/** A live connection to a server, ready for list requests, plus what explains its failures. */
export interface Connection {
  client: RequestingClient
  /** The label errors name the server by (a factory's label becomes its server's). */
  label: string
  transport: TransportKind
  /** The protocol era the connection speaks. */
  era: Era
  /** The wire it runs on. */
  wireKind: WireKind
  /** What the server sent that capture could not use, for failure messages. */
  wire: WireDiagnostics
  /** True once the server side closed the connection (exited, hung up) rather than capture. */
  hasClosed(): boolean
  /** The server's last stderr lines (stdio only), after letting a closed stream drain. */
  stderrTail(): Promise<string[]>
  /** Closes what capture opened; `failed` allows being blunt with a stuck server. Never throws. */
  close(failed: boolean): Promise<void>
}

/**
 * Who capture says it is in `initialize`.
 * Why a literal version: reading package.json at run time costs import time and its path differs
 * between `src/` and `dist/`; servers only log it. Keep it in step with package.json.
 */
export const CLIENT_INFO = { name: 'mcp-contract', version: '0.1.0' }

/** Capture's own SDK client on a transport it opened, not yet initialized. */
export interface OwnClient {
  client: RequestingClient & { close(): Promise<void> }
  /** True once the server side closed the transport; keeps working after a failed `initialize`. */
  hasClosed(): boolean
  /** What the server sent that capture could not use (fed by the SDK client's `onerror`). */
  wire: WireDiagnostics
  /** Starts the transport and runs `initialize` (or, 2026 era, `server/discover`) under the step deadline; errors are left to explain. */
  initialize(limits: StepLimits): Promise<void>
  era: Era
}

/** How long closing a transport whose client could not load may take. */
const CLOSE_WAIT_MS = 5_000

/**
 * Creates capture's own SDK client for a transport capture opened (in-memory, stdio or
 * Streamable HTTP), loading the SDK on first use: 1.x for the legacy era, 2.x pinned to
 * 2026-07-28 for the modern one. `startEarly` starts the transport before the client loads —
 * for a child process, which then boots while the SDK client's imports run.
 * @example const own = await createOwnClient(transport); await own.initialize({ timeoutMs: 10_000 })
 */
export async function createOwnClient(
  transport: object,
  options: { startEarly?: boolean; wire?: WireDiagnostics; era?: Era; label?: string; adviceFor?: AdviceFor } = {},
): Promise<OwnClient> {
  const era = options.era ?? 'legacy'
  const wire = options.wire ?? new WireDiagnostics()
  const watched = transport as { onclose?: () => void; close(): Promise<void>; start(): Promise<void> }
  let closedByServer = false
  let closingByClient = false
  // Why: the SDK chains an `onclose` that is already set, so this sees the server hang up even
  // when the SDK reports it as a generic "Connection closed" or "Not connected" error. A close
  // the client started itself (the SDK closes on a failed `initialize`) is not the server's doing.
  const closeTransport = watched.close.bind(watched)
  watched.close = () => {
    closingByClient = true
    return closeTransport()
  }
  watched.onclose = () => {
    if (!closingByClient) closedByServer = true
  }
  if (options.startEarly) startBeforeClientLoads(watched)
  let client: ConnectingClient
  try {
    client = era === 'legacy' ? await legacyClient() : await modernClient(options.label ?? 'the server', options.adviceFor)
  } catch (error) {
    // Why: a transport started early (a stdio child) must not outlive a client that could not load
    // (SDK 2.x not installed); left running, it would keep the process alive after the error.
    if (options.startEarly) {
      await watched.start().catch(() => {})
      await closeQuietly(() => watched.close(), CLOSE_WAIT_MS)
    }
    throw error
  }
  // Why: the SDK drops a line that is not JSON-RPC or a reply nobody waits for, and only tells
  // `onerror`; counted, they explain a later timeout.
  client.onerror = (error) => wire.record(error)
  return {
    client: client as unknown as OwnClient['client'],
    hasClosed: () => closedByServer,
    wire,
    era,
    initialize: (limits) =>
      runStep(era === 'legacy' ? 'initialize' : 'server/discover', limits, (signal) => client.connect(transport, { timeout: limits.timeoutMs, signal })),
  }
}

/** The part of either SDK's `Client` that creating a connection needs. */
interface ConnectingClient {
  connect(transport: unknown, options: { timeout: number; signal: AbortSignal }): Promise<void>
  onerror?: (error: Error) => void
}

async function legacyClient(): Promise<ConnectingClient> {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js')
  return new Client(CLIENT_INFO, { capabilities: {} }) as unknown as ConnectingClient
}

/**
 * SDK 2.x's client pinned to 2026-07-28. Why pinned, not `auto`: capture has already decided
 * the era; `auto` would probe again (on stdio with a second process), and a pin fails loudly
 * instead of quietly falling back to the era that was not asked for. On a transport that is not
 * 2.x's own stdio class the pin probes in place, on the one connection.
 */
async function modernClient(label: string, adviceFor?: AdviceFor): Promise<ConnectingClient> {
  const { Client } = await loadModernClient(label, adviceFor)
  return new Client(CLIENT_INFO, { capabilities: {}, versionNegotiation: { mode: { pin: '2026-07-28' } } }) as unknown as ConnectingClient
}

/**
 * Starts a transport now; `Client.connect` later gets the same start instead of a second one.
 * Why: importing the SDK client costs about 100 ms, and a server process boots in that time
 * instead of after it — most of what `check` can gain over a plain SDK script.
 */
function startBeforeClientLoads(transport: { start(): Promise<void> }): void {
  const started = transport.start()
  // Why: a failed start (a command that does not exist) is reported by `Client.connect`, which awaits it.
  started.catch(() => {})
  transport.start = () => started
}

/**
 * Runs a clean-up action, bounded in time, swallowing its errors.
 * Why: clean-up runs in `finally`; its own failure must never hide the error that led there,
 * nor keep a test waiting on a server that stopped answering.
 */
export async function closeQuietly(action: () => Promise<unknown> | unknown, maxWaitMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      Promise.resolve().then(action),
      new Promise((resolve) => {
        timer = setTimeout(resolve, maxWaitMs)
      }),
    ])
  } catch {
    // Ignored on purpose, see above.
  } finally {
    clearTimeout(timer)
  }
}
