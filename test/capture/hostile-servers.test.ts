import { createServer, type Server } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { CaptureError, captureRaw, type Target } from '../../src/capture/capture-raw.js'
import { runningStdioFixtures, stdioFixture } from './fixture-servers.js'

async function captureFailure(target: Target, timeoutMs?: number): Promise<CaptureError> {
  const failure = await captureRaw(target, { timeoutMs }).then(
    () => undefined,
    (error: unknown) => error,
  )
  expect(failure).toBeInstanceOf(CaptureError)
  return failure as CaptureError
}

function hostile(mode: string): Target {
  return stdioFixture('hostile.js', { HOSTILE: mode })
}

/** Masks what differs between runs: the fixture folder and the port. */
function scrubbed(message: string): string {
  return message.split(process.execPath).join('node').replace(/node \S+\/test\/fixtures\/servers\//g, 'node <servers>/').replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
}

describe('secrets and floods over HTTP', () => {
  let listener: Server
  let port: number
  let requests = 0
  beforeAll(async () => {
    // Why a bare listener: it answers every request with HTTP 500 and a 50 MB body.
    listener = createServer((_, res) => {
      requests += 1
      res.writeHead(500, { 'Content-Type': 'text/plain' })
      const chunk = 'E'.repeat(1024 * 1024)
      let sent = 0
      const pump = () => {
        while (sent < 50) {
          sent += 1
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        res.end()
      }
      res.on('error', () => {})
      pump()
    })
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    port = (listener.address() as { port: number }).port
  })
  afterAll(async () => {
    listener.closeAllConnections()
    await new Promise((resolve) => listener.close(resolve))
  })

  test('a URL with a user name and password is refused before anything connects, and the password is never echoed', async () => {
    const before = requests
    const error = await captureFailure({ url: `http://admin:hunter2@127.0.0.1:${port}/mcp` })
    expect(error.code).toBe('bad-target')
    expect(requests).toBe(before)
    expect(`${error.message}\n${error.serverLabel}\n${String(error.cause)}`).not.toContain('hunter2')
    expect(scrubbed(error.message)).toMatchInlineSnapshot(`"http://***@127.0.0.1:<port>/mcp has a user name or password in it; capture refuses credentials in URLs so they never reach a log. Send them as a header instead ({ url, headers: { Authorization: 'Basic …' } }) or a token as bearer ({ url, bearer: TOKEN })."`)
  })

  test('a URL too broken to parse does not echo its password either', async () => {
    const error = await captureFailure({ url: 'http://admin:hunter2@127.0.0.1:99999999/mcp' })
    expect(error.code).toBe('bad-target')
    expect(`${error.message}\n${error.serverLabel}`).not.toContain('hunter2')
    expect(error.message).toMatchInlineSnapshot(`""http://***@127.0.0.1:99999999/mcp" is not a valid URL. Give the full endpoint, e.g. http://127.0.0.1:3000/mcp."`)
  })

  test('an HTTP error with a 50 MB body: the message quotes a few hundred characters of it', async () => {
    const error = await captureFailure({ url: `http://127.0.0.1:${port}/mcp` }, 5_000)
    expect(error.code).toBe('start-failed')
    expect(error.message.length).toBeLessThan(1_000)
    expect(scrubbed(error.message)).toMatchInlineSnapshot(`"http://127.0.0.1:<port>/mcp answered HTTP 500 to initialize: Streamable HTTP error: Error POSTing to endpoint: EEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE… (3672 more characters). Check the URL (MCP endpoints are often at /mcp) and that the server speaks Streamable HTTP; for a server on the older HTTP+SSE transport, leave the target's transport unset or pin it, { url, transport: 'sse' }."`)
  })
})

/**
 * A bare Streamable HTTP endpoint answering with plain JSON: `initialize` properly, `tools/list`
 * with `toolsListBytes` of description (streamed), every other request method-not-found.
 */
async function startBareHttpServer(toolsListBytes: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const listener = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      if (req.method !== 'POST') return void res.writeHead(405).end()
      const message = JSON.parse(body) as { id?: unknown; method: string; params?: { protocolVersion?: string } }
      if (message.id === undefined) return void res.writeHead(202).end()
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.on('error', () => {})
      if (message.method === 'initialize') {
        const result = { protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'bare', version: '1.0.0' } }
        return void res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }))
      }
      if (message.method !== 'tools/list') {
        return void res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } }))
      }
      res.write(`{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":{"tools":[{"name":"big","inputSchema":{"type":"object"},"description":"`)
      const chunk = 'd'.repeat(1024 * 1024)
      let left = toolsListBytes
      const pump = () => {
        while (left > 0 && !res.destroyed) {
          const piece = left >= chunk.length ? chunk : chunk.slice(0, left)
          left -= piece.length
          if (!res.write(piece)) return void res.once('drain', pump)
        }
        res.end('"}]}}')
      }
      pump()
    })
  })
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(listener.address() as { port: number }).port}/mcp`,
    stop: async () => {
      listener.closeAllConnections()
      await new Promise((resolve) => listener.close(resolve))
    },
  }
}

describe('large answers over HTTP', () => {
  test('a 12 MB tools/list answer is captured whole', async () => {
    const server = await startBareHttpServer(12 * 1024 * 1024)
    try {
      const raw = await captureRaw({ url: server.url }, { timeoutMs: 20_000 })
      expect((raw.tools![0].description as string).length).toBe(12 * 1024 * 1024)
    } finally {
      await server.stop()
    }
  })

  test('an answer streamed past 64 MiB: capture stops reading and says so, with the limit', async () => {
    const server = await startBareHttpServer(1024 * 1024 * 1024)
    try {
      const error = await captureFailure({ url: server.url }, 20_000)
      expect(error.code).toBe('listing-failed')
      expect(scrubbed(error.message).replace(/more than [\d.]+ MiB/, 'more than <n> MiB')).toMatchInlineSnapshot(`"http://127.0.0.1:<port>/mcp answered tools/list with one message of more than <n> MiB, over the 64.0 MiB limit of what capture reads as one message, so capture stopped. Serve the list in pages (nextCursor), or trim its schemas and descriptions."`)
    } finally {
      await server.stop()
    }
  })
})

describe('an answer to initialize that is not usable: advice fits the transport', () => {
  test('over HTTP, it speaks of the endpoint, not of stdout', async () => {
    const listener = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
      req.on('end', () => {
        const id = (JSON.parse(body) as { id?: unknown }).id
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ jsonrpc: '2.0', id, result: { hello: 'not an initialize result' } }))
      })
    })
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    try {
      const error = await captureFailure({ url: `http://127.0.0.1:${(listener.address() as { port: number }).port}/mcp` }, 5_000)
      expect(error.code).toBe('initialize-failed')
      expect(error.message).not.toContain('stdout')
      expect(scrubbed(error.message)).toMatchInlineSnapshot(`"http://127.0.0.1:<port>/mcp did not complete initialize: the answer has the wrong shape (protocolVersion: Invalid input: expected string, received undefined; capabilities: Invalid input: expected object, received undefined; serverInfo: Invalid input: expected object, received undefined). Check that the URL is the MCP endpoint of a server speaking Streamable HTTP (MCP endpoints are often at /mcp)."`)
    } finally {
      await new Promise((resolve) => listener.close(resolve))
    }
  })

  test('over stdio, it speaks of stdout', async () => {
    const error = await captureFailure(stdioFixture('hostile.js', { HOSTILE: 'bad-initialize' }), 5_000)
    expect(error.code).toBe('initialize-failed')
    expect(scrubbed(error.message)).toMatchInlineSnapshot(`"stdio: node <servers>/hostile.js did not complete initialize: the answer has the wrong shape (protocolVersion: Invalid input: expected string, received undefined; capabilities: Invalid input: expected object, received undefined; serverInfo: Invalid input: expected object, received undefined). Check that the command starts an MCP server speaking stdio, and that nothing else writes to its stdout (logs belong on stderr)."`)
  })
})

