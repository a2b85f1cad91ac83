import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { CaptureError, captureRaw, type AdviceFor, type Target } from '../../src/capture/capture-raw.js'
import { createCatalogServer } from '../fixtures/servers/catalog-server.js'
import { FIXTURE_SERVERS_DIR, isRunning, runningStdioFixtures, startHttpCatalog, stdioFixture, type HttpCatalog } from './fixture-servers.js'

async function captureFailure(target: Target, timeoutMs?: number, signal?: AbortSignal, adviceFor?: AdviceFor): Promise<CaptureError> {
  const failure = await captureRaw(target, { timeoutMs, signal, adviceFor }).then(
    () => undefined,
    (error: unknown) => error,
  )
  expect(failure).toBeInstanceOf(CaptureError)
  return failure as CaptureError
}

describe('misbehaving stdio servers', () => {
  afterEach(() => {
    expect(runningStdioFixtures()).toEqual([])
  })

  test.each([
    {
      title: 'crash at start: start-failed with the stderr line',
      file: 'crash-at-start.js',
      timeoutMs: undefined,
      code: 'start-failed',
      says: ['crash-at-start.js', 'exited with code 1 before it answered initialize'],
      stderr: 'catalog: fatal: CATALOG_DB is not set',
    },
    {
      title: 'hang at initialize: timeout naming initialize',
      file: 'hang-at-initialize.js',
      timeoutMs: 500,
      code: 'timeout',
      says: ['hang-at-initialize.js', 'waiting for initialize', '500 ms', 'raise the limit with the timeoutMs option;'],
      stderr: undefined,
    },
    {
      // Why 1000 ms: `initialize` must be answered within the same limit, even on a busy machine.
      title: 'hang on tools/list: timeout naming tools/list',
      file: 'hang-on-list.js',
      timeoutMs: 1000,
      code: 'timeout',
      says: ['hang-on-list.js', 'waiting for tools/list', '1000 ms', 'raise the limit with the timeoutMs option;'],
      stderr: undefined,
    },
    {
      title: 'a repeated cursor: pagination, not an endless loop',
      file: 'cursor-loop.js',
      timeoutMs: 500,
      code: 'pagination',
      says: ['cursor-loop.js', 'tools/list', '"page-2"', 'a second time'],
      stderr: undefined,
    },
    {
      title: 'prompts/list answers -32603: listing-failed naming prompts/list',
      file: 'prompts-internal-error.js',
      timeoutMs: 500,
      code: 'listing-failed',
      says: ['prompts-internal-error.js', 'prompts/list', '-32603', 'prompt store unavailable'],
      stderr: undefined,
    },
    {
      title: 'exit during tools/list: closed with the stderr line',
      file: 'exit-mid-capture.js',
      timeoutMs: 500,
      code: 'closed',
      says: ['exit-mid-capture.js', 'closed the connection while answering tools/list'],
      stderr: 'catalog: index file is corrupt, giving up',
    },
  ])('$title', async ({ file, timeoutMs, code, says, stderr }) => {
    const error = await captureFailure(stdioFixture(file), timeoutMs)
    expect(error.code).toBe(code)
    expect(error.serverLabel).toContain(file)
    for (const part of says) expect(error.message).toContain(part)
    if (stderr !== undefined) {
      expect(error.stderrTail).toContain(stderr)
      expect(error.message).toContain(`| ${stderr}`)
    }
  })

  test('a command that does not exist: start-failed naming the command', async () => {
    const error = await captureFailure({ command: 'mcp-contract-no-such-server' })
    expect(error.code).toBe('start-failed')
    expect(error.message).toMatchInlineSnapshot(`"Could not start stdio: mcp-contract-no-such-server: command not found. Check that the command exists (on PATH or as an absolute path) and that cwd is right."`)
  })

  test('an abort signal stops the wait: aborted, with the reason as cause', async () => {
    const controller = new AbortController()
    const reason = new Error('the test run is shutting down')
    setTimeout(() => controller.abort(reason), 200)
    const error = await captureFailure(stdioFixture('hang-at-initialize.js'), 60_000, controller.signal)
    expect(error.code).toBe('aborted')
    expect(error.message).toContain('while waiting for')
    expect(error.cause).toBe(reason)
  })

  test('a signal aborted before the start: aborted, and no server is started', async () => {
    const error = await captureFailure(stdioFixture('hang-at-initialize.js'), undefined, AbortSignal.abort())
    expect(error.code).toBe('aborted')
  })
})

describe('a server started by a wrapper, as npx starts one', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcp-contract-wrapper-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  /** A stdio target running `server` under `wrapper.js`, and a way to learn the server's pid. */
  function wrapped(server: string): { target: Target; serverPid: () => Promise<number> } {
    const pidFile = join(dir, `${server}.pid`)
    return {
      target: { command: process.execPath, args: [`${FIXTURE_SERVERS_DIR}wrapper.js`, `${FIXTURE_SERVERS_DIR}${server}`], env: { WRAPPED_PID_FILE: pidFile } },
      serverPid: async () => Number(await readFile(pidFile, 'utf8')),
    }
  }

  test('a server that outlives its closed stdin and its wrapper is stopped after a capture', async () => {
    const { target, serverPid } = wrapped('lingering.js')
    const raw = await captureRaw(target)
    expect(raw.tools?.map((tool) => tool.name)).toContain('search_products')
    expect(isRunning(await serverPid())).toBe(false)
  })

  test('a wrapped server that hangs at initialize is stopped with its wrapper', async () => {
    const { target, serverPid } = wrapped('hang-at-initialize.js')
    expect((await captureFailure(target, 500)).code).toBe('timeout')
    expect(isRunning(await serverPid())).toBe(false)
  })
})

