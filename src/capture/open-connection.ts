import { CaptureError } from './capture-error.js'
import type { Connection, RequestingClient } from './connection.js'
import { describeTarget } from './describe-target.js'
import type { Era } from './era.js'
import { openHandler } from './open-handler.js'
import { openHttp } from './open-http.js'
import { openInProcess } from './open-in-process.js'
import { openStdio } from './open-stdio.js'
import type { StepLimits } from './run-step.js'
import { WireDiagnostics } from './wire-diagnostics.js'
import type { ConnectedClient, RecognizedTarget } from './target.js'

/**
 * Opens a connection to a recognized target, initialized and ready for list requests.
 * @example const connection = await openConnection(recognizeTarget(target)!, { timeoutMs: 10_000 })
 */
export async function openConnection(target: RecognizedTarget, limits: StepLimits, era: Era = 'legacy'): Promise<Connection> {
  switch (target.kind) {
    case 'server':
      return openInProcess({ server: target.server }, limits, era)
    case 'factory':
      return openInProcess({ factory: target.factory }, limits, era)
    case 'client':
      return useGivenClient(target.client)
    case 'stdio':
      return openStdio(target.stdio, limits, era)
    case 'http':
      return openHttp(target.http, limits, era)
    case 'handler':
      return openHandler(target.handler, limits, era)
  }
}

/** A client the user connected: used as is, never closed (it is theirs). */
function useGivenClient(client: ConnectedClient): Connection {
  const label = describeTarget(client)
  if (client.getServerVersion() === undefined) {
    throw new CaptureError(
      'bad-target',
      `${label} has not completed initialize (getServerVersion() is empty). Await client.connect(transport) before passing the client, or pass the server or its command instead.`,
      { serverLabel: label },
    )
  }
  return {
    client: client as unknown as RequestingClient,
    label,
    transport: 'client',
    // Why read from the client: the user chose its era when they connected it.
    era: (client as { getProtocolEra?: () => unknown }).getProtocolEra?.() === 'modern' ? '2026-07-28' : 'legacy',
    wireKind: 'client',
    // Why never fed: the client's `onerror` belongs to the user.
    wire: new WireDiagnostics(),
    hasClosed: () => false,
    stderrTail: async () => [],
    close: async () => {},
  }
}
