import { spawn } from 'node:child_process'
import type { Readable, Writable } from 'node:stream'
import { LineBuffer } from './line-buffer.js'
import { descendantsOf, sendSignal, stopFound, type FoundProcess } from './process-tree.js'

/** Where a proxy hands a parsed copy of each message it forwards. */
export interface WireTap {
  fromClient(message: unknown): void
  fromServer(message: unknown): void
  /** False while no answer from the server would be used: its lines are then forwarded unparsed. Default true. */
  readonly awaitsAnswers?: boolean
}

/** How a proxied server ended. */
export interface ProxiedExit {
  /** The server's exit status; `null` when a signal ended it. */
  code: number | null
  signal: NodeJS.Signals | null
}

/** What {@link proxyStdio} reads from and writes to. */
export interface StdioProxyEnds {
  /** The client's messages (this process's stdin). */
  input: Readable
  /** Where the server's messages go (this process's stdout). */
  output: Writable
  /** Stops the server (SIGTERM, then SIGKILL, with what it started) when aborted. */
  signal?: AbortSignal
  env: NodeJS.ProcessEnv
  cwd: string
}

// Why: a server gets as long to exit after its stdin closes as the SDK's own client gives it.
const POLITE_EXIT_MS = 2_000
// Why 1 s, not the SDK's 2: the SDK client closing record ends its stdin, then sends SIGTERM at
// 2 s and SIGKILL at 4 s (StdioClientTransport.close, @modelcontextprotocol/sdk 1.x:
// https://github.com/modelcontextprotocol/typescript-sdk/blob/main/src/client/stdio.ts). Record's
// server gets SIGTERM at 2 s too, and its SIGKILL must come before record's own, or a server that
// ignores SIGTERM outlives a record killed first.
const EXIT_WAIT_MS = 1_000

/**
 * Starts `command` and forwards bytes both ways unchanged: the client's from `input` to the
 * server's stdin, the server's stdout to `output`; its stderr is this process's. A copy of every
 * newline-delimited message is parsed and handed to `tap`. When `input` ends the server's stdin
 * is closed and it gets two seconds to exit before SIGTERM; when the server exits first, `input`
 * is no longer read. Resolves once the server has exited and all it wrote has been forwarded.
 * Why bytes, not messages: a proxy that re-serialised would change what each side receives
 * (key order, number forms, escapes); the copy is only read.
 * @example const exit = await proxyStdio(['node', 'server.js'], tap, { input: process.stdin, output: process.stdout, env: process.env, cwd: process.cwd() })
 */
export function proxyStdio(command: readonly string[], tap: WireTap, ends: StdioProxyEnds): Promise<ProxiedExit> {
  const [file, ...args] = command
  const child = spawn(file, args, { stdio: ['pipe', 'pipe', 'inherit'], env: ends.env, cwd: ends.cwd })
  return new Promise((resolve, reject) => {
    let below: Promise<FoundProcess[]> = Promise.resolve([])
    const timers: NodeJS.Timeout[] = []
    const later = (ms: number, then: () => void) => timers.push(setTimeout(then, ms).unref())
    const stop = (politely: boolean) => {
      const pid = child.pid
      if (pid === undefined || child.exitCode !== null || child.signalCode !== null) return
      // Why before the child exits: what it started (npx runs the real server) is re-parented after.
      below = descendantsOf(pid)
      const terminate = () => {
        sendSignal(pid, 'SIGTERM')
        later(EXIT_WAIT_MS, () => sendSignal(pid, 'SIGKILL'))
      }
      if (politely) later(POLITE_EXIT_MS, terminate)
      else terminate()
    }
    const clientLines = tapLines((message) => tap.fromClient(message), () => true)
    // Why ask before each chunk: most of a suite's traffic is answers the recording does not use
    // (a proxy does not observe reads), and parsing them was most of what a message cost.
    const serverLines = tapLines((message) => tap.fromServer(message), () => tap.awaitsAnswers !== false)
    const fromClient = (chunk: Buffer) => clientLines(chunk)
    // Why piped before tapped: listeners run in the order added, so each chunk is on its way to
    // the other side before its copy is parsed and recorded; the reading then overlaps the answer.
    ends.input.pipe(child.stdin)
    ends.input.on('data', fromClient)
    child.stdout.pipe(ends.output, { end: false })
    // Why: a client that died (killed mid-call) leaves a closed pipe; what the server still answers
    // has no reader, and is dropped, not a crash. The client is gone, so the server is closed as
    // when its input ends, and what was recorded is written.
    ends.output.once('error', () => {
      child.stdout.unpipe(ends.output)
      child.stdout.resume()
      stop(true)
    })
    child.stdout.on('data', (chunk: Buffer) => serverLines(chunk))
    // Why ignored: a server that exited closes its stdin; what the client still sends has no reader.
    child.stdin.on('error', () => undefined)
    ends.input.once('end', () => stop(true))
    const onAbort = () => stop(false)
    ends.signal?.addEventListener('abort', onAbort, { once: true })
    if (ends.signal?.aborted) onAbort()
    child.once('error', (error) => reject(error))
    // Why on exit, not close: what the child started may hold its pipes open, and close waits for them.
    let stopped: Promise<unknown> = Promise.resolve()
    child.once('exit', () => {
      for (const timer of timers) clearTimeout(timer)
      stopped = below.then((found) => Promise.all(found.map((process) => stopFound(process, EXIT_WAIT_MS))))
    })
    child.once('close', (code, signal) => {
      ends.signal?.removeEventListener('abort', onAbort)
      ends.input.off('data', fromClient)
      ends.input.unpipe(child.stdin)
      ends.input.pause()
      void stopped.then(() => resolve({ code, signal }))
    })
  })
}

/**
 * A function that takes a stream's chunks and hands each complete line, parsed, to `onMessage`;
 * while `wanted()` is false a chunk's lines are skipped unparsed.
 */
function tapLines(onMessage: (message: unknown) => void, wanted: () => boolean): (chunk: Buffer) => void {
  // Why capture's line reader: linear in a message's size; one over 64 MiB is forwarded, not read.
  const lines = new LineBuffer(JSON.parse, () => undefined)
  return (chunk) => {
    try {
      if (!wanted()) return lines.skipLines(chunk)
      lines.append(chunk)
    } catch {
      return
    }
    for (;;) {
      let message: unknown
      try {
        message = lines.readMessage()
      } catch {
        // Why skipped: a line that is not JSON is forwarded like any other; it is not a use.
        continue
      }
      if (message === null) return
      onMessage(message)
    }
  }
}
