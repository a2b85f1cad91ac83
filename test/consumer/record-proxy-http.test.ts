import { spawn, type ChildProcess } from 'node:child_process'
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { CLI, fixture, ROOT, scrub } from '../support/run-cli-process.js'

let dir: string
const started: ChildProcess[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-record-http-'))
})
afterAll(async () => {
  for (const child of started) child.kill('SIGKILL')
  await rm(dir, { recursive: true, force: true })
})

/** Starts a process and resolves with the first match of `pattern` on `stream`, and the process. */
function startUntil(args: string[], stream: 'stdout' | 'stderr', pattern: RegExp, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', ...env } })
  started.push(child)
  const output = { stdout: '', stderr: '' }
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
  const matched = new Promise<string>((resolve, reject) => {
    for (const name of ['stdout', 'stderr'] as const) {
      child[name].on('data', (chunk: Buffer) => {
        output[name] += chunk.toString('utf8')
        const match = name === stream ? pattern.exec(output[name]) : null
        if (match) resolve(match[1])
      })
    }
    child.on('close', () => reject(new Error(`exited before ${pattern}: ${output.stderr}`)))
  })
  return { child, output, exited, matched }
}

/** The exchanges of a wire file, sorted (concurrent streams finish in either order on either side). */
async function exchanges(file: string): Promise<string[]> {
  return (await readFile(file, 'utf8')).split('\n').filter(Boolean).sort()
}

test('record --url: a Streamable HTTP client in another process through the proxy; bytes unchanged both ways, headers passed through and never written', async () => {
  const server = startUntil([fixture('recorded-weather.js'), 'http', join(dir, 'server.wire')], 'stdout', /^listening (\S+)\n/)
  const url = await server.matched
  const out = join(dir, 'http.mcp-consumer.json')
  const proxy = startUntil([CLI, 'record', '--consumer', 'http-agent', '--out', out, '--url', url, '--port', '0', '--header', 'X-Team: weather'], 'stderr', /listening (http:\/\/127\.0\.0\.1:\d+\/mcp)/)
  const endpoint = await proxy.matched
  const client = spawn(process.execPath, [join(ROOT, 'test/fixtures/record/sdk-client.mjs'), 'http', endpoint, join(dir, 'client.wire')], { stdio: ['ignore', 'pipe', 'inherit'] })
  let seen = ''
  client.stdout.on('data', (chunk: Buffer) => (seen += chunk.toString('utf8')))
  expect(await new Promise((resolve) => client.on('close', resolve))).toBe(0)
  expect(JSON.parse(seen)).toMatchObject({ temperature: 22, model: 'the model said: echo rain?', asked: 'accept: c in forecasts', cancelled: expect.stringMatching(/^cancelled: /), prompt: 'Forecast for Hobart', resource: 'MEL,SYD' })
  // Why wait for the line: the session's DELETE writes the file once the server answered it.
  await expect.poll(() => proxy.output.stderr, { timeout: 10_000 }).toContain('recorded 4 tools')
  proxy.child.kill('SIGTERM')
  expect(await proxy.exited).toBe(0)
  const wire = await exchanges(join(dir, 'client.wire'))
  expect(wire.length).toBeGreaterThan(6)
  expect(wire).toEqual(await exchanges(join(dir, 'server.wire')))
  // Why each by name: the server's requests (in a POST's SSE stream) and the client's answers (POSTed) crossed the proxy.
  const decoded = wire.map((line) => JSON.parse(line) as { body: string; answer: string }).map(({ body, answer }) => ({ body: Buffer.from(body, 'base64').toString('utf8'), answer: Buffer.from(answer, 'base64').toString('utf8') }))
  for (const method of ['sampling/createMessage', 'elicitation/create', 'roots/list']) expect(decoded.some(({ answer }) => answer.includes(`"method":"${method}"`))).toBe(true)
  expect(decoded.some(({ body }) => body.includes('"result":{"action":"accept","content":{"units":"c"}}'))).toBe(true)
  expect(decoded.some(({ body }) => body.includes('"result":{"roots":[{"uri":"file:///work/forecasts","name":"forecasts"}]}'))).toBe(true)
  expect(server.output.stderr).toContain('POST Authorization: Bearer client-secret-token')
  expect(server.output.stderr).toContain('DELETE Authorization: Bearer client-secret-token')
  expect(scrub(proxy.output.stderr, { [dir]: '<dir>' }).replace(/session [\w-]+/, 'session <id>')).toMatchInlineSnapshot(`
    "mcp-contract record: listening http://127.0.0.1:<port>/mcp, forwarding to http://127.0.0.1:<port>; recording consumer "http-agent" to <dir>/http.mcp-consumer.json
    mcp-contract record: recorded 4 tools, 1 prompt, 1 resource for consumer "http-agent" to <dir>/http.mcp-consumer.json (session <id> ended)
    "
  `)
  const text = await readFile(out, 'utf8')
  expect(text).not.toMatch(/client-secret-token|X-Team/i)
  const contract = JSON.parse(text)
  expect(contract).toMatchObject({ format: 2, consumer: 'http-agent', provider: 'weather-mcp', readsObserved: false, prompts: [{ name: 'forecast', arguments: ['city'] }], resources: [{ uri: 'weather://stations' }] })
  expect(contract.tools.map((tool: { name: string }) => tool.name)).toEqual(['ask_model', 'ask_user', 'get_weather', 'wait_for_cancel'])
})

