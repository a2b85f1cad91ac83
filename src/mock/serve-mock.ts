import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { PreparedMock } from './mock-server.js'

/**
 * Serves a mock over stdio (stdout is the protocol) until stdin ends.
 * @example await serveMockOverStdio(prepareMock('mcp-contract.json'))
 */
export async function serveMockOverStdio(mock: PreparedMock, signal?: AbortSignal): Promise<void> {
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js')
  const server = mock.createServer()
  const ended = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve)
    process.stdin.once('close', resolve)
    signal?.addEventListener('abort', () => resolve(), { once: true })
  })
  await server.connect(new StdioServerTransport())
  await ended
  await server.close()
}

/** Where and how long {@link serveMockOverHttp} serves. */
export interface HttpServeOptions {
  /** 0 picks a free port. */
  port: number
  /** Called once the server accepts connections, with its endpoint (`http://127.0.0.1:PORT/mcp`). */
  onListening: (url: string) => void
  /** Serving stops when it aborts. */
  signal: AbortSignal
}

/**
 * Serves a mock over Streamable HTTP on 127.0.0.1, endpoint `/mcp`, one mock server per session,
 * until `signal` aborts.
 * @example await serveMockOverHttp(mock, { port: 8080, onListening: console.log, signal })
 */
export async function serveMockOverHttp(mock: PreparedMock, { port, onListening, signal }: HttpServeOptions): Promise<void> {
  const [{ StreamableHTTPServerTransport }, { isInitializeRequest }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ])
  type Transport = InstanceType<typeof StreamableHTTPServerTransport>
  const sessions = new Map<string, Transport>()
  const http = createServer(async (req, res) => {
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') {
      res.writeHead(404).end('not found: the mock serves /mcp')
      return
    }
    try {
      const sessionId = req.headers['mcp-session-id']
      const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined
      if (existing) {
        await existing.handleRequest(req, res)
        return
      }
      const body = req.method === 'POST' ? await readJson(req) : undefined
      if (sessionId !== undefined || !isInitializeRequest(body)) {
        res.writeHead(400, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Unknown or missing session: start with an initialize request' }, id: null }))
        return
      }
      const transport: Transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, transport),
      })
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId)
      }
      await mock.createServer().connect(transport)
      await transport.handleRequest(req, res, body)
    } catch (error) {
      if (!res.headersSent) res.writeHead(400, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: (error as Error).message }, id: null }))
    }
  })
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(port, '127.0.0.1', () => resolve())
  })
  const address = http.address()
  onListening(`http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : port}/mcp`)
  await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })))
  await Promise.all([...sessions.values()].map((transport) => transport.close()))
  http.closeAllConnections()
  await new Promise<void>((resolve) => http.close(() => resolve()))
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8'))
}