describe('floods over stdio', () => {
  afterEach(() => {
    expect(runningStdioFixtures()).toEqual([])
  })

  test('a JSON-RPC error message of 5 MB is quoted in part', async () => {
    const error = await captureFailure(hostile('huge-error'), 5_000)
    expect(error.code).toBe('listing-failed')
    expect(error.message.length).toBeLessThan(1_000)
    expect(scrubbed(error.message)).toMatchInlineSnapshot(`"stdio: node <servers>/hostile.js failed to answer tools/list (JSON-RPC error -32603: store failed: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (4999514 more characters)). Only method-not-found (-32601) means a list is not offered; any other error is a bug in the server's tools/list handler."`)
  })

  test('a 12 MB tools/list reply, over the SDK\'s 10 MiB line limit, is captured whole', async () => {
    const started = Date.now()
    const raw = await captureRaw(hostile('big-reply'), { timeoutMs: 20_000 })
    expect(raw.tools).toHaveLength(1)
    expect((raw.tools![0].description as string).length).toBe(12 * 1024 * 1024)
    expect(Date.now() - started).toBeLessThan(15_000)
  })

  test('one reply over the 64 MiB limit: says so, with its size, instead of "the server probably crashed"', async () => {
    const error = await captureFailure(hostile('flood-reply'), 20_000)
    expect(error.code).toBe('listing-failed')
    expect(error.message).not.toContain('crashed')
    expect(scrubbed(error.message)).toMatchInlineSnapshot(`"stdio: node <servers>/hostile.js answered tools/list with one message of 65.0 MiB, over the 64.0 MiB limit of what capture reads as one message, so capture stopped. Serve the list in pages (nextCursor), or trim its schemas and descriptions."`)
  })

  test('a reply that never ends: the timeout says a message over the limit was arriving', async () => {
    const error = await captureFailure(hostile('endless-line'), 3_000)
    expect(error.code).toBe('timeout')
    expect(scrubbed(error.message).replace(/more than [\d.]+ MiB/, 'more than <n> MiB')).toMatchInlineSnapshot(`"Gave up waiting for tools/list from stdio: node <servers>/hostile.js after 3000 ms. If the server is only slow, raise the limit with the timeoutMs option; if it never answers, it is stuck. Before that, the server sent one message of more than <n> MiB, over the 64.0 MiB limit; capture skipped it."`)
  })

  test('lines that are not JSON-RPC and a reply to no request are counted in a timeout', async () => {
    const error = await captureFailure(hostile('noise-hang'), 1_000)
    expect(error.code).toBe('timeout')
    expect(scrubbed(error.message)).toMatchInlineSnapshot(`"Gave up waiting for tools/list from stdio: node <servers>/hostile.js after 1000 ms. If the server is only slow, raise the limit with the timeoutMs option; if it never answers, it is stuck. Before that, the server sent 2 messages that were not JSON-RPC, and 1 reply to a request capture never sent; capture skipped them."`)
  })

  test('the same noise is counted when the server then exits', async () => {
    const error = await captureFailure(hostile('noise-exit'), 5_000)
    expect(error.code).toBe('closed')
    expect(scrubbed(error.message)).toMatchInlineSnapshot(`"stdio: node <servers>/hostile.js closed the connection while answering tools/list. The server probably crashed; its stderr or logs usually say why. Before that, the server sent 2 messages that were not JSON-RPC, and 1 reply to a request capture never sent; capture skipped them."`)
  })

  test('a schema nested 1,500 levels deep is refused at a documented depth, not with a stack overflow', async () => {
    const error = await captureFailure(hostile('deep'), 5_000)
    expect(error.code).toBe('listing-failed')
    expect(scrubbed(error.message)).toMatchInlineSnapshot(`"stdio: node <servers>/hostile.js answered tools/list with tools[0] ("deep") nested more than 500 levels deep, at inputSchema.properties.a.properties.a.properties… (500 levels). Capture stops there: no real schema nests that deep, and reading one would overflow the stack. Flatten the schema, or use $ref for recursive shapes."`)
  })
})

