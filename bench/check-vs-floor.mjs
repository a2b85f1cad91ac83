// Budget (ARCHITECTURE.md): an in-process check of a 1,000-tool server — captureSurface +
// diffSurfaces against its recorded contract — costs at most 1.3× the floor: a bare SDK client
// connecting the same server and reading tools/list with raw paged requests. Both are measured
// in one process, interleaved, on fresh server instances built outside the timed region.
// Run: npm run build && node bench/check-vs-floor.mjs [tools=1000] [runs=15]
import { performance } from 'node:perf_hooks'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { z } from 'zod'
import { captureSurface, diffSurfaces } from '../dist/index.js'
import { createManyToolsServer } from '../test/fixtures/servers/many-tools-server.js'

const tools = Number(process.argv[2] ?? 1000)
const runs = Number(process.argv[3] ?? 15)
const passthrough = z.object({}).passthrough()

async function floor(server) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const client = new Client({ name: 'floor', version: '1.0.0' })
  await client.connect(clientSide)
  let cursor
  let count = 0
  do {
    const page = await client.request({ method: 'tools/list', params: cursor ? { cursor } : {} }, passthrough)
    count += page.tools.length
    cursor = page.nextCursor
  } while (cursor)
  await client.close()
  await server.close()
  return count
}

async function check(server, recorded) {
  const live = await captureSurface(server)
  const report = diffSurfaces(recorded, live)
  if (!report.ok || report.changes.length > 0) throw new Error('the unchanged server drifted: the bench is not measuring a check')
  return live.tools.length
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const recorded = await captureSurface(createManyToolsServer(tools))
for (let i = 0; i < 3; i++) {
  await floor(createManyToolsServer(tools))
  await check(createManyToolsServer(tools), recorded)
}
const floorTimes = []
const checkTimes = []
const ratios = []
for (let i = 0; i < runs; i++) {
  const a = createManyToolsServer(tools)
  const b = createManyToolsServer(tools)
  let start = performance.now()
  await floor(a)
  const floorMs = performance.now() - start
  start = performance.now()
  await check(b, recorded)
  const checkMs = performance.now() - start
  floorTimes.push(floorMs)
  checkTimes.push(checkMs)
  ratios.push(checkMs / floorMs)
}
console.log(`${tools} tools, ${runs} runs: floor median ${median(floorTimes).toFixed(1)} ms, check median ${median(checkTimes).toFixed(1)} ms`)
console.log(`median ratio check/floor: ${median(ratios).toFixed(3)} (budget 1.30)`)
