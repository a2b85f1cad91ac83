import { CaptureError } from './capture-error.js'
import { closeQuietly, createOwnClient, type Connection } from './connection.js'
import { kindOfValue } from '../surface/kind-of-value.js'
import { describeTarget } from './describe-target.js'
import type { Era } from './era.js'
import { explainConnectFailure } from './explain-failure.js'
import { runStep, StepInterrupted, type StepLimits } from './run-step.js'
import { ACCEPTED_TARGETS, isInProcessServer, type InProcessServer, type ServerFactory } from './target.js'

/**
 * Connects an unconnected `McpServer`/`Server` (SDK 1.x or 2.x), or the one a factory returns,
 * to capture's own client over an in-memory transport pair. Closing closes both sides.
 * @example const connection = await openInProcess({ server }, { timeoutMs: 10_000 })
 */
export async function openInProcess(
  source: { server: InProcessServer } | { factory: ServerFactory },
  limits: StepLimits,
  era: Era = 'legacy',
): Promise<Connection> {
  if (era !== 'legacy') {
    const label = describeTarget('server' in source ? source.server : source.factory)
    // Why refuse: an SDK server wired to a transport answers server/discover with method-not-found;
    // only the SDK 2.x entry points (createMcpHandler, serveStdio) speak the 2026-07-28 era.
    throw new CaptureError(
      'bad-target',
      `${label} is an MCP server object, which speaks only the 2025 (initialize) era when connected in-process. ` +
        'To read it in the 2026-07-28 era, serve its factory with createMcpHandler(factory) from @modelcontextprotocol/server and pass the handler instead.',
      { serverLabel: label },
    )
  }
  const server = 'server' in source ? source.server : await serverFromFactory(source.factory, limits)
  const label = describeTarget(server)
  assertNotConnected(server, label)
  const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js')
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
  const own = await createOwnClient(clientTransport)
  const close = async () => {
    await closeQuietly(() => own.client.close(), limits.timeoutMs)
    await closeQuietly(() => server.close(), limits.timeoutMs)
  }
  try {
    await runStep('server.connect()', limits, () => server.connect(serverTransport))
    await own.initialize(limits)
  } catch (error) {
    const explained = explainConnectFailure(error, { label, transport: 'in-process', closed: own.hasClosed(), stderrTail: [], wire: own.wire, adviceFor: limits.adviceFor })
    await close()
    throw explained
  }
  return { client: own.client, label, transport: 'in-process', era: 'legacy', wireKind: 'in-process', wire: own.wire, hasClosed: own.hasClosed, stderrTail: async () => [], close }
}

async function serverFromFactory(factory: ServerFactory, limits: StepLimits): Promise<InProcessServer> {
  const label = describeTarget(factory)
  let server: unknown
  try {
    server = await runStep('a server', limits, async () => factory())
  } catch (error) {
    if (error instanceof StepInterrupted) throw explainConnectFailure(error, { label, transport: 'in-process', closed: false, stderrTail: [], adviceFor: limits.adviceFor })
    throw new CaptureError('start-failed', `${label} threw while creating the server: ${error instanceof Error ? error.message : String(error)}`, {
      serverLabel: label,
      cause: error,
    })
  }
  if (!isInProcessServer(server)) {
    throw new CaptureError(
      'bad-target',
      `${label} returned ${kindOfValue(server)}, not an MCP server. A factory must return an McpServer or Server that is not connected yet (sync or async). Accepted targets: ${ACCEPTED_TARGETS}.`,
      { serverLabel: label },
    )
  }
  return server
}

function assertNotConnected(server: InProcessServer, label: string): void {
  // Why: an SDK server talks to one transport at a time; connecting it again throws deep inside
  // the SDK, or (2.x) silently steals the user's connection.
  const protocol = (server as unknown as { server?: object }).server ?? server
  if ((protocol as { transport?: unknown }).transport === undefined) return
  throw new CaptureError(
    'bad-target',
    `${label} is already connected to a transport, and an SDK server serves one connection at a time. ` +
      'Pass a factory that builds a fresh server (() => createServer()), or pass the connected Client instead.',
    { serverLabel: label },
  )
}
