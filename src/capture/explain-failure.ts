import { CaptureError, type CaptureErrorDetails } from './capture-error.js'
import { clipEcho } from './clip-echo.js'
import type { TransportKind } from './connection.js'
import { adviceIn, adviceSentence, type AdviceFor } from './advice-terms.js'
import { StepInterrupted } from './run-step.js'
import { isSpawnFailure, spawnProblem } from './spawn-problem.js'
import type { WireDiagnostics } from './wire-diagnostics.js'

/** What is known about the server when something failed. */
export interface FailureContext {
  label: string
  transport: TransportKind
  /** What the server sent that capture could not use; mentioned in every failure. */
  wire?: WireDiagnostics
  /** The transport reported the server gone (exited, hung up). */
  closed: boolean
  stderrTail: readonly string[]
  /** How a stdio server's process ended, when it did. */
  exit?: { code: number | null; signal: NodeJS.Signals | null }
  /** Whose terms the advice is in (default `api`). */
  adviceFor?: AdviceFor
}

const METHOD_NOT_FOUND = -32601

// Why: a 2026-07-28-only server answers a 2025-era initialize with this code.
const UNSUPPORTED_PROTOCOL_VERSION = -32022

// Why: failures that mean "nobody is there (any more)": Node's network errors (fetch puts them
// in `cause.code`) and SDK 2.x's string codes for a closed connection.
const CONNECTION_LOST_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'CONNECTION_CLOSED',
  'NOT_CONNECTED',
])

/** True for a JSON-RPC "method not found" answer: the server does not offer that list. */
export function isMethodNotFound(error: unknown): boolean {
  return jsonRpcCode(error) === METHOD_NOT_FOUND || jsonRpcCodeInBody(error) === METHOD_NOT_FOUND
}

/**
 * The JSON-RPC error code inside an HTTP error body. Why: SDK 2.x's Streamable HTTP client turns
 * a JSON-RPC error the server sent with a 4xx status (a 2026-era `createMcpHandler` answers
 * method-not-found with 404) into an HTTP error that keeps the body in `data.text`.
 */
function jsonRpcCodeInBody(error: unknown): number | undefined {
  const text = (error as { data?: { text?: unknown } } | null)?.data?.text
  if (typeof text !== 'string' || text.length > 10_000) return undefined
  try {
    const code = (JSON.parse(text) as { error?: { code?: unknown } } | null)?.error?.code
    return typeof code === 'number' ? code : undefined
  } catch {
    return undefined
  }
}

/**
 * Explains why connecting and `initialize` failed.
 * @example throw explainConnectFailure(error, { label, closed: own.hasClosed(), stderrTail: tail.lines() })
 */
export function explainConnectFailure(error: unknown, context: FailureContext): CaptureError {
  if (error instanceof CaptureError) return error
  if (error instanceof StepInterrupted) return explainInterrupted(error, context)
  const { label } = context
  const status = httpStatus(error)
  // Why the status and the exit code kept apart from the words: a lock report says "gone (HTTP 404)" or "exited with code 1" by them.
  const details = { serverLabel: label, cause: error, stderrTail: context.stderrTail, ...(status === undefined ? {} : { httpStatus: status }), ...(typeof context.exit?.code === 'number' ? { exitCode: context.exit.code } : {}) }
  if (status === 401 || status === 403) return unauthorized(status, details, context.adviceFor)
  if (isSpawnFailure(error)) {
    return new CaptureError('start-failed', `Could not start ${label}: ${spawnProblem(error)}. Check that the command exists (on PATH or as an absolute path) and that cwd is right.`, details)
  }
  if (stoppedByTooLarge(context)) return tooLarge(context, 'initialize', details)
  if (context.closed) {
    return new CaptureError(
      'start-failed',
      withWire(`${label} ${exitWords(context.exit)} before it answered initialize. Its stderr usually says why; run the command by hand to see it fail.`, context),
      details,
    )
  }
  if (isConnectionLost(error)) {
    return new CaptureError(
      'start-failed',
      `Could not connect to ${label}: ${messageOf(error)}. Is the server running and listening on that address?`,
      details,
    )
  }
  if (status !== undefined) {
    return new CaptureError(
      'start-failed',
      `${label} answered HTTP ${status} to initialize: ${messageOf(error)}. Check the URL (MCP endpoints are often at /mcp) and that the server speaks Streamable HTTP; ` +
        `for a server on the older HTTP+SSE transport, ${adviceIn('trySse', context.adviceFor)}.`,
      details,
    )
  }
  if (jsonRpcCode(error) === UNSUPPORTED_PROTOCOL_VERSION) {
    return new CaptureError(
      'initialize-failed',
      `${label} refused initialize (${messageOf(error)}): it speaks only the 2026-07-28 protocol era. Read it in that era: ${adviceIn('readModernEra', context.adviceFor)}.`,
      details,
    )
  }
  return new CaptureError('initialize-failed', withWire(`${label} did not complete initialize: ${messageOf(error)}. ${INITIALIZE_ADVICE[context.transport]}`, context), details)
}

