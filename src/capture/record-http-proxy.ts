import { createServer, request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders, type ServerResponse } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { Transform } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import type { WireTap } from './record-stdio-proxy.js'

/** Where and how {@link proxyHttp} serves, and what it tells its caller. */
export interface HttpProxyOptions {
  /** The remote Streamable HTTP endpoint every request goes to. */
  target: URL
  /** 0 picks a free port. */
  port: number
  /** Headers added to every forwarded request (`--header`), over the client's own. */
  headers: Record<string, string>
  /** The tap for one session (by `Mcp-Session-Id`; `''` for a server without sessions), made on first use. */
  tapFor: (session: string) => WireTap
  /** Called after the server answered a DELETE that ends a session. */
  onSessionEnd: (session: string) => void
  /** Called once the proxy accepts connections, with its endpoint (`http://127.0.0.1:PORT/mcp`). */
  onListening: (url: string) => void
  /** Called when the remote server cannot be reached (the client gets a 502). */
  onUnreachable: (error: Error) => void
  /** Called when a compressed body cannot be decoded for the recorder (it is forwarded all the same), saying why. */
  onUndecodable: (why: string) => void
  /** Serving stops when it aborts. */
  signal: AbortSignal
}

// Why: these describe one hop, not the message; Node sets its own for each side.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host'])

/**
 * Serves a Streamable HTTP endpoint on 127.0.0.1 that forwards every request (POST, GET, DELETE)
 * to `target` with its headers and body, and streams each answer (JSON or an SSE stream) back
 * unchanged, while a parsed copy of each JSON-RPC message goes to the session's tap: the
 * request's first, then the answer's, in order. A compressed body (`Content-Encoding` gzip,
 * deflate or br) is forwarded as it came, and decoded for the tap alone. Resolves when `signal` aborts and every
 * connection is closed.
 * @example await proxyHttp({ target: new URL('https://mcp.example.com/mcp'), port: 0, headers: {}, tapFor, onSessionEnd, onListening: console.error, onUnreachable, signal })
 */
