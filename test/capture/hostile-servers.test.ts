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
    expect(scrubbed(error.message)).toMatchInlineSnapshot(`"http://***@127.0.0.1:<port>/mcp has a user name or password in it; capture refuses credentials in URLs so they never reach a log. Send them as a header instead (headers option, CLI: --header 'Authorization: Basic …') or a token with bearer (CLI: --bearer TOKEN)."`)
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
    expect(scrubbed(error.message)).toMatchInlineSnapshot(`"http://127.0.0.1:<port>/mcp answered HTTP 500 to initialize: Streamable HTTP error: Error POSTing to endpoint: EEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE… (3672 more characters). Check the URL (MCP endpoints are often at /mcp) and that the server speaks Streamable HTTP."`)
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
})