/** What to check when `initialize` got an answer capture cannot use, by transport. */
const INITIALIZE_ADVICE: Record<TransportKind, string> = {
  stdio: 'Check that the command starts an MCP server speaking stdio, and that nothing else writes to its stdout (logs belong on stderr).',
  http: 'Check that the URL is the MCP endpoint of a server speaking Streamable HTTP (MCP endpoints are often at /mcp).',
  'in-process': "Check that the object is an MCP SDK server whose initialize handler is the SDK's own.",
  client: 'Check that the client is connected to an MCP server.',
}

/** What to suspect when the connection closed in the middle of a list, by transport. */
const CLOSED_ADVICE: Record<TransportKind, string> = {
  stdio: 'The server probably crashed; its stderr or logs usually say why.',
  http: 'The server or a proxy in front of it dropped the connection; its logs usually say why.',
  'in-process': 'The server was closed while capture was reading it.',
  client: 'The client was closed while capture was reading it.',
}

/** A message with what the server sent that capture ignored, when it sent anything. */
function withWire(message: string, context: FailureContext): string {
  const note = context.wire?.describe()
  return note === undefined ? message : `${message} ${note}`
}

/**
 * Explains why one page of one list failed (method-not-found is not a failure and never gets here).
 * @example throw explainListFailure(error, 'prompts/list', 1, context)
 */
export function explainListFailure(error: unknown, method: string, page: number, context: FailureContext): CaptureError {
  if (error instanceof CaptureError) return error
  if (error instanceof StepInterrupted) return explainInterrupted(error, context)
  const { label } = context
  const status = httpStatus(error)
  const details = { serverLabel: label, cause: error, stderrTail: context.stderrTail, ...(status === undefined ? {} : { httpStatus: status }) }
  const request = describeRequest(method, page)
  if (status === 401 || status === 403) return unauthorized(status, details, context.adviceFor)
  if (stoppedByTooLarge(context)) return tooLarge(context, request, details)
  if (context.closed || isConnectionLost(error)) {
    return new CaptureError('closed', withWire(`${label} closed the connection while answering ${request}. ${CLOSED_ADVICE[context.transport]}`, context), details)
  }
  const code = jsonRpcCode(error)
  const answered = code === undefined ? messageOf(error) : `JSON-RPC error ${code}: ${messageOf(error)}`
  return new CaptureError(
    'listing-failed',
    withWire(
      `${label} failed to answer ${request} (${answered}). Only method-not-found (-32601) means a list is not offered; any other error is a bug in the server's ${method} handler.`,
      context,
    ),
    details,
  )
}

/**
 * True when a message over the size limit ended the capture: over stdio once it ended (the
 * transport then closed), over HTTP at once (capture stopped reading the answer).
 */
function stoppedByTooLarge(context: FailureContext): boolean {
  const tooLarge = context.wire?.tooLarge
  return tooLarge !== undefined && (tooLarge.complete || context.transport === 'http')
}

function tooLarge(context: FailureContext, request: string, details: { serverLabel: string; cause: unknown; stderrTail: readonly string[] }): CaptureError {
  const error = context.wire!.tooLarge!
  if (error.scope === 'stream') {
    return new CaptureError(
      'listing-failed',
      `${context.label} sent ${error.phrase()} while capture waited for ${request}, so capture stopped. ` +
        'That stream carries the answers to the requests capture sends and little else; a server that streams without end is broken.',
      { ...details, cause: error },
    )
  }
  return new CaptureError(
    'listing-failed',
    `${context.label} answered ${request} with ${error.phrase()} of what capture reads as one message, so capture stopped. ` +
      'Serve the list in pages (nextCursor), or trim its schemas and descriptions.',
    { ...details, cause: error },
  )
}