test('record --url with no session that used anything: stopping writes no file, says so, exits 1', async () => {
  const out = join(dir, 'idle.mcp-consumer.json')
  const proxy = startUntil([CLI, 'record', '--consumer', 'idle', '--out', out, '--url', 'http://127.0.0.1:9/mcp', '--port', '0'], 'stderr', /listening (http:\/\/127\.0\.0\.1:\d+\/mcp)/)
  await proxy.matched
  proxy.child.kill('SIGTERM')
  expect(await proxy.exited).toBe(1)
  expect(scrub(proxy.output.stderr, { [dir]: '<dir>' })).toMatchInlineSnapshot(`
    "mcp-contract record: listening http://127.0.0.1:<port>/mcp, forwarding to http://127.0.0.1:<port>; recording consumer "idle" to <dir>/idle.mcp-consumer.json
    mcp-contract record: NOTHING RECORDED for consumer "idle"; <dir>/idle.mcp-consumer.json was not written (the proxy stopped). The client sent no message at all. Check that the consumer reaches its server through this command and that the tests that use the server ran.
    "
  `)
  await expect(readFile(out)).rejects.toThrow(/ENOENT/)
})

/**
 * One exchange as a client that accepts gzip and decodes nothing makes it: the answer's raw bytes,
 * also appended to `wire` as the server fixture writes its exchanges.
 */
function exchangeRaw(endpoint: string, wire: string, method: string, body: string, session?: string): Promise<{ status: number; headers: Record<string, unknown>; raw: Buffer }> {
  const headers = { Accept: 'application/json, text/event-stream', 'Accept-Encoding': 'gzip', 'Content-Type': 'application/json', ...(session !== undefined ? { 'Mcp-Session-Id': session } : {}) }
  return new Promise((resolve, reject) => {
    const sent = request(endpoint, { method, headers }, (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.once('end', () => {
        const raw = Buffer.concat(chunks)
        void appendFile(wire, `${JSON.stringify({ method, body: Buffer.from(body).toString('base64'), answer: raw.toString('base64') })}\n`).then(() => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, raw }), reject)
      })
    })
    sent.once('error', reject)
    sent.end(body)
  })
}

