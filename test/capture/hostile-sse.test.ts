import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, test } from 'vitest'
import { CaptureError, captureRaw } from '../../src/capture/capture-raw.js'

/**
 * A server on the deprecated HTTP+SSE transport that answers initialize properly and then, asked
 * for tools/list, streams without end on its event stream: one event that never ends (`huge-event`),
 * or endless comment lines, each a complete event of no size to speak of (`flood`).
 */
async function startHostileSse(mode: 'huge-event' | 'flood') {
  let stream: ServerResponse | undefined
  let streamed = 0
  const send = (message: unknown) => stream?.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`)
  const pump = () => {
    const chunk = mode === 'huge-event' ? 'x'.repeat(1024 * 1024) : `: ${'x'.repeat(1024 * 1024 - 4)}\n\n`
    while (stream !== undefined && !stream.destroyed) {
      streamed += chunk.length
      if (!stream.write(chunk)) return void stream.once('drain', pump)
    }
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (req.method === 'GET' && url.pathname === '/sse') {
      stream = res
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
      res.write('event: endpoint\ndata: /messages?sessionId=1\n\n')
      return
    }
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      res.writeHead(202).end()
      const message = JSON.parse(body) as { id?: number; method: string; params?: { protocolVersion?: string } }
      if (message.method === 'initialize') {
        send({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'hostile-sse', version: '1.0.0' } } })
      } else if (message.method === 'tools/list') {
        if (mode === 'huge-event') stream?.write('event: message\ndata: ')
        pump()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sse`,
    streamed: () => streamed,
    stop: () => {
      stream?.destroy()
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

async function captureFailure(url: string): Promise<CaptureError> {
  const failure = await captureRaw({ url, transport: 'sse' }, { timeoutMs: 60_000 }).then(
    () => undefined,
    (error: unknown) => error,
  )
  expect(failure).toBeInstanceOf(CaptureError)
  return failure as CaptureError
}

const scrubbed = (message: string) => message.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>').replace(/more than [\d.]+ MiB/, 'more than <n> MiB')

describe('a hostile HTTP+SSE event stream is cut with a clear error', () => {
  test('one event that never ends stops at 64 MiB, before any timeout', async () => {
    const server = await startHostileSse('huge-event')
    try {
      const error = await captureFailure(server.url)
      expect(error.code).toBe('listing-failed')
      expect(scrubbed(error.message)).toMatchInlineSnapshot(`"http://127.0.0.1:<port>/sse answered tools/list with one message of more than <n> MiB, over the 64.0 MiB limit of what capture reads as one message, so capture stopped. Serve the list in pages (nextCursor), or trim its schemas and descriptions."`)
      // The server was cut off near the limit: it did not get to stream on for the timeout's minute.
      expect(server.streamed()).toBeLessThan(128 * 1024 * 1024)
    } finally {
      await server.stop()
    }
  })

  test('a flood of small events stops at 256 MiB for the whole stream', async () => {
    const server = await startHostileSse('flood')
    try {
      const error = await captureFailure(server.url)
      expect(error.code).toBe('listing-failed')
      expect(scrubbed(error.message)).toMatchInlineSnapshot(`"http://127.0.0.1:<port>/sse sent more than <n> MiB on its HTTP+SSE event stream, over the 256.0 MiB limit for one capture while capture waited for tools/list, so capture stopped. That stream carries the answers to the requests capture sends and little else; a server that streams without end is broken."`)
      expect(server.streamed()).toBeLessThan(384 * 1024 * 1024)
    } finally {
      await server.stop()
    }
  })
})
