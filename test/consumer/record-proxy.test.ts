import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { writeContract } from '../../src/contract/contract-file.js'
import { CLI, fixture, ROOT, runCliProcess, scrub } from '../support/run-cli-process.js'
import { CONTRACT_FIXTURES } from '../mock/fixture-contracts.js'

const SERVER = fixture('recorded-weather.js')
const TEE = join(ROOT, 'test/fixtures/record/tee.mjs')
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-record-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Runs a client process to completion: its exit code, stdout and stderr. */
function runClient(command: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: dir, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** `record … -- server`, with the bytes on the client's side and on the server's side copied to `<name>.client.*` and `<name>.server.*`. */
function tappedRecord(name: string, recordArgs: string[], server: string[] = [process.execPath, SERVER]): string[] {
  return [process.execPath, TEE, join(dir, `${name}.client`), '--', process.execPath, CLI, 'record', ...recordArgs, '--', process.execPath, TEE, join(dir, `${name}.server`), '--', ...server]
}

/** What each side sent and received: the client's and the server's raw streams. */
async function wireOf(name: string) {
  const read = (file: string) => readFile(join(dir, file))
  return { clientSent: await read(`${name}.client.in`), serverReceived: await read(`${name}.server.in`), serverSent: await read(`${name}.server.out`), clientReceived: await read(`${name}.client.out`) }
}

describe('record over stdio, a client in another process', () => {
  test('an SDK client: sampling, elicitation and roots/list asked by the server, a cancelled call, a prompt and a resource; each side receives the bytes the other sent', async () => {
    const out = join(dir, 'sdk.mcp-consumer.json')
    const run = await runClient(process.execPath, [join(ROOT, 'test/fixtures/record/sdk-client.mjs'), 'stdio', ...tappedRecord('sdk', ['--consumer', 'sdk-agent', '--out', out])])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual({
      temperature: 22,
      model: 'the model said: echo rain?',
      asked: 'accept: c in forecasts',
      cancelled: expect.stringMatching(/^cancelled: .*no longer needed/),
      prompt: 'Forecast for Hobart',
      resource: 'MEL,SYD',
    })
    // Why stderr whole: the server's stderr passes through, then record says what it wrote.
    expect(scrub(run.stderr, { [dir]: '<dir>' })).toMatchInlineSnapshot(`
      "recorded-weather: ready
      mcp-contract record: recorded 4 tools, 1 prompt, 1 resource for consumer "sdk-agent" to <dir>/sdk.mcp-consumer.json
      "
    `)
    const wire = await wireOf('sdk')
    expect(wire.serverReceived.equals(wire.clientSent)).toBe(true)
    expect(wire.clientReceived.equals(wire.serverSent)).toBe(true)
    const sent = wire.clientSent.toString('utf8')
    expect(sent).toContain('"method":"notifications/cancelled"')
    // Why each by name: the server's requests and the client's answers crossed the proxy in both directions.
    for (const method of ['sampling/createMessage', 'elicitation/create', 'roots/list']) expect(wire.serverSent.toString('utf8')).toContain(`"method":"${method}"`)
    expect(sent).toContain('"result":{"action":"accept","content":{"units":"c"}}')
    expect(sent).toContain('"result":{"roots":[{"uri":"file:///work/forecasts","name":"forecasts"}]}')
    expect(await readFile(out, 'utf8')).toMatchSnapshot()
  })

  test('a Python client speaking newline JSON-RPC by hand; --redact keeps its key out of the file', async () => {
    const out = join(dir, 'python.mcp-consumer.json')
    const run = await runClient('python3', [join(ROOT, 'test/fixtures/record/line-client.py'), ...tappedRecord('python', ['--consumer', 'python-agent', '--out', out, '--redact', 'api_key'])])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual({ server: 'weather-mcp', tools: ['ask_model', 'ask_user', 'get_weather', 'wait_for_cancel'], conditions: 'Sunny, “clear” ☀', model: 'the model said: python says snow?', ping: {}, exit: 0 })
    const wire = await wireOf('python')
    expect(wire.serverReceived.equals(wire.clientSent)).toBe(true)
    expect(wire.clientReceived.equals(wire.serverSent)).toBe(true)
    const contract = JSON.parse(await readFile(out, 'utf8'))
    expect(contract).toMatchObject({ format: 2, consumer: 'python-agent', provider: 'weather-mcp', readsObserved: false, prompts: [], resources: [] })
    expect(contract.tools.map((tool: { name: string; examples: unknown[] }) => [tool.name, tool.examples])).toEqual([
      ['ask_model', [{ question: 'snow?' }]],
      ['get_weather', [{ api_key: '[redacted]', city: 'Perth' }]],
      ['wait_for_cancel', [{}]],
    ])
  })

  test('verify --consumers judges the recorded calls and arguments (reads not observed): ok, then a renamed argument breaks', async () => {
    const contract = join(dir, 'python.mcp-consumer.json')
    const same = await runCliProcess(['verify', '--consumers', contract, '--', process.execPath, SERVER], { cwd: dir })
    expect(same.code).toBe(0)
    // Why pinned: an ok from a wire recording promises less than one from observed reads, and says so.
    expect(same.stdout).toMatchInlineSnapshot(`
      "consumer      file                      verdict
      python-agent  python.mcp-consumer.json  ok

      python-agent (python.mcp-consumer.json):
        output reads were not all observed when this contract was recorded (from the wire by mcp-contract record, or through a client that copies each result before the consumer's code reads it, as the SDK's Client does under recordTransport), so a field the code reads may change unseen; for an SDK Client, record with recordConsumer(client) instead

      all 1 consumer still served
      "
    `)
    const json = await runCliProcess(['verify', '--consumers', contract, '--format', 'json', '--', process.execPath, SERVER], { cwd: dir })
    expect(JSON.parse(json.stdout).consumers[0]).toMatchInlineSnapshot(`
      {
        "changes": [],
        "consumer": "python-agent",
        "file": "python.mcp-consumer.json",
        "ok": true,
        "readsNote": "output reads were not all observed when this contract was recorded (from the wire by mcp-contract record, or through a client that copies each result before the consumer's code reads it, as the SDK's Client does under recordTransport), so a field the code reads may change unseen; for an SDK Client, record with recordConsumer(client) instead",
        "readsObserved": false,
      }
    `)
    const renamed = await runCliProcess(['verify', '--consumers', contract, '--', process.execPath, SERVER], { env: { RECORDED_WEATHER_VARIANT: 'renamed' } })
    expect(renamed.code).toBe(1)
    expect(renamed.stdout).toContain('get_weather')
    expect(renamed.stdout).toContain('location')
  })

  test('in front of mcp-contract mock: a consumer recorded with no provider running', async () => {
    const surface = join(dir, 'catalog.json')
    await writeContract(surface, await CONTRACT_FIXTURES.find((fixture) => fixture.name === 'catalog v1 (McpServer)')!.contract())
    const out = join(dir, 'mocked.mcp-consumer.json')
    const script = join(dir, 'mock-client.mjs')
    await writeFile(
      script,
      `import { Client } from '${ROOT}node_modules/@modelcontextprotocol/sdk/dist/esm/client/index.js'
import { StdioClientTransport } from '${ROOT}node_modules/@modelcontextprotocol/sdk/dist/esm/client/stdio.js'
const [command, ...args] = process.argv.slice(2)
const client = new Client({ name: 'catalog-consumer', version: '1.0.0' })
await client.connect(new StdioClientTransport({ command, args, stderr: 'inherit' }))
await client.callTool({ name: 'search_products', arguments: { query: 'tea' } })
await client.readResource({ uri: 'catalog://categories' })
await client.close()
`,
    )
    const run = await runClient(process.execPath, [script, process.execPath, CLI, 'record', '--consumer', 'catalog-consumer', '--out', out, '--', process.execPath, CLI, 'mock', '--contract', surface])
    expect(run).toMatchObject({ code: 0 })
    const contract = JSON.parse(await readFile(out, 'utf8'))
    expect(contract).toMatchObject({ consumer: 'catalog-consumer', readsObserved: false, resources: [{ uri: 'catalog://categories' }] })
    expect(contract.tools.map((tool: { name: string; examples: unknown[] }) => [tool.name, tool.examples])).toEqual([['search_products', [{ query: 'tea' }]]])
  })
})

describe('never silent', () => {
  test('a client that only initializes and lists tools writes no file, says what it saw, exits 1', async () => {
    const out = join(dir, 'nothing.mcp-consumer.json')
    const script = join(dir, 'lister.mjs')
    await writeFile(
      script,
      `import { Client } from '${ROOT}node_modules/@modelcontextprotocol/sdk/dist/esm/client/index.js'
import { StdioClientTransport } from '${ROOT}node_modules/@modelcontextprotocol/sdk/dist/esm/client/stdio.js'
const [command, ...args] = process.argv.slice(2)
const transport = new StdioClientTransport({ command, args, stderr: 'inherit' })
const client = new Client({ name: 'lister', version: '1.0.0' })
await client.connect(transport)
await client.listTools()
const exited = new Promise((resolve) => transport._process.once('exit', (code) => resolve(code)))
await client.close()
process.stdout.write(String(await exited))
`,
    )
    const run = await runClient(process.execPath, [script, process.execPath, CLI, 'record', '--consumer', 'lister', '--out', out, '--', process.execPath, SERVER])
    expect(run.stdout).toBe('1')
    expect(scrub(run.stderr, { [dir]: '<dir>' })).toMatchInlineSnapshot(`
      "recorded-weather: ready
      mcp-contract record: NOTHING RECORDED for consumer "lister"; <dir>/nothing.mcp-consumer.json was not written. The client sent initialize, notifications/initialized and tools/list but never called a tool (tools/call), got a prompt (prompts/get) or read a resource (resources/read). Check that the consumer reaches its server through this command and that the tests that use the server ran.
      "
    `)
    await expect(readFile(out)).rejects.toThrow(/ENOENT/)
  })
})

test('SIGTERM stops the proxy and the server, and still writes what was recorded; exit 143', async () => {
  const out = join(dir, 'stopped.mcp-consumer.json')
  const proxy = spawn(process.execPath, [CLI, 'record', '--consumer', 'stopped', '--out', out, '--', process.execPath, SERVER], { stdio: ['pipe', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  proxy.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const answered = new Promise<void>((resolve) =>
    proxy.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8')
      if (stdout.includes('"id":2')) resolve()
    }),
  )
  const exited = new Promise<number | null>((resolve) => proxy.on('close', resolve))
  proxy.stdin.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}\n')
  proxy.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_weather","arguments":{"city":"Darwin"}}}\n')
  await answered
  proxy.kill('SIGTERM')
  expect(await exited).toBe(143)
  expect(scrub(stderr, { [dir]: '<dir>' })).toMatchInlineSnapshot(`
    "recorded-weather: ready
    mcp-contract record: recorded 1 tool for consumer "stopped" to <dir>/stopped.mcp-consumer.json (stopped by SIGTERM)
    "
  `)
  expect(JSON.parse(await readFile(out, 'utf8')).tools).toEqual([{ name: 'get_weather', examples: [{ city: 'Darwin' }], reads: [] }])
})

test('what the server writes at once, before the client sends anything, reaches the client byte for byte', async () => {
  // Why escapes, spaces and key order: a proxy that re-serialised would change each of them.
  const early = '{ "method":"notifications/message", "jsonrpc":"2.0","params":{"level":"info","data":"caf\\u00e9 \\ud83d\\ude00 1.50"}}\n'
  const server = `process.stdout.write(${JSON.stringify(early)}); process.stdin.resume(); process.stdin.on('end', () => process.exit(0))`
  const run = await runCliProcess(['record', '--consumer', 'early', '--out', join(dir, 'early.mcp-consumer.json'), '--', process.execPath, '-e', server])
  expect(run.stdout).toBe(early)
  expect(run.code).toBe(1)
  expect(scrub(run.stderr, { [dir]: '<dir>' })).toMatchInlineSnapshot(`
    "mcp-contract record: NOTHING RECORDED for consumer "early"; <dir>/early.mcp-consumer.json was not written. The client sent no message at all. Check that the consumer reaches its server through this command and that the tests that use the server ran.
    "
  `)
})

describe('usage: one line, exit 2', () => {
  test.each([
    { title: 'no --consumer', args: ['record', '--out', 'x.json', '--', 'node', 's.js'] },
    { title: 'no --out', args: ['record', '--consumer', 'a', '--', 'node', 's.js'] },
    { title: 'both -- and --url', args: ['record', '--consumer', 'a', '--out', 'x.json', '--url', 'http://127.0.0.1:1/mcp', '--', 'node', 's.js'] },
    { title: 'no server', args: ['record', '--consumer', 'a', '--out', 'x.json'] },
    { title: '--port without --url', args: ['record', '--consumer', 'a', '--out', 'x.json', '--port', '0', '--', 'node', 's.js'] },
    { title: '--consumer on another command', args: ['check', '--consumer', 'a', '--', 'node', 's.js'] },
    { title: '--max-examples 0', args: ['record', '--consumer', 'a', '--out', 'x.json', '--max-examples', '0', '--', 'node', 's.js'] },
  ])('$title', async ({ args }) => {
    const run = await runCliProcess(args)
    expect(run.code).toBe(2)
    expect(run.stderr.split('\n')[0]).toMatchSnapshot()
  })

  test('--out one slip of the keyboard from a consumer contract beside it: exit 2 before the server starts, with the name meant, nothing written; --new records it on purpose', async () => {
    const folder = join(dir, 'typo')
    await mkdir(folder)
    await writeFile(join(folder, 'checkout-agent.mcp-consumer.json'), '{"consumer":"checkout-agent"}')
    const typo = join(folder, 'checkout-agnet.mcp-consumer.json')
    const refused = await runCliProcess(['record', '--consumer', 'checkout-agent', '--out', typo, '--', process.execPath, fixture('hang-at-initialize.js')])
    expect({ code: refused.code, stderr: scrub(refused.stderr, { [dir]: '<dir>' }) }).toMatchInlineSnapshot(`
      {
        "code": 2,
        "stderr": "mcp-contract: <dir>/typo/checkout-agnet.mcp-consumer.json does not exist, and a file beside it has a close name, so nothing was recorded and no server started. Did you mean "checkout-agent.mcp-consumer.json"? Fix --out; or, if this is a new consumer contract, record it deliberately with --new.
      ",
      }
    `)
    expect(await readdir(folder)).toEqual(['checkout-agent.mcp-consumer.json'])
    const deliberate = await runClient('python3', [join(ROOT, 'test/fixtures/record/line-client.py'), process.execPath, CLI, 'record', '--consumer', 'checkout-agent', '--new', '--out', typo, '--', process.execPath, SERVER])
    expect(deliberate.code).toBe(0)
    expect(JSON.parse(await readFile(typo, 'utf8'))).toMatchObject({ consumer: 'checkout-agent', provider: 'weather-mcp' })
  })

  test('--out in a folder that does not exist, a folder, a file that is no consumer contract, or holding another consumer: exit 2 before the server starts', async () => {
    const missing = await runCliProcess(['record', '--consumer', 'a', '--out', join(dir, 'no/such/folder/a.json'), '--', process.execPath, fixture('hang-at-initialize.js')])
    expect({ code: missing.code, stderr: scrub(missing.stderr, { [dir]: '<dir>' }) }).toMatchInlineSnapshot(`
      {
        "code": 2,
        "stderr": "mcp-contract: <dir>/no/such/folder/a.json cannot be written: its folder does not exist. Create the folder or choose another --out.
      ",
      }
    `)
    const folder = await runCliProcess(['record', '--consumer', 'a', '--out', dir, '--', process.execPath, fixture('hang-at-initialize.js')])
    expect({ code: folder.code, stderr: scrub(folder.stderr, { [dir]: '<dir>' }) }).toMatchInlineSnapshot(`
      {
        "code": 2,
        "stderr": "mcp-contract: <dir> could not be read (EISDIR); record writes nothing over a file it cannot read. Choose another --out.
      ",
      }
    `)
    await writeFile(join(dir, 'not-a-contract.json'), '{"tools":[]}')
    const foreign = await runCliProcess(['record', '--consumer', 'a', '--out', join(dir, 'not-a-contract.json'), '--', process.execPath, fixture('hang-at-initialize.js')])
    expect({ code: foreign.code, stderr: scrub(foreign.stderr, { [dir]: '<dir>' }) }).toMatchInlineSnapshot(`
      {
        "code": 2,
        "stderr": "mcp-contract: <dir>/not-a-contract.json is not a consumer contract; record does not write over it. Choose another --out, or remove the file.
      ",
      }
    `)
    const other = await runCliProcess(['record', '--consumer', 'someone-else', '--out', join(dir, 'python.mcp-consumer.json'), '--', process.execPath, fixture('hang-at-initialize.js')])
    expect({ code: other.code, stderr: scrub(other.stderr, { [dir]: '<dir>' }) }).toMatchInlineSnapshot(`
      {
        "code": 2,
        "stderr": "mcp-contract: <dir>/python.mcp-consumer.json holds consumer "python-agent", not "someone-else"; one file holds one consumer's uses. Record "someone-else" to another file.
      ",
      }
    `)
  })
})
