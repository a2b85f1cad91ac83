/**
 * What went wrong while reading a server, as a stable code a caller can branch on:
 * - `bad-target`: the value is not something capture can read;
 * - `start-failed`: the server could not be started or reached, or exited before `initialize`;
 * - `initialize-failed`: the server answered `initialize`, but not with something usable;
 * - `unauthorized`: an HTTP server refused the credentials (401/403);
 * - `timeout`: a step got no answer in time;
 * - `closed`: the server went away in the middle of the capture;
 * - `listing-failed`: a list request failed with anything but method-not-found;
 * - `pagination`: a list repeated a cursor or ran past the page limit;
 * - `aborted`: the caller's `AbortSignal` fired.
 */
export type CaptureErrorCode =
  | 'bad-target'
  | 'start-failed'
  | 'initialize-failed'
  | 'unauthorized'
  | 'timeout'
  | 'closed'
  | 'listing-failed'
  | 'pagination'
  | 'aborted'

/** The context every capture error carries besides its message. */
export interface CaptureErrorDetails {
  /** The short label of the server, as `describeTarget` renders it. */
  serverLabel: string
  /** The error this one explains, when there is one. */
  cause?: unknown
  /** The last lines the server wrote to stderr (stdio servers only), oldest first. */
  stderrTail?: readonly string[]
  /** The step that was waiting when the capture stopped (`the initialize answer`), for timeouts and aborts. */
  step?: string
  /** The HTTP status the server answered with, when the failure was one. */
  httpStatus?: number
  /** The exit code of a stdio server that exited before it answered. */
  exitCode?: number
}

/**
 * Reading a server's surface failed. The message says what failed, why and what to do; the
 * server's last stderr lines, when there are any, are appended to it.
 * @example
 * try { await captureRaw({ command: 'node', args: ['server.js'] }) }
 * catch (error) { if (error instanceof CaptureError && error.code === 'timeout') … }
 */
export class CaptureError extends Error {
  override name = 'CaptureError'
  /** What kind of failure this is; stable, safe to branch on. */
  readonly code: CaptureErrorCode
  /** The server this is about, e.g. `stdio: node server.js`. */
  readonly serverLabel: string
  /** The last lines the server wrote to stderr, oldest first; empty when unknown. */
  readonly stderrTail: readonly string[]
  /** The step that was waiting when a timeout or an abort stopped the capture. */
  readonly step?: string
  /** The HTTP status the server answered with, when the failure was one (404, 401, …). */
  readonly httpStatus?: number
  /** The exit code of a stdio server that exited before it answered initialize. */
  readonly exitCode?: number

  constructor(code: CaptureErrorCode, message: string, details: CaptureErrorDetails) {
    const stderrTail = details.stderrTail ?? []
    super(stderrTail.length > 0 ? `${message}\n${renderStderrTail(stderrTail)}` : message, { cause: details.cause })
    this.code = code
    this.serverLabel = details.serverLabel
    this.stderrTail = stderrTail
    if (details.step !== undefined) this.step = details.step
    if (details.httpStatus !== undefined) this.httpStatus = details.httpStatus
    if (details.exitCode !== undefined) this.exitCode = details.exitCode
  }
}

function renderStderrTail(lines: readonly string[]): string {
  return `Last lines the server wrote to stderr:\n${lines.map((line) => `  | ${line}`).join('\n')}`
}