describe('deep capabilities', () => {
  test('capabilities nested 2,000 levels deep are refused at a documented depth', async () => {
    const error = await captureFailure(hostile('deep-capabilities'), 5_000)
    expect(error.code).toBe('initialize-failed')
    expect(scrubbed(error.message)).toMatchInlineSnapshot(`"stdio: node <servers>/hostile.js answered initialize with a value nested more than 500 levels deep, at capabilities.logging.a.a.a.a… (500 levels). Capture stops there: no real server nests that deep, and reading it would overflow the stack."`)
  })
})

describe('deep nesting in-process', () => {
  test('a schema nested 240 levels deep is captured; 1,500 levels is refused the same way', async () => {
    const { Server } = await import('@modelcontextprotocol/sdk/server/index.js')
    const { ListToolsRequestSchema } = await import('@modelcontextprotocol/sdk/types.js')
    const nested = (levels: number) => {
      let schema: Record<string, unknown> = { type: 'string' }
      for (let level = 0; level < levels; level++) schema = { type: 'object', properties: { a: schema } }
      return schema
    }
    const serverWith = (levels: number) => () => {
      const server = new Server({ name: 'deep', version: '1.0.0' }, { capabilities: { tools: {} } })
      server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name: 'deep', inputSchema: nested(levels) as never }] }))
      return server
    }
    const { captureSurface } = await import('../../src/capture/capture-surface.js')
    const surface = await captureSurface(serverWith(240))
    expect(surface.tools?.[0].name).toBe('deep')
    expect((await captureFailure(serverWith(1500))).message).toContain('nested more than 500 levels deep')
  })
})


