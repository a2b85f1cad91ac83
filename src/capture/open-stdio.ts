import type { ChildProcess } from 'node:child_process'
import type { Readable } from 'node:stream'
import { closeQuietly, createOwnClient, type Connection } from './connection.js'
import { describeTarget } from './describe-target.js'
import { explainConnectFailure, type FailureContext } from './explain-failure.js'
import { LineBuffer } from './line-buffer.js'
import { descendantsOf, sendSignal, stopFound, waitForExit } from './process-tree.js'
import type { Era } from './era.js'
import type { StepLimits } from './run-step.js'
import { StderrTail } from './stderr-tail.js'
import type { StdioTarget } from './target.js'
import { WireDiagnostics } from './wire-diagnostics.js'

// Why: long enough for a child's last stderr bytes to arrive after its exit is reported, short
// enough that an error about a crashed server is not noticeably delayed.
const STDERR_SETTLE_MS = 250
// Why: the SDK's own close already waits 2 s for a polite exit, then 2 s after SIGTERM.
const EXIT_WAIT_MS = 5_000
// Why shorter: what is left below the child has already outlived it, and had its stdin closed.
const DESCENDANT_WAIT_MS = 2_000

/**
 * Starts a server as a child process and connects to it over stdio (stderr piped and kept).
 * Closing always leaves no child behind: after a failure the child gets SIGTERM at once,
 * then SIGKILL if it still lingers; processes the child started (`npx` runs the real server as
 * its child) are stopped the same way once the child is gone.
 * @example const connection = await openStdio({ command: 'node', args: ['server.js'] }, { timeoutMs: 10_000 })
 */
export async function openStdio(target: StdioTarget, limits: StepLimits, era: Era = 'legacy'): Promise<Connection> {
  const label = describeTarget(target)
  const [{ StdioClientTransport }, { deserializeMessage }] = await loadStdioSdk()
  const transport = new StdioClientTransport({
    command: target.command,
    args: target.args ?? [],
    env: inheritedEnvironment(target.env),
    cwd: target.cwd,
    stderr: 'pipe',
  })
  const tail = new StderrTail(transport.stderr as Readable | null)
  const wire = new WireDiagnostics()
  useLineBuffer(transport, new LineBuffer(deserializeMessage, (error) => wire.record(error)))
  let pid: number | undefined
  // Why: the SDK forgets the child's pid as soon as it starts closing, and it may start closing
  // on its own (a failed initialize); remembering it is what lets us make sure the child is gone.
  const start = transport.start.bind(transport)
  let exit: FailureContext['exit']
  transport.start = async () => {
    await start()
    pid = transport.pid ?? undefined
    // Why the SDK's private child: its transport reports a close, never the exit code, and the
    // code is the first thing a user needs to see why a server would not start.
    ;(transport as unknown as { _process?: ChildProcess })._process?.once('exit', (code, signal) => {
      exit = { code, signal }
    })
  }
  const own = await createOwnClient(transport, { startEarly: !limits.signal?.aborted, wire, era, label, adviceFor: limits.adviceFor })
  const stderrTail = async () => {
    if (own.hasClosed()) await tail.settle(STDERR_SETTLE_MS)
    return tail.lines()
  }
  const close = async (failed: boolean) => {
    // Why the transport's pid too: an abort can come while the child is spawning, before start()
    // has returned and the pid was remembered.
    const child = pid ?? transport.pid ?? undefined
    // Why before closing: once the child exits, what it started is re-parented and cannot be found.
    const below = child === undefined ? [] : await descendantsOf(child)
    if (failed && child !== undefined) sendSignal(child, 'SIGTERM')
    // Why alongside the SDK's close, not after it: what the child started holds its pipes open,
    // and the SDK's close waits for those pipes until it gives up.
    const exited = child === undefined ? undefined : waitForExit(child, EXIT_WAIT_MS).then(() => Promise.all(below.map((found) => stopFound(found, DESCENDANT_WAIT_MS))))
    await closeQuietly(() => own.client.close(), EXIT_WAIT_MS)
    // Why the transport as well: a client aborted before it connected does not close the
    // transport it was given, and the child's pipes would keep this process alive.
    await closeQuietly(() => transport.close(), EXIT_WAIT_MS)
    await exited
  }
  try {
    await own.initialize(limits)
  } catch (error) {
    const lines = await stderrTail()
    const explained = explainConnectFailure(error, { label, transport: 'stdio', closed: own.hasClosed(), stderrTail: lines, wire, exit, adviceFor: limits.adviceFor })
    await close(true)
    throw explained
  }
  return { client: own.client, label, transport: 'stdio', era, wireKind: 'stdio', wire, hasClosed: own.hasClosed, stderrTail, close }
}

let stdioSdk: Promise<[typeof import('@modelcontextprotocol/sdk/client/stdio.js'), typeof import('@modelcontextprotocol/sdk/shared/stdio.js')]> | undefined

/**
 * Loads the SDK's stdio transport, once. Why exported: a caller with work of its own to do while
 * a server boots (the CLI's `check`) awaits this first; `captureRaw` then starts the server
 * without waiting on a file, before the caller's next await, and the work overlaps the boot.
 * @example await loadStdioSdk(); const surface = captureRaw({ command: 'node', args: ['server.js'] })
 */
export function loadStdioSdk() {
  return (stdioSdk ??= Promise.all([import('@modelcontextprotocol/sdk/client/stdio.js'), import('@modelcontextprotocol/sdk/shared/stdio.js')]))
}

/**
 * Puts capture's line reader in place of the SDK transport's read buffer.
 * Why reach into the transport: the SDK offers only a larger `maxBufferSize`, which keeps its
 * quadratic copying and its "connection closed" for an oversized message. The SDK version is
 * pinned; `test/capture/hostile-servers.test.ts` fails if the field ever moves.
 */
function useLineBuffer(transport: object, buffer: LineBuffer): void {
  const holder = transport as { _readBuffer?: unknown }
  if (holder._readBuffer === undefined) throw new Error('the SDK stdio transport has no _readBuffer; mcp-contract needs an update for this SDK version')
  holder._readBuffer = buffer
}

/**
 * The child's environment: this process's, with the target's `env` laid over it.
 * Why not the SDK default (only HOME, PATH, …): the user starts their own server from their own
 * test or CI job, and expects it to see the same variables (`CATALOG_VARIANT=v2 mcp-contract check -- node server.js`).
 */
function inheritedEnvironment(extra: Record<string, string> | undefined): Record<string, string> {
  const environment: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) environment[key] = value
  return { ...environment, ...extra }
}
