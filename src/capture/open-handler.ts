import { CaptureError } from './capture-error.js'
import { closeQuietly, createOwnClient, type Connection } from './connection.js'
import { describeTarget } from './describe-target.js'
import { loadModernClient, type Era } from './era.js'
import { explainConnectFailure } from './explain-failure.js'
import type { StepLimits } from './run-step.js'
import type { HandlerTarget } from './target.js'
import { WireDiagnostics } from './wire-diagnostics.js'

/**
 * Where requests to an in-process handler appear to go. Why a reserved name: nothing is sent
 * over the network; the URL only fills the `Request` the handler reads.
 */
const IN_PROCESS_URL = 'http://in-process.invalid/mcp'

/**
 * Connects to an SDK 2.x `createMcpHandler` handler in-process: SDK 2.x's Streamable HTTP client
 * transport with the handler's `fetch` in place of the network. Closing closes capture's client,
 * never the handler (it is the user's).
 * @example const connection = await openHandler(createMcpHandler(createServer), { timeoutMs: 10_000 }, '2026-07-28')
 */
export async function openHandler(handler: HandlerTarget, limits: StepLimits, era: Era = 'legacy'): Promise<Connection> {
  const label = describeTarget(handler)
  const { StreamableHTTPClientTransport } = await loadModernClient(label, limits.adviceFor)
  const wire = new WireDiagnostics()
  const transport = new StreamableHTTPClientTransport(new URL(IN_PROCESS_URL), {
    fetch: (input: string | URL | Request, init?: RequestInit) => handler.fetch(new Request(input, init)),
  })
  const own = await createOwnClient(transport, { wire, era, label, adviceFor: limits.adviceFor })
  const close = async () => {
    await closeQuietly(() => own.client.close(), limits.timeoutMs)
  }
  try {
    await own.initialize(limits)
  } catch (error) {
    const explained = explainConnectFailure(error, { label, transport: 'in-process', closed: own.hasClosed(), stderrTail: [], wire, adviceFor: limits.adviceFor })
    await close()
    throw explained instanceof CaptureError ? explained : error
  }
  return { client: own.client, label, transport: 'in-process', era, wireKind: 'in-process', wire, hasClosed: own.hasClosed, stderrTail: async () => [], close }
}
