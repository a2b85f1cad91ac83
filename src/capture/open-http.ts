import { adviceIn, adviceSentence, type AdviceFor } from './advice-terms.js'
import { resolveHttpAuth } from './auth/resolve-http-auth.js'
import { boundedEventStream } from './bounded-event-stream.js'
import { boundedFetch } from './bounded-fetch.js'
import { CaptureError } from './capture-error.js'
import { closeQuietly, createOwnClient, type Connection, type WireKind } from './connection.js'
import { describeTarget } from './describe-target.js'
import { explainConnectFailure } from './explain-failure.js'
import { loadModernClient, type Era } from './era.js'
import type { StepLimits } from './run-step.js'
import type { HttpTarget } from './target.js'
import { WireDiagnostics, type MessageTooLarge } from './wire-diagnostics.js'

/**
 * Connects to a server over HTTP, with the target's headers and bearer token (else
 * `MCP_CONTRACT_TOKEN`, else the login `mcp-contract auth` cached for the URL): Streamable HTTP,
 * or the deprecated HTTP+SSE transport when pinned (`transport: 'sse'`) or when a legacy-era
 * Streamable HTTP `initialize` is answered with a 4xx (an SSE-only server has no POST endpoint
 * there). A URL with a user name or password is refused; an HTTP error body is read only in part.
 * Closing ends the session (HTTP DELETE) after a successful capture, so servers that keep
 * per-session state are not left holding it.
 * @example const connection = await openHttp({ url: 'http://127.0.0.1:3000/mcp', bearer: 'token' }, { timeoutMs: 10_000 })
 */
export async function openHttp(target: HttpTarget, limits: StepLimits, era: Era = 'legacy'): Promise<Connection> {
  const label = describeTarget(target)
  const url = parseHttpUrl(target.url, label, limits.adviceFor)
  if (target.transport === 'sse') return openSse(target, url, limits, era)
  try {
    return await openStreamable(target, url, limits, era)
  } catch (error) {
    // Why only in the legacy era, only on a 4xx: HTTP+SSE is a 2025-era transport, and a server
    // that is down or refuses the credentials would refuse them over SSE just the same.
    if (target.transport !== undefined || era !== 'legacy' || !answeredWith4xx(error)) throw error
    try {
      return await openSse(target, url, limits, era)
    } catch {
      throw error
    }
  }
}

async function openStreamable(target: HttpTarget, url: URL, limits: StepLimits, era: Era): Promise<Connection> {
  const label = describeTarget(target)
  const wire = new WireDiagnostics()
  const fetch = boundedFetch((error) => wire.record(error))
  const auth = await resolveHttpAuth(target, url, process.env, limits.adviceFor)
  const requestInit = { headers: requestHeaders(auth.target) }
  const transport =
    era === 'legacy'
      ? new (await import('@modelcontextprotocol/sdk/client/streamableHttp.js')).StreamableHTTPClientTransport(url, { requestInit, authProvider: auth.authProvider, fetch })
      : // Why the same provider: the SDK 2.x transport takes an OAuthClientProvider as is, so the
        // cached login is presented, refreshed on a 401 and its "run auth" error kept, as in the legacy era.
        new (await loadModernClient(label, limits.adviceFor)).StreamableHTTPClientTransport(url, { requestInit, authProvider: auth.authProvider, fetch })
  return connect(transport, { label, limits, era, wire, wireKind: 'streamable-http', terminate: () => transport.terminateSession() })
}

async function openSse(target: HttpTarget, url: URL, limits: StepLimits, era: Era): Promise<Connection> {
  const label = describeTarget(target)
  if (era !== 'legacy') {
    throw new CaptureError('bad-target', `${label} was pinned to HTTP+SSE, a 2025-era transport; the 2026-07-28 era runs over Streamable HTTP only. ${adviceSentence('dropSse', limits.adviceFor)}, or read it ${adviceIn('readLegacyEra', limits.adviceFor)}.`, {
      serverLabel: label,
    })
  }
  const wire = new WireDiagnostics()
  const { SSEClientTransport } = await import('@modelcontextprotocol/sdk/client/sse.js')
  // Why close at once: every answer arrives on the one event stream, so once it is cut nothing
  // more can come, and the requests waiting for answers should fail now, not at their timeouts.
  const onTooLarge = (error: MessageTooLarge) => {
    wire.record(error)
    void closeQuietly(() => transport.close(), limits.timeoutMs)
  }
  const transport: InstanceType<typeof SSEClientTransport> = new SSEClientTransport(url, { requestInit: { headers: requestHeaders(target) }, fetch: boundedEventStream(onTooLarge, boundedFetch(onTooLarge)) })
  return connect(transport, { label, limits, era, wire, wireKind: 'sse' })
}

async function connect(
  transport: object,
  how: { label: string; limits: StepLimits; era: Era; wire: WireDiagnostics; wireKind: WireKind; terminate?: () => Promise<void> },
): Promise<Connection> {
  const { label, limits, era, wire, wireKind } = how
  const own = await createOwnClient(transport, { wire, era, label, adviceFor: limits.adviceFor })
  const close = async (failed: boolean) => {
    if (!failed && how.terminate !== undefined) await closeQuietly(how.terminate, limits.timeoutMs)
    await closeQuietly(() => own.client.close(), limits.timeoutMs)
  }
  try {
    await own.initialize(limits)
  } catch (error) {
    const explained = explainConnectFailure(error, { label, transport: 'http', closed: own.hasClosed(), stderrTail: [], wire: own.wire, adviceFor: limits.adviceFor })
    await close(true)
    throw explained
  }
  return { client: own.client, label, transport: 'http', era, wireKind, wire: own.wire, hasClosed: own.hasClosed, stderrTail: async () => [], close }
}

/** True when the server answered with an HTTP status from 400 to 499 other than 401/403. */
function answeredWith4xx(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown; status?: unknown } } | undefined)?.cause
  const status = typeof cause?.status === 'number' ? cause.status : cause?.code
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 401 && status !== 403
}

function requestHeaders(target: HttpTarget): Record<string, string> {
  const headers = { ...target.headers }
  if (target.bearer === undefined) return headers
  for (const name of Object.keys(headers)) if (name.toLowerCase() === 'authorization') delete headers[name]
  headers.Authorization = `Bearer ${target.bearer}`
  return headers
}

function parseHttpUrl(text: string, label: string, adviceFor?: AdviceFor): URL {
  let url: URL
  try {
    url = new URL(text)
  } catch (cause) {
    throw new CaptureError('bad-target', `"${label}" is not a valid URL. Give the full endpoint, e.g. http://127.0.0.1:3000/mcp.`, {
      serverLabel: label,
      cause,
    })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CaptureError('bad-target', `${label} is not an http(s) URL. Streamable HTTP needs http:// or https://; for a local command use { command, args }.`, {
      serverLabel: label,
    })
  }
  if (url.username !== '' || url.password !== '') {
    // Why refuse rather than strip: credentials in a URL end up in shell history, CI logs and
    // error messages; the label above already masks them, and they are never echoed.
    throw new CaptureError(
      'bad-target',
      `${label} has a user name or password in it; capture refuses credentials in URLs so they never reach a log. ` +
        `${adviceSentence('credentialsOutOfUrl', adviceFor)}.`,
      { serverLabel: label },
    )
  }
  return url
}
