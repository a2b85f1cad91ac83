import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest'
import type { ConsumerContract } from '../../src/consumer/consumer-contract.js'
import { orphanMark as newMark, processesMarked } from '../support/orphans.js'
import { CLI, fixture, ROOT } from '../support/run-cli-process.js'

let dir: string

/** A mark for one test's processes; any still running when the test ends (it failed) is killed then. */
function orphanMark(): ReturnType<typeof newMark> {
  const mark = newMark()
  onTestFinished(() => {
    for (const line of processesMarked(mark)) process.kill(Number(line.split(':')[0]), 'SIGKILL')
  })
  return mark
}
const started: ChildProcess[] = []
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-record-faults-'))
})
afterAll(async () => {
  for (const child of started) child.kill('SIGKILL')
  await rm(dir, { recursive: true, force: true })
})

/** Starts a Node process in the fixtures' folder (where the SDK resolves); its stdout, and its exit code once closed. */
function startNode(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, { cwd: fixture('..'), env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] })
  started.push(child)
  let stdout = ''
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
  return { child, exited, stdout: () => stdout }
}

const citiesIn = async (file: string) => (JSON.parse(await readFile(file, 'utf8')) as ConsumerContract).tools[0].examples.map((example) => Object.keys(example)[0]).sort()

describe('a record killed -9 while it holds the lock', () => {
  // Why the built writer, held inside its lock: the holder is a real `record` write, stopped where a
  // kill -9 finds it holding; the getter of its contract's tools runs once the lock is held.
  const HOLDER = `const { writeSync } = require('node:fs')
const { writeRecordedContract } = require(${JSON.stringify(join(ROOT, 'dist/record-writing.cjs'))})
const recorded = { format: 2, consumer: 'agent', provider: 'weather-mcp', readsObserved: false, prompts: [], resources: [],
  get tools() { writeSync(1, 'holding\\n'); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); return [] } }
writeRecordedContract(process.argv[1], recorded, { run: 'the run' })
`

  /**
   * A consumer through `record`: calls get_weather with `city`, says so, and on a line on its stdin
   * ends record's stdin and waits for it to exit. Why not the SDK's close: it signals record after
   * 2 s, and these wait longer.
   */
  const client = (out: string) => `import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
const city = process.argv[1]
const client = new Client({ name: 'agent', version: '1.0.0' })
const transport = new StdioClientTransport({ command: process.execPath, args: ${JSON.stringify([CLI, 'record', '--consumer', 'agent', '--out', out, '--max-examples', '20', '--', process.execPath, fixture('recorded-weather.js')])}, env: { ...process.env }, stderr: 'ignore' })
await client.connect(transport)
await client.callTool({ name: 'get_weather', arguments: { [city]: 'x' } })
process.stdout.write('called\\n')
await new Promise((resolve) => process.stdin.once('data', resolve))
const exited = new Promise((resolve) => transport._process.once('exit', resolve))
transport._process.stdin.end()
process.exitCode = await exited
`

  test.each([1, 2, 3])('round %i: ten records of the same run waiting on it all write their uses, and none is left running', { timeout: 180_000 }, async (round) => {
    const out = join(dir, `killed-${round}.mcp-consumer.json`)
    const mark = orphanMark()
    const env = { MCP_CONTRACT_RECORD_RUN: 'the run', ...mark.env }
    const holder = startNode(['-e', HOLDER, out], env)
    await expect.poll(holder.stdout, { timeout: 10_000 }).toBe('holding\n')
    const cities = Array.from({ length: 10 }, (_, index) => `city${index}`)
    const clients = cities.map((city) => startNode(['--input-type=module', '-e', client(out), city], env))
    await expect.poll(() => clients.every((one) => one.stdout() === 'called\n'), { timeout: 90_000 }).toBe(true)
    for (const one of clients) one.child.stdin!.end('done\n')
    // Why once every server is gone: each record is then writing, and waits on the lock the holder holds.
    const running = (what: RegExp) => processesMarked(mark).filter((line) => what.test(line)).length
    await expect.poll(() => running(/^\d+: \S+ \S+recorded-weather\.js$/) === 0 && running(/cli\.cjs record /) === 10, { timeout: 20_000, interval: 20 }).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 500))
    holder.child.kill('SIGKILL')
    expect(await Promise.all(clients.map((one) => one.exited))).toEqual(cities.map(() => 0))
    expect(await citiesIn(out)).toEqual(cities)
    expect((await readdir(dir)).filter((name) => name.includes(`killed-${round}.mcp-consumer.json.lock`))).toEqual([])
    expect(processesMarked(mark)).toEqual([])
  })
})