export async function proxyHttp(options: HttpProxyOptions): Promise<void> {
  const send = options.target.protocol === 'https:' ? httpsRequest : httpRequest
  const server = createServer((req, res) => {
    const body: Buffer[] = []
    const bodyDone = new Promise<void>((resolve) => {
      const copy = decodedCopy(req.headers['content-encoding'], (chunk) => body.push(chunk), resolve, (why) => options.onUndecodable(`a request ${why}`))
      req.on('data', copy.write)
      req.once('end', copy.end)
    })
    const upstream = send(options.target, { method: req.method, headers: { ...forwarded(req.headers), ...options.headers } }, (answer) => {
      const session = header(req.headers['mcp-session-id']) ?? header(answer.headers['mcp-session-id']) ?? ''
      const tap = options.tapFor(session)
      // Why a chain: the request's messages are noted before the answer's, whatever arrives first.
      let noted = bodyDone.then(() => eachMessage(Buffer.concat(body).toString('utf8'), (message) => tap.fromClient(message)))
      const note = (text: string) => (noted = noted.then(() => eachMessage(text, (message) => tap.fromServer(message))))
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwarded(answer.headers))
      const events = (answer.headers['content-type'] ?? '').includes('text/event-stream')
      const split = events ? sseData(note) : undefined
      const whole: Buffer[] = []
      const copy = decodedCopy(
        answer.headers['content-encoding'],
        (chunk) => (split ? split(chunk) : whole.push(chunk)),
        () => {
          if (!events) note(Buffer.concat(whole).toString('utf8'))
          if (req.method === 'DELETE' && session !== '' && (answer.statusCode ?? 500) < 300) void noted.then(() => options.onSessionEnd(session))
        },
        (why) => options.onUndecodable(`an answer ${why}`),
      )
      answer.on('data', copy.write)
      answer.pipe(res)
      answer.once('end', copy.end)
      // Why: an answer the server cut off (it crashed mid-call) is cut off for the client at once;
      // piped alone, the client's answer would stay open until the client gave up waiting.
      answer.once('close', () => void (answer.complete || cutOff(res)))
    })
    upstream.once('error', (error) => {
      // Why no 502 once the answer has begun: the client gets the cut-off, not text inside its stream.
      if (res.headersSent) return cutOff(res)
      options.onUnreachable(error)
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' })
      res.end(`mcp-contract record: ${options.target.origin} could not be reached (${(error as NodeJS.ErrnoException).code ?? error.message})`)
    })
    req.pipe(upstream)
    // Why: a client that goes away mid-stream (a closed SSE GET) ends the upstream request too.
    res.once('close', () => upstream.destroy())
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  options.onListening(`http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : options.port}/mcp`)
  await new Promise<void>((resolve) => (options.signal.aborted ? resolve() : options.signal.addEventListener('abort', () => resolve(), { once: true })))
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
}

/**
 * Ends an answer's connection without ending the answer, as a server that died mid-answer does:
 * what it already sent (its status and headers at least) goes first, then the connection closes.
 * Why not `destroy()` alone: headers not yet written would be lost, and a client that got none
 * reads a failed request (which the SDK client does not retry), not a broken stream (which it does).
 */
function cutOff(res: ServerResponse): void {
  res.flushHeaders()
  res.socket?.destroySoon()
}

// Why these: the encodings Node decodes itself; a body in another (zstd, compress) reaches the tap no further.
const DECODERS: Record<string, () => Transform> = { gzip: createGunzip, 'x-gzip': createGunzip, deflate: createInflate, br: createBrotliDecompress }

/**
 * Where a body's chunks go to reach `onChunk` decoded from `encoding` (a Content-Encoding, several
 * applied in the order listed), then `onEnd`. Why a copy: the client asked for that encoding and
 * gets the bytes as the server sent them; only the recorder reads them decoded. A body that cannot
 * be decoded (an encoding Node lacks, corrupt or cut-off data) reaches `onChunk` no further,
 * `onFailure` says why, and `onEnd` still runs once.
 */
function decodedCopy(encoding: string | string[] | undefined, onChunk: (chunk: Buffer) => void, onEnd: () => void, onFailure: (why: string) => void): { write: (chunk: Buffer) => void; end: () => void } {
  const names = String(encoding ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '' && name !== 'identity')
  if (names.length === 0) return { write: onChunk, end: onEnd }
  const unknown = names.find((name) => DECODERS[name] === undefined)
  if (unknown !== undefined) {
    onFailure(`came in Content-Encoding ${unknown}, which record cannot decode`)
    return { write: () => undefined, end: onEnd }
  }
  const decoders = names.reverse().map((name) => DECODERS[name]())
  let ended = false
  const finish = () => {
    if (ended) return
    ended = true
    onEnd()
  }
  const last = decoders.reduce((from, to) => from.pipe(to))
  last.on('data', onChunk)
  last.once('end', finish)
  for (const decoder of decoders) {
    decoder.on('error', (error) => {
      if (!ended) onFailure(`in Content-Encoding ${names.join(', ')} could not be decoded (${error.message})`)
      finish()
    })
  }
  return { write: (chunk) => void (ended || decoders[0].write(chunk)), end: () => void (ended || decoders[0].end()) }
}

function forwarded(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name, value]) => value !== undefined && !HOP_BY_HOP.has(name)))
}

function header(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** Hands each JSON-RPC message in a body (one message or a batch) to `onMessage`; a body that is not JSON is skipped. */
function eachMessage(text: string, onMessage: (message: unknown) => void): void {
  if (text.trim() === '') return
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return
  }
  for (const message of Array.isArray(parsed) ? parsed : [parsed]) onMessage(message)
}

/**
 * A function that takes an SSE stream's chunks and hands the data of each complete event to
 * `onData` (the `data:` lines joined with newlines, as the EventSource rules read them).
 */
function sseData(onData: (data: string) => void): (chunk: Buffer) => void {
  let pending = ''
  let data: string[] = []
  const decoder = new TextDecoder()
  return (chunk) => {
    pending += decoder.decode(chunk, { stream: true })
    let end: number
    while ((end = pending.search(/\r\n|\r|\n/)) !== -1) {
      // Why wait: a lone \r at the end may be the first half of a \r\n split between chunks.
      if (end === pending.length - 1 && pending[end] === '\r') break
      const line = pending.slice(0, end)
      pending = pending.slice(end + (pending.startsWith('\r\n', end) ? 2 : 1))
      if (line === '') {
        if (data.length > 0) onData(data.join('\n'))
        data = []
      } else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5))
    }
  }
}

