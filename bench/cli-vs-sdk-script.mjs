// Budget (ARCHITECTURE.md): `mcp-contract check` against a stdio server with 1,000 tools costs at
// most 1.08× a bare SDK client script that spawns, initializes and lists the same server.
// Both are whole processes, run interleaved in one session; the figure is the median ratio.
// Run: npm run build && node bench/cli-vs-sdk-script.mjs [tools=1000] [runs=11]
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const tools = Number(process.argv[2] ?? 1000)
const runs = Number(process.argv[3] ?? 11)
const server = join(root, 'test/fixtures/servers/many-tools.js')
const folder = mkdtempSync(join(tmpdir(), 'mcp-contract-bench-'))
const contract = join(folder, 'mcp-contract.json')
const bare = join(root, 'bench/.bare-sdk-client.mjs')

// The floor: what any client must do to see the surface — spawn, initialize, list every page.
writeFileSync(
  bare,
  `import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { z } from 'zod'
const client = new Client({ name: 'bare', version: '1.0.0' })
await client.connect(new StdioClientTransport({ command: process.execPath, args: [${JSON.stringify(server)}], env: { ...process.env } }))
let cursor
do {
  const page = await client.request({ method: 'tools/list', params: cursor ? { cursor } : {} }, z.object({}).passthrough())
  cursor = page.nextCursor
} while (cursor)
await client.close()
`,
)

const env = { ...process.env, TOOLS: String(tools) }
const time = (args) => {
  const start = performance.now()
  const result = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited with ${result.status}`)
  return performance.now() - start
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

try {
  time([join(root, 'dist/cli.js'), 'snapshot', '--contract', contract, '--', process.execPath, server])
  const check = [join(root, 'dist/cli.js'), 'check', '--contract', contract, '--', process.execPath, server]
  time([bare])
  time(check)
  const bareTimes = []
  const checkTimes = []
  const ratios = []
  for (let i = 0; i < runs; i++) {
    const b = time([bare])
    const c = time(check)
    bareTimes.push(b)
    checkTimes.push(c)
    ratios.push(c / b)
  }
  console.log(`${tools} tools over stdio, ${runs} runs: bare SDK script median ${median(bareTimes).toFixed(0)} ms, mcp-contract check median ${median(checkTimes).toFixed(0)} ms`)
  console.log(`median ratio check/bare: ${median(ratios).toFixed(3)} (budget 1.08)`)
} finally {
  rmSync(folder, { recursive: true, force: true })
  rmSync(bare, { force: true })
}