describe('a client killed with calls in flight', () => {
  // Why a server of its own: it answers each call a second late, when the client is gone, and exits
  // a while after its input closes, as a server finishing its work does.
  const SLOW_SERVER = `const reply = (id, result) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, result }) + '\\n')
require('node:readline').createInterface({ input: process.stdin })
  .on('line', (line) => {
    const message = JSON.parse(line)
    if (message.method === 'initialize') reply(message.id, { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'slow', version: '1' } })
    if (message.method === 'tools/call') setTimeout(() => reply(message.id, { content: [{ type: 'text', text: 'late' }] }), 1_000)
  })
  .on('close', () => setTimeout(() => process.exit(0), 1_500))
`
  // Why a client process of its own: killed, it leaves record the pipes a dead client leaves.
  const CLIENT = `const { spawn } = require('node:child_process')
const { openSync } = require('node:fs')
const [out, errors] = process.argv.slice(1)
const record = spawn(process.execPath, ${JSON.stringify([CLI, 'record', '--consumer', 'killed-client'])}.concat(['--out', out, '--', process.execPath, '-e', process.env.SLOW_SERVER]), { stdio: ['pipe', 'pipe', openSync(errors, 'w')] })
const send = (message) => record.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\\n')
send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } })
record.stdout.once('data', () => {
  send({ method: 'notifications/initialized' })
  send({ id: 2, method: 'tools/call', params: { name: 'slow_tool', arguments: { n: 1 } } })
  send({ id: 3, method: 'tools/call', params: { name: 'slow_tool', arguments: { n: 2 } } })
  process.stdout.write('sent\\n')
})
`

  test('SIGTERM to the client: record writes what was recorded, says so, and leaves no process running', { timeout: 60_000 }, async () => {
    const out = join(dir, 'killed-client.mcp-consumer.json')
    const errors = join(dir, 'killed-client.stderr')
    const mark = orphanMark()
    const client = startNode(['-e', CLIENT, out, errors], { ...mark.env, SLOW_SERVER })
    await expect.poll(client.stdout, { timeout: 20_000 }).toBe('sent\n')
    client.child.kill('SIGTERM')
    await client.exited
    await expect.poll(() => processesMarked(mark), { timeout: 20_000 }).toEqual([])
    expect((await readFile(errors, 'utf8')).replaceAll(dir, '<dir>')).toMatchInlineSnapshot(`
      "mcp-contract record: recorded 1 tool for consumer "killed-client" to <dir>/killed-client.mcp-consumer.json
      "
    `)
    expect(JSON.parse(await readFile(out, 'utf8')).tools).toMatchInlineSnapshot(`
      [
        {
          "examples": [
            {
              "n": 1,
            },
          ],
          "name": "slow_tool",
          "reads": [],
        },
      ]
    `)
  })
})

describe('a server that never answers initialize and ignores SIGTERM', () => {
  const DEAF_SERVER = `process.on('SIGTERM', () => undefined)
process.stdin.resume()
setInterval(() => undefined, 1 << 30)
`
  // Why the SDK's transport closed by itself: its close (stdin end, SIGTERM at 2 s, SIGKILL at 4 s)
  // is what a suite's client does to record; connect would wait for an initialize answer that never comes.
  const CLIENT = `import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
const transport = new StdioClientTransport({ command: process.execPath, args: ${JSON.stringify([CLI, 'record', '--consumer', 'deaf', '--out', 'deaf.mcp-consumer.json'])}.concat(['--', process.execPath, '-e', process.env.DEAF_SERVER]), env: { ...process.env }, stderr: 'ignore' })
await transport.start()
await transport.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } })
await new Promise((resolve) => setTimeout(resolve, 300))
await transport.close()
process.stdout.write('closed\\n')
`

  test.each([1, 2, 3])('round %i: the SDK client closing record leaves no process running', { timeout: 60_000 }, async () => {
    const mark = orphanMark()
    const client = startNode(['--input-type=module', '-e', CLIENT], { ...mark.env, DEAF_SERVER })
    expect(await client.exited).toBe(0)
    expect(client.stdout()).toBe('closed\n')
    // Why a poll: a process signalled last may take a moment to be gone; one left running stays.
    await expect.poll(() => processesMarked(mark), { timeout: 5_000 }).toEqual([])
  })
})
