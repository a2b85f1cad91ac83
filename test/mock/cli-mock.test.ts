import { spawn } from 'node:child_process'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { beforeAll, describe, expect, test } from 'vitest'
import { writeContract } from '../../src/contract/contract-file.js'
import { CLI, runCliProcess, scrub } from '../support/run-cli-process.js'
import { CONTRACT_FIXTURES } from './fixture-contracts.js'

// The CLI's own round trip: `check` records the mock that `mock` serves from the same file.
const OVER_THE_WIRE = ['catalog v1 (McpServer)', 'recursive zod tree (McpServer)', 'keyword families v1 (stdio)', 'memory-2026-8-31 (real server)', 'filesystem-2026-8-31 (real server)']

let dir: string
const files = new Map<string, string>()
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-mock-cli-'))
  for (const [index, name] of OVER_THE_WIRE.entries()) {
    const file = join(dir, `contract-${index}.json`)
    await writeContract(file, await CONTRACT_FIXTURES.find((fixture) => fixture.name === name)!.contract())
    files.set(name, file)
  }
})

describe('mcp-contract check -- mcp-contract mock: no change', () => {
  test.each(OVER_THE_WIRE)('%s over stdio', async (name) => {
    const contract = files.get(name)!
    const run = await runCliProcess(['check', '--strict', '--fail-on', 'cosmetic', '--contract', contract, '--', process.execPath, CLI, 'mock', '--contract', contract])
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 0, stdout: 'no changes — passes (fails at cosmetic and above)\n' })
    // Why only warnings: a contract a client profile refuses (keyword families has a boolean property schema) is served as recorded, and check says so.
    expect(run.stderr.split('\n').filter(Boolean).every((line) => line.startsWith('mcp-contract: warning:'))).toBe(true)
  })

  test('over Streamable HTTP on 127.0.0.1 (--port 0 picks a free port); SIGTERM stops it with exit 0', async () => {
    const contract = files.get('catalog v1 (McpServer)')!
    const mock = spawn(process.execPath, [CLI, 'mock', '--contract', contract, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] })
    const exited = new Promise<number | null>((resolve) => mock.on('close', resolve))
    let stderr = ''
    mock.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    const url = await new Promise<string>((resolve, reject) => {
      let stdout = ''
      mock.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8')
        const match = /^listening (http:\/\/127\.0\.0\.1:\d+\/mcp)\n/.exec(stdout)
        if (match) resolve(match[1])
      })
      mock.on('close', () => reject(new Error(`mock exited before listening: ${stderr}`)))
    })
    try {
      const run = await runCliProcess(['check', '--strict', '--contract', contract, '--url', url])
      expect(run).toEqual({ code: 0, stderr: '', stdout: 'no changes — passes (fails at routing and above)\n' })
    } finally {
      mock.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
    expect(stderr).toBe('')
  })
})

test('--verbose logs each request to stderr; stdout stays the protocol', async () => {
  const contract = files.get('catalog v1 (McpServer)')!
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mock', '--contract', contract, '--seed', '7', '--verbose'], stderr: 'pipe' })
  let stderr = ''
  transport.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const client = new Client({ name: 'consumer', version: '1.0.0' })
  await client.connect(transport)
  try {
    const result = await client.callTool({ name: 'search_products', arguments: { query: 'tea' } })
    expect(result.isError).toBeUndefined()
    await client.callTool({ name: 'get_product', arguments: {} })
    await client.readResource({ uri: 'catalog://categories' })
  } finally {
    await client.close()
  }
  expect(stderr).toMatchInlineSnapshot(`
    "mcp-contract mock: tools/call search_products {"query":"tea"} → ok
    mcp-contract mock: tools/call get_product {} → error: MCP error -32602: Input validation error: Invalid arguments for tool get_product: is required at sku
    mcp-contract mock: resources/read catalog://categories
    "
  `)
})

describe('mock: usage errors', () => {
  test.each([
    { title: 'a server command', args: ['mock', '--', 'node', 'server.js'] },
    { title: 'a bad --port', args: ['mock', '--port', '99999'] },
    { title: 'a bad --seed', args: ['mock', '--seed', 'abc'] },
  ])('$title', async ({ args }) => {
    const run = await runCliProcess(args)
    expect(run.code).toBe(2)
    expect(run.stderr.split('\n')[0]).toMatchSnapshot()
  })

  test('a missing contract file', async () => {
    const run = await runCliProcess(['mock', '--contract', join(dir, 'missing.json')])
    expect(run.code).toBe(2)
    expect(scrub(run.stderr, { [dir]: '<dir>' })).toMatchInlineSnapshot(`
      "mcp-contract: <dir>/missing.json does not exist. Record it first with \`mcp-contract snapshot\` (or run the test once outside CI).
      "
    `)
  })
})
