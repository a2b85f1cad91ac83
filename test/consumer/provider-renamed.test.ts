/**
 * A real published server that renamed itself between releases: @modelcontextprotocol/server-everything
 * 2025.7.29 (`example-servers/everything`) → 2026.8.31 (`mcp-servers/everything`), which also
 * removed two of the three tools the consumer calls. Verify must fail and name the rename, never
 * pass on a contract it skipped.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { toSatisfyConsumerContracts } from '../../matchers/index.js'
import { writeConsumerContract } from '../../src/consumer/consumer-contract.js'
import { consumerRecordingOf, recordConsumer } from '../../src/consumer/record/record-consumer.js'
import { cliIn } from '../support/run-cli-in-process.js'

const require = createRequire(import.meta.url)
const OLD = join(require.resolve('everything-2025-7-29/package.json'), '..', 'dist', 'index.js')
const NEW = join(require.resolve('everything-2026-8-31/package.json'), '..', 'dist', 'index.js')
const FILE = 'contracts/demo-agent.mcp-consumer.json'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-renamed-'))
  await writeFile(join(dir, 'package.json'), '{"name":"agent"}')
  await mkdir(join(dir, 'contracts'))
  // The agent calls three tools of the old release; 2026.8.31 keeps echo and renames add and getTinyImage.
  const raw = new Client({ name: 'demo-agent', version: '1.0.0' })
  await raw.connect(new StdioClientTransport({ command: process.execPath, args: [OLD], stderr: 'ignore' }))
  try {
    const client = recordConsumer(raw, { consumer: 'demo-agent' })
    await client.callTool({ name: 'echo', arguments: { message: 'hi' } })
    await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } })
    await client.callTool({ name: 'getTinyImage', arguments: {} })
    const contract = await consumerRecordingOf(client)!.contract()
    expect(contract.provider).toBe('example-servers/everything')
    await writeConsumerContract(join(dir, FILE), contract)
  } finally {
    await raw.close()
  }
}, 60_000)
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const cli = cliIn(() => dir)

test('verify of a contract file named directly fails and names the rename, with the --provider that verifies it', { timeout: 60_000 }, async () => {
  const run = await cli(['verify', '--consumers', FILE, '--', process.execPath, NEW, 'stdio'])
  expect(run.code).toBe(1)
  expect(run.stdout).toMatchInlineSnapshot(`
    "consumer    file                                    verdict
    demo-agent  contracts/demo-agent.mcp-consumer.json  fails: for provider example-servers/everything

    demo-agent (contracts/demo-agent.mcp-consumer.json):
      The server now names itself "mcp-servers/everything"; contracts/demo-agent.mcp-consumer.json records "example-servers/everything", and the server serves 1 of the 3 tools, prompts and resources it uses: was it renamed? --provider example-servers/everything verifies it against this server.

    no consumer verified — fails; 1 contract for another provider not verified
    "
  `)
})

test('toSatisfyConsumerContracts over the folder verifies nothing, so it fails, naming the rename and the provider option', { timeout: 60_000 }, async () => {
  const context = { isNot: false, testPath: join(dir, 'agent.test.js'), currentTestName: 'agent', snapshotState: { _updateSnapshot: 'none' } }
  const result = await toSatisfyConsumerContracts.call(context, { command: process.execPath, args: [NEW, 'stdio'] }, 'contracts/')
  expect(result.pass).toBe(false)
  expect(result.message()).toMatchInlineSnapshot(`
    "expect(server).toSatisfyConsumerContracts("contracts/")

    No consumer contract was verified: every one was recorded against another provider, and a verification of nothing never passes.

    consumer    file                                    verdict
    demo-agent  contracts/demo-agent.mcp-consumer.json  skipped: for provider example-servers/everything

    demo-agent (contracts/demo-agent.mcp-consumer.json):
      The server now names itself "mcp-servers/everything"; contracts/demo-agent.mcp-consumer.json records "example-servers/everything", and the server serves 1 of the 3 tools, prompts and resources it uses: was it renamed? { provider: "example-servers/everything" } verifies it against this server.

    no consumer verified — fails; 1 contract for another provider skipped"
  `)
})

test('verify --provider with the recorded name judges the contract: the two tools the agent calls that are gone read as their likely renames', { timeout: 60_000 }, async () => {
  const run = await cli(['verify', '--consumers', FILE, '--provider', 'example-servers/everything', '--', process.execPath, NEW, 'stdio'])
  expect(run.code).toBe(1)
  expect(run.stdout.split('\n').slice(0, 10).join('\n')).toMatchInlineSnapshot(`
    "consumer    file                                    verdict
    demo-agent  contracts/demo-agent.mcp-consumer.json  breaks (2 changes)

    demo-agent (contracts/demo-agent.mcp-consumer.json):
      tool add · 1 breaking
        breaking  tool-renamed
            suspected rename to get-sum (the same arguments); an agent that calls the old name fails
      tool getTinyImage · 1 breaking
        breaking  tool-renamed
            suspected rename to get-tiny-image (the same name spelled another way); an agent that calls the old name fails"
  `)
})