describe('noise over HTTP', () => {
  let listener: Server
  let port: number
  beforeAll(async () => {
    // Why a bare listener: a real HTTP endpoint that answers initialize properly, then answers
    // tools/list with a reply to a request nobody sent and never with the right one.
    listener = createServer((req, res) => {
      if (req.method !== 'POST') {
        res.writeHead(405).end()
        return
      }
      let body = ''
      req.setEncoding('utf8')
      req.on('data', (chunk: string) => (body += chunk))
      req.on('end', () => {
        const message = JSON.parse(body) as { id?: number; method: string; params?: { protocolVersion?: string } }
        if (message.id === undefined) {
          res.writeHead(202).end()
          return
        }
        const reply =
          message.method === 'initialize'
            ? { jsonrpc: '2.0', id: message.id, result: { protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'wrong-id', version: '1.0.0' } } }
            : { jsonrpc: '2.0', id: 9_999, result: { tools: [] } }
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply))
      })
    })
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    port = (listener.address() as { port: number }).port
  })
  afterAll(async () => {
    listener.closeAllConnections()
    await new Promise((resolve) => listener.close(resolve))
  })

  test('a reply with a wrong id is counted and mentioned when the capture times out', async () => {
    const failure = await captureRaw({ url: `http://127.0.0.1:${port}/mcp` }, { timeoutMs: 1_000, era: 'legacy' }).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(CaptureError)
    const error = failure as CaptureError
    expect(error.code).toBe('timeout')
    expect(scrubbed(error.message)).toMatchInlineSnapshot(`"Gave up waiting for tools/list from http://127.0.0.1:<port>/mcp after 1000 ms. If the server is only slow, raise the limit with the timeoutMs option; if it never answers, it is stuck. Before that, the server sent 4 replies to a request capture never sent; capture skipped them."`)
  })
})