test.each([
  { title: 'SSE streams', env: { RECORDED_WEATHER_JSON: '0' } },
  { title: 'JSON answers', env: { RECORDED_WEATHER_JSON: '1' } },
])('record --url in front of a server that gzips its answers ($title): the client gets the compressed bytes, the recorder reads them decoded', async ({ title, env }) => {
  const name = title.split(' ')[0].toLowerCase()
  const server = startUntil([fixture('recorded-weather.js'), 'http', join(dir, `gzip-${name}.server.wire`)], 'stdout', /^listening (\S+)\n/, { RECORDED_WEATHER_GZIP: '1', ...env })
  const url = await server.matched
  const out = join(dir, `gzip-${name}.mcp-consumer.json`)
  const proxy = startUntil([CLI, 'record', '--consumer', 'gzip-agent', '--out', out, '--url', url, '--port', '0'], 'stderr', /listening (http:\/\/127\.0\.0\.1:\d+\/mcp)/)
  const endpoint = await proxy.matched
  const wire = join(dir, `gzip-${name}.client.wire`)
  const rpc = (id: number | undefined, method: string, params: object) => JSON.stringify({ jsonrpc: '2.0', ...(id !== undefined ? { id } : {}), method, params })
  const initialize = await exchangeRaw(endpoint, wire, 'POST', rpc(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } }))
  const session = initialize.headers['mcp-session-id'] as string
  await exchangeRaw(endpoint, wire, 'POST', rpc(undefined, 'notifications/initialized', {}), session)
  const listed = await exchangeRaw(endpoint, wire, 'POST', rpc(2, 'tools/list', {}), session)
  const called = await exchangeRaw(endpoint, wire, 'POST', rpc(3, 'tools/call', { name: 'get_weather', arguments: { city: 'Perth' } }), session)
  await exchangeRaw(endpoint, wire, 'DELETE', '', session)
  for (const answer of [initialize, listed, called]) {
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(answer.headers['content-type']).toContain(name === 'sse' ? 'text/event-stream' : 'application/json')
  }
  expect(gunzipSync(called.raw).toString('utf8')).toContain('"structuredContent":{"temperature":22')
  await expect.poll(() => proxy.output.stderr, { timeout: 10_000 }).toContain('recorded 1 tool')
  proxy.child.kill('SIGTERM')
  expect(await proxy.exited).toBe(0)
  expect(await exchanges(wire)).toEqual(await exchanges(join(dir, `gzip-${name}.server.wire`)))
  // Why provider, hints and output: each comes from a compressed answer (initialize, tools/list) the recorder decoded.
  expect(JSON.parse(await readFile(out, 'utf8'))).toMatchObject({
    consumer: 'gzip-agent',
    provider: 'weather-mcp',
    tools: [{ name: 'get_weather', examples: [{ city: 'Perth' }], hints: { readOnlyHint: true }, output: { type: 'object' } }],
  })
})