describe('HTTP failures', () => {
  let guarded: HttpCatalog
  beforeAll(async () => {
    guarded = await startHttpCatalog({ REQUIRE_BEARER: 'sesame' })
  })
  afterAll(async () => {
    await guarded?.stop()
  })

  test.each([
    { title: 'no token, read through the API', target: () => ({ url: guarded.url }), adviceFor: undefined, advice: "Or pass a token as the target's bearer ({ url, bearer: TOKEN }, or MCP_CONTRACT_TOKEN in the environment) or the header the server expects in its headers ({ url, headers: { 'K': 'V' } }); " },
    { title: 'a wrong token, read through the API', target: () => ({ url: guarded.url, bearer: 'guess' }), adviceFor: undefined, advice: "Pass a token as the target's bearer" },
    { title: 'a wrong token, read by the CLI', target: () => ({ url: guarded.url, bearer: 'guess' }), adviceFor: 'cli' as const, advice: "Pass a token with --bearer TOKEN (or MCP_CONTRACT_TOKEN in the environment) or the header the server expects with --header 'K: V'." },
    { title: 'a wrong token, read by a matcher', target: () => ({ url: guarded.url, bearer: 'guess' }), adviceFor: 'matcher' as const, advice: 'Give expect() a token, expect({ url, bearer: TOKEN })' },
  ])("$title: unauthorized, with how to pass a token in the reader's terms", async ({ target, adviceFor, advice }) => {
    const error = await captureFailure(target(), undefined, undefined, adviceFor)
    expect(error.code).toBe('unauthorized')
    expect(error.message).toContain('HTTP 401')
    expect(error.message).toContain(advice)
    expect(error.message).not.toContain('CLI:')
    expect(error.message).not.toContain('guess')
  })

  test('a wrong path: start-failed with the HTTP status', async () => {
    const error = await captureFailure({ url: guarded.url.replace(/\/mcp$/, '/nowhere'), bearer: 'sesame' })
    expect(error.code).toBe('start-failed')
    expect(error.message).toContain('HTTP 404')
  })

  test('nobody listening: start-failed, asking whether the server runs', async () => {
    const stopped = await startHttpCatalog()
    await stopped.stop()
    const error = await captureFailure({ url: stopped.url })
    expect(error.code).toBe('start-failed')
    expect(error.message).toContain(`Could not connect to ${stopped.url}`)
  })
})

describe('targets that cannot be read', () => {
  test.each([
    { title: 'a number', value: 42 },
    { title: 'null', value: null },
    { title: 'a string', value: 'node server.js' },
    { title: 'an object of another kind', value: { name: 'demo' } },
  ])('$title: bad-target listing what is accepted', async ({ value }) => {
    const error = await captureFailure(value as unknown as Target)
    expect(error.code).toBe('bad-target')
    expect(error.message).toContain('{ command, args?, env?, cwd? }')
    expect(error.message).toContain('{ url, headers?, bearer? }')
  })

  test.each([
    { title: 'not a URL', url: 'localhost:3000/mcp' },
    { title: 'not http(s)', url: 'ftp://127.0.0.1/mcp' },
  ])('a url that is $title: bad-target', async ({ url }) => {
    expect((await captureFailure({ url })).code).toBe('bad-target')
  })

  test('an already connected server: bad-target suggesting a factory', async () => {
    const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js')
    const server = createCatalogServer('v1')
    await server.connect(InMemoryTransport.createLinkedPair()[1])
    try {
      const error = await captureFailure(server)
      expect(error.code).toBe('bad-target')
      expect(error.message).toContain('already connected')
      expect(error.message).toContain('factory')
    } finally {
      await server.close()
    }
  })

  test('a factory that throws: start-failed with its message and cause', async () => {
    const cause = new Error('database is down')
    const error = await captureFailure(function createBrokenServer() {
      throw cause
    })
    expect(error.code).toBe('start-failed')
    expect(error.message).toContain('server factory createBrokenServer()')
    expect(error.message).toContain('database is down')
    expect(error.cause).toBe(cause)
  })

  test('a factory that returns something else: bad-target', async () => {
    const error = await captureFailure((async () => ({ tools: [] })) as unknown as Target)
    expect(error.code).toBe('bad-target')
    expect(error.message).toContain('returned an object with keys tools')
  })

  test('a factory that never returns: timeout', async () => {
    const error = await captureFailure((() => new Promise(() => {})) as unknown as Target, 300)
    expect(error.code).toBe('timeout')
  })

  test('a Client that is not connected: bad-target', async () => {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js')
    const error = await captureFailure(new Client({ name: 'idle', version: '1.0.0' }))
    expect(error.code).toBe('bad-target')
    expect(error.message).toContain('client.connect')
  })

  test.each([0, -1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, 2_147_483_648, 99_999_999_999_999])('timeoutMs %s is refused', async (timeoutMs) => {
    await expect(captureRaw(createCatalogServer('v1'), { timeoutMs })).rejects.toThrow(RangeError)
  })

  test('the longest timeoutMs setTimeout can honour is accepted and waits', async () => {
    const raw = await captureRaw(createCatalogServer('v1'), { timeoutMs: 2_147_483_647 })
    expect(raw.tools?.length).toBeGreaterThan(0)
    await expect(captureRaw(createCatalogServer('v1'), { timeoutMs: 2_147_483_648 })).rejects.toThrowErrorMatchingInlineSnapshot(`[RangeError: timeoutMs must be a number of milliseconds from 1 to 2147483647 (about 24.8 days), got 2147483648.]`)
  })
})
