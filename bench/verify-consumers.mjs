// Budget (issue: consumer-driven contracts): `mcp-contract verify` of 20 consumer contracts × 50
// tools costs at most 1.2× one `mcp-contract check` of the same stdio server. Both are whole
// processes, run interleaved in one session; the figures are medians, and the ratio the median
// of the per-run ratios. The contracts are recorded for real: each consumer calls every tool
// through recordConsumer (two argument shapes each) and reads two output fields.
// Run: npm run build && node bench/verify-consumers.mjs [consumers=20] [tools=50] [runs=11]
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const consumers = Number(process.argv[2] ?? 20)
const tools = Number(process.argv[3] ?? 50)
const runs = Number(process.argv[4] ?? 11)
const { consumerRecordingOf, recordConsumer, writeConsumerContract } = await import(join(root, 'dist/index.js'))
const { createManyToolsServer } = await import(join(root, 'test/fixtures/servers/many-tools-server.js'))
const server = join(root, 'test/fixtures/servers/many-tools.js')
const folder = mkdtempSync(join(tmpdir(), 'mcp-contract-bench-'))
const contract = join(folder, 'mcp-contract.json')
const contracts = join(folder, 'contracts')
mkdirSync(contracts)

/** Records one consumer that calls every tool with two argument shapes and reads two fields of each answer. */
async function recordOne(index) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await createManyToolsServer(tools).connect(serverSide)
  const raw = new Client({ name: `consumer-${index}`, version: '1.0.0' })
  await raw.connect(clientSide)
  const client = recordConsumer(raw, { consumer: `consumer-${String(index).padStart(2, '0')}` })
  for (let i = 0; i < tools; i++) {
    const name = `tool_${String(i).padStart(4, '0')}`
    for (const args of [{ query: 'mug', limit: index + 1 }, { query: 'cup', filters: { tags: [{ name: 'blue', weight: 0.5 }] }, mode: 'fast' }]) {
      const result = await client.callTool({ name, arguments: args })
      void result.structuredContent.records.map((record) => record.id)
      void result.structuredContent.next
    }
  }
  await writeConsumerContract(join(contracts, `consumer-${String(index).padStart(2, '0')}.mcp-consumer.json`), await consumerRecordingOf(client).contract())
  await raw.close()
}

const env = { ...process.env, TOOLS: String(tools) }
const time = (args, expected = 0) => {
  const start = performance.now()
  const result = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== expected) throw new Error(`${args.join(' ')} exited with ${result.status}`)
  return performance.now() - start
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

try {
  for (let i = 0; i < consumers; i++) await recordOne(i)
  const cli = join(root, 'dist/cli.cjs')
  time([cli, 'snapshot', '--contract', contract, '--', process.execPath, server])
  const check = [cli, 'check', '--contract', contract, '--', process.execPath, server]
  const verify = [cli, 'verify', '--consumers', contracts, '--', process.execPath, server]
  time(check)
  time(verify)
  const checkTimes = []
  const verifyTimes = []
  const ratios = []
  for (let i = 0; i < runs; i++) {
    const c = time(check)
    const v = time(verify)
    checkTimes.push(c)
    verifyTimes.push(v)
    ratios.push(v / c)
  }
  console.log(`${consumers} consumer contracts × ${tools} tools over stdio, ${runs} runs: check median ${median(checkTimes).toFixed(0)} ms, verify median ${median(verifyTimes).toFixed(0)} ms`)
  console.log(`median ratio verify/check: ${median(ratios).toFixed(3)} (budget 1.2)`)
} finally {
  rmSync(folder, { recursive: true, force: true })
}
