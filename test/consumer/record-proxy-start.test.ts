import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CLI, fixture, ROOT, runCliProcess, scrub } from '../support/run-cli-process.js'

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-record-start-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** The `src/` files bundled into the `dist/` modules a process loaded (esbuild marks each with `// src/…`), and the Node built-ins it loaded. */
async function sourcesLoaded(log: string): Promise<Set<string>> {
  const urls = [...new Set((await readFile(log, 'utf8')).split('\n'))]
  const texts = await Promise.all(urls.filter((url) => url.startsWith('file:') && url.includes('/dist/')).map((url) => readFile(fileURLToPath(url), 'utf8')))
  return new Set([...urls.filter((url) => url.startsWith('node:')), ...texts.flatMap((text) => [...text.matchAll(/^\/\/ (src\/\S+\.ts)$/gm)].map((match) => match[1]))])
}

// Why a test of what loads, not of time: a client waits for record's server, and what record
// loads before and beside it is what the proxy costs a suite; times on a shared machine say little.
test('a record process loads the proxy and the recorder, not the other commands, the HTTP proxy, the schema engine, the help, the change kinds or node:crypto', async () => {
  const log = join(dir, 'loaded.txt')
  const out = join(dir, 'start.mcp-consumer.json')
  const proxy = spawn(process.execPath, ['--import', join(ROOT, 'test/fixtures/record/log-loads.mjs'), CLI, 'record', '--consumer', 'start', '--out', out, '--', process.execPath, fixture('recorded-weather.js')], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, LOADED_MODULES_FILE: log },
  })
  let stdout = ''
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
  proxy.stdin.end()
  expect(await exited).toBe(0)
  expect(JSON.parse(await readFile(out, 'utf8')).tools).toEqual([{ name: 'get_weather', examples: [{ city: 'Darwin' }], reads: [] }])
  const loaded = await sourcesLoaded(log)
  // Why these first: the test means nothing unless the log saw the proxy at work.
  expect(['src/cli/run-record.ts', 'src/capture/record-stdio-proxy.ts', 'src/consumer/record/wire-recording.ts'].filter((file) => !loaded.has(file))).toEqual([])
  expect(['src/cli/run-cli.ts', 'src/cli/run-check.ts', 'src/cli/run-commands.ts', 'src/capture/record-http-proxy.ts', 'src/surface/normalize.ts'].filter((file) => loaded.has(file))).toEqual([])
  // Why these too: each was once loaded by every record process, for an option or a path record rarely takes.
  expect(['src/cli/help-text.ts', 'src/diff/registry.ts', 'src/lint/profile-registry.ts', 'src/capture/capture-raw.ts', 'src/capture/auth/token-cache.ts', 'node:crypto'].filter((file) => loaded.has(file))).toEqual([])
})

describe('a server record cannot start or that ends early', () => {
  test('a command that does not exist: "command not found", naming it, exit 2 and no file', async () => {
    const out = join(dir, 'missing.mcp-consumer.json')
    const run = await runCliProcess(['record', '--consumer', 'missing', '--out', out, '--', 'mcp-contract-no-such-server', '--flag'], { cwd: dir })
    expect({ code: run.code, stderr: scrub(run.stderr, { [dir]: '<dir>' }) }).toMatchInlineSnapshot(`
      {
        "code": 2,
        "stderr": "mcp-contract: could not start mcp-contract-no-such-server: command not found. Check that the command after -- exists (on PATH or as an absolute path).
      ",
      }
    `)
    await expect(readFile(out, 'utf8')).rejects.toThrow('ENOENT')
  })

  test('a server that exits before the client sends anything: its exit code, in what record says and as record\'s own', async () => {
    const out = join(dir, 'early.mcp-consumer.json')
    const run = await runCliProcess(['record', '--consumer', 'early', '--out', out, '--', process.execPath, '-e', 'process.exit(3)'], { cwd: dir })
    expect({ code: run.code, stderr: scrub(run.stderr, { [dir]: '<dir>' }) }).toMatchInlineSnapshot(`
      {
        "code": 3,
        "stderr": "mcp-contract record: NOTHING RECORDED for consumer "early"; <dir>/early.mcp-consumer.json was not written (the server exited with code 3). The client sent no message at all. Check that the consumer reaches its server through this command and that the tests that use the server ran.
      ",
      }
    `)
  })
})