/** Names one request of a paged list: `tools/list`, or `tools/list (page 3)`. */
export function describeRequest(method: string, page: number): string {
  return page === 1 ? method : `${method} (page ${page})`
}

function explainInterrupted(interrupted: StepInterrupted, context: FailureContext): CaptureError {
  const details = { serverLabel: context.label, cause: interrupted.cause ?? interrupted, stderrTail: context.stderrTail, step: interrupted.step }
  if (interrupted.reason === 'aborted') {
    return new CaptureError('aborted', `Stopped reading ${context.label}: the capture was aborted while waiting for ${interrupted.step}.`, details)
  }
  return new CaptureError(
    'timeout',
    withWire(
      `Gave up waiting for ${interrupted.step} from ${context.label} after ${interrupted.timeoutMs} ms. ` +
        `If the server is only slow, ${adviceIn('raiseTimeout', interrupted.adviceFor)}; if it never answers, it is stuck.`,
      context,
    ),
    details,
  )
}

function unauthorized(status: number, details: CaptureErrorDetails, adviceFor?: AdviceFor): CaptureError {
  return new CaptureError(
    'unauthorized',
    `${details.serverLabel} refused the request with HTTP ${status} (${status === 401 ? 'unauthorized' : 'forbidden'}). ` +
      `${adviceSentence('passCredentials', adviceFor)}.`,
    details,
  )
}

function jsonRpcCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'number' && Number.isInteger(code) && code < 0 ? code : undefined
}

function httpStatus(error: unknown): number | undefined {
  // Why: SDK 1.x puts the HTTP status in `code` (StreamableHTTPError); other copies use `status`.
  const candidate = error as { code?: unknown; status?: unknown } | null
  for (const value of [candidate?.status, candidate?.code]) {
    if (typeof value === 'number' && value >= 400 && value <= 599) return value
  }
  return undefined
}

/** How a server's process ended: `exited with code 1`, `was killed by SIGKILL`, or `exited` when not known. */
function exitWords(exit: FailureContext['exit']): string {
  if (exit?.code !== undefined && exit.code !== null) return `exited with code ${exit.code}`
  if (exit?.signal) return `was killed by ${exit.signal}`
  return 'exited'
}


function isConnectionLost(error: unknown): boolean {
  // Why: SDK 1.x reports a closed connection as -32000 "Connection closed", or "Not connected"
  // when a request is sent after the transport closed.
  if (jsonRpcCode(error) === -32000 && /connection closed/i.test(messageOf(error))) return true
  if (error instanceof Error && error.message === 'Not connected') return true
  if (isFetchFailure(error)) return true
  for (let current = error, depth = 0; current !== null && typeof current === 'object' && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && CONNECTION_LOST_CODES.has(code)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** Node's fetch rejects with a bare `TypeError: fetch failed` and puts the reason in `cause`. */
function isFetchFailure(error: unknown): boolean {
  return error instanceof TypeError && error.message === 'fetch failed'
}

function messageOf(error: unknown): string {
  if (isFetchFailure(error)) {
    const cause = (error as Error).cause
    return cause instanceof Error ? `fetch failed (${clipEcho(cause.message)})` : 'fetch failed'
  }
  const issues = (error as { issues?: unknown } | null)?.issues
  if (Array.isArray(issues) && issues.length > 0) {
    // Why: a schema error from the SDK's result check is a JSON dump of every issue; one line each reads better.
    const described = issues.map((issue: { path?: unknown[]; message?: unknown }) => `${(issue.path ?? []).join('.') || 'the result'}: ${String(issue.message)}`)
    return clipEcho(`the answer has the wrong shape (${described.join('; ')})`)
  }
  const message = error instanceof Error ? error.message : String(error)
  // Why: SDK 1.x prefixes every protocol error with "MCP error <code>: ", which we already state.
  // Why clipped: the text comes from the server (an error message, an HTTP body) and may be huge.
  return clipEcho(message.replace(/^MCP error -?\d+: /, ''))
}