test('record --url says once per reason when it cannot decode an answer (an encoding Node lacks, a corrupt gzip body), and forwards it unchanged', async () => {
  // Why a server of its own: no real MCP server sends these; the proxy must still say what it could not read.
  const bodies = [Buffer.from('{"jsonrpc":"2.0","id":1,"result":{}}'), Buffer.from('not gzip at all')]
  let served = 0
  const server = createServer((req, res) => {
    req.resume()
    req.once('end', () => {
      const index = served++ % 2
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': index === 0 ? 'zstd' : 'gzip' })
      res.end(bodies[index])
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as { port: number }
  try {
    const out = join(dir, 'undecodable.mcp-consumer.json')
    const proxy = startUntil([CLI, 'record', '--consumer', 'undecodable', '--out', out, '--url', `http://127.0.0.1:${address.port}/mcp`, '--port', '0'], 'stderr', /listening (http:\/\/127\.0\.0\.1:\d+\/mcp)/)
    const endpoint = await proxy.matched
    const wire = join(dir, 'undecodable.client.wire')
    const answers = []
    for (const id of [1, 2, 3, 4]) answers.push((await exchangeRaw(endpoint, wire, 'POST', JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_weather', arguments: { city: 'Perth' } } }))).raw)
    expect(answers).toEqual([bodies[0], bodies[1], bodies[0], bodies[1]])
    proxy.child.kill('SIGTERM')
    expect(await proxy.exited).toBe(0)
    expect(scrub(proxy.output.stderr, { [dir]: '<dir>' })).toMatchInlineSnapshot(`
      "mcp-contract record: listening http://127.0.0.1:<port>/mcp, forwarding to http://127.0.0.1:<port>; recording consumer "undecodable" to <dir>/undecodable.mcp-consumer.json
      mcp-contract record: an answer came in Content-Encoding zstd, which record cannot decode; it was forwarded unchanged, but what it held is not recorded
      mcp-contract record: an answer in Content-Encoding gzip could not be decoded (incorrect header check); it was forwarded unchanged, but what it held is not recorded
      mcp-contract record: recorded 1 tool for consumer "undecodable" to <dir>/undecodable.mcp-consumer.json (the proxy stopped)
      "
    `)
  } finally {
    server.close()
  }
})

/**
 * POSTs one call in a session and reads its answer stream: how it ended. Why a guard and no
 * timing: a stream still open after 5 s is the fault, whatever the machine's speed.
 */
function callUntilItEnds(endpoint: string, session: string, body: string): Promise<string> {
  const headers = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json', 'Mcp-Session-Id': session, 'Mcp-Protocol-Version': '2025-06-18' }
  return new Promise((resolve) => {
    const guard = setTimeout(() => resolve('still open after 5 s'), 5_000)
    const done = (how: string) => {
      clearTimeout(guard)
      resolve(how)
    }
    const sent = request(endpoint, { method: 'POST', headers }, (answer) => {
      answer.resume()
      answer.once('end', () => done(`ended (${answer.statusCode})`))
      answer.once('error', (error: NodeJS.ErrnoException) => done(`cut off after ${answer.statusCode} ${answer.headers['content-type']} (${error.code}: ${error.message})`))
    })
    sent.once('error', (error: NodeJS.ErrnoException) => done(`failed (${error.code})`))
    sent.end(body)
  })
}

test('record --url in front of a server that crashes mid-call: the client\'s answer stream is cut off as it is directly, not left open; the call is still recorded', async () => {
  const rpc = (id: number | undefined, method: string, params: object) => JSON.stringify({ jsonrpc: '2.0', ...(id !== undefined ? { id } : {}), method, params })
  const how: Record<string, string> = {}
  for (const through of ['directly', 'through record'] as const) {
    const server = startUntil([fixture('recorded-weather.js'), 'http', join(dir, `crash-${through}.server.wire`)], 'stdout', /^listening (\S+)\n/, { RECORDED_WEATHER_CRASH_MS: '100' })
    const url = await server.matched
    const out = join(dir, 'crash.mcp-consumer.json')
    const proxy = through === 'directly' ? undefined : startUntil([CLI, 'record', '--consumer', 'crash', '--out', out, '--url', url, '--port', '0'], 'stderr', /listening (http:\/\/127\.0\.0\.1:\d+\/mcp)/)
    const endpoint = proxy === undefined ? url : await proxy.matched
    const wire = join(dir, `crash-${through}.client.wire`)
    const initialize = await exchangeRaw(endpoint, wire, 'POST', rpc(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } }))
    const session = initialize.headers['mcp-session-id'] as string
    await exchangeRaw(endpoint, wire, 'POST', rpc(undefined, 'notifications/initialized', {}), session)
    how[through] = await callUntilItEnds(endpoint, session, rpc(2, 'tools/call', { name: 'wait_for_cancel', arguments: {} }))
    expect(await server.exited).toBe(1)
    if (proxy === undefined) continue
    proxy.child.kill('SIGTERM')
    expect(await proxy.exited).toBe(0)
    expect(JSON.parse(await readFile(out, 'utf8')).tools).toEqual([{ name: 'wait_for_cancel', examples: [{}], reads: [] }])
  }
  expect(how).toMatchInlineSnapshot(`
    {
      "directly": "cut off after 200 text/event-stream (ECONNRESET: aborted)",
      "through record": "cut off after 200 text/event-stream (ECONNRESET: aborted)",
    }
  `)
})
