import { resolveHttpAuth } from './auth/resolve-http-auth.js'
import { boundedFetch } from './bounded-fetch.js'
import { CaptureError } from './capture-error.js'
import { closeQuietly, createOwnClient, type Connection } from './connection.js'
import { describeTarget } from './describe-target.js'
import { explainConnectFailure } from './explain-failure.js'
import type { StepLimits } from './run-step.js'
import type { HttpTarget } from './target.js'
import { WireDiagnostics } from './wire-diagnostics.js'

/**
 * Connects to a server over Streamable HTTP, with the target's headers and bearer token (else
 * `MCP_CONTRACT_TOKEN`, else the login `mcp-contract auth` cached for the URL). A URL
 * with a user name or password is refused; an HTTP error body is read only in part.
 * Closing ends the session (HTTP DELETE) after a successful capture, so servers that keep
 * per-session state are not left holding it.
 * @example const connection = await openHttp({ url: 'http://127.0.0.1:3000/mcp', bearer: 'token' }, { timeoutMs: 10_000 })
 */
export async function openHttp(target: HttpTarget, limits: StepLimits): Promise<Connection> {
  const label = describeTarget(target)
  const url = parseHttpUrl(target.url, label)
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js')
  const wire = new WireDiagnostics()
  const auth = await resolveHttpAuth(target, url)
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: requestHeaders(auth.target) },
    authProvider: auth.authProvider,
    fetch: boundedFetch((error) => wire.record(error)),
  })
  const own = await createOwnClient(transport, { wire })
  const close = async (failed: boolean) => {
    if (!failed) await closeQuietly(() => transport.terminateSession(), limits.timeoutMs)
    await closeQuietly(() => own.client.close(), limits.timeoutMs)
  }
  try {
    await own.initialize(limits)
  } catch (error) {
    const explained = explainConnectFailure(error, { label, transport: 'http', closed: own.hasClosed(), stderrTail: [], wire: own.wire })
    await close(true)
    throw explained
  }
  return { client: own.client, label, transport: 'http', wire: own.wire, hasClosed: own.hasClosed, stderrTail: async () => [], close }
}

function requestHeaders(target: HttpTarget): Record<string, string> {
  const headers = { ...target.headers }
  if (target.bearer === undefined) return headers
  for (const name of Object.keys(headers)) if (name.toLowerCase() === 'authorization') delete headers[name]
  headers.Authorization = `Bearer ${target.bearer}`
  return headers
}

function parseHttpUrl(text: string, label: string): URL {
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
        "Send them as a header instead (headers option, CLI: --header 'Authorization: Basic …') or a token with bearer (CLI: --bearer TOKEN).",
      { serverLabel: label },
    )
  }
  return url
}
