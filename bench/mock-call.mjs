// Budget (ARCHITECTURE.md): an in-process tools/call on the mock costs at most 1.2× the same
// call on a hand-written McpServer tool returning a fixed object of the same shape. Both servers
// are connected to an SDK client over InMemoryTransport in one process; calls alternate between
// them, each call has its own arguments (so the mock generates a fresh value every time), and
// the first calls of each warm up (validators and generators are compiled once per tool).
// Run: npm run build && node bench/mock-call.mjs [calls=1000]
import { performance } from 'node:perf_hooks'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { captureSurface, mockServer } from '../dist/index.js'

const calls = Number(process.argv[2] ?? 1000)
const WARM_UP = 200

const result = { total: 2, items: [{ id: 'p1', name: 'Green tea', price: 9.5, tags: ['tea'] }, { id: 'p2', name: 'Black tea', price: 7.25, tags: [] }] }

function handWritten() {
  const server = new McpServer({ name: 'shop', version: '1.0.0' })
  server.registerTool(
    'search_products',
    {
      description: 'Search the catalog.',
      inputSchema: { query: z.string().min(1), limit: z.number().int().min(1).max(50).optional() },
      outputSchema: {
        total: z.number().int().nonnegative(),
        items: z.array(z.object({ id: z.string(), name: z.string(), price: z.number().nonnegative(), tags: z.array(z.string()) })).max(3),
      },
    },
    async () => ({ content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result }),
  )
  return server
}

async function connect(server) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const client = new Client({ name: 'bench', version: '1.0.0' })
  await client.connect(clientSide)
  return client
}

const contract = await captureSurface(handWritten())
const real = await connect(handWritten())
const mock = await connect(mockServer(contract, { seed: 1 }))

async function timeCall(client, i) {
  const start = performance.now()
  const answer = await client.callTool({ name: 'search_products', arguments: { query: `tea ${i}`, limit: 1 + (i % 50) } })
  const ms = performance.now() - start
  if (answer.isError || answer.structuredContent === undefined) throw new Error(`the call failed, the bench is not measuring a call: ${JSON.stringify(answer)}`)
  return ms
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const realTimes = []
const mockTimes = []
for (let i = 0; i < WARM_UP + calls; i++) {
  const [first, second] = i % 2 === 0 ? [real, mock] : [mock, real]
  const a = await timeCall(first, i)
  const b = await timeCall(second, i)
  if (i < WARM_UP) continue
  ;(first === real ? realTimes : mockTimes).push(a)
  ;(second === real ? realTimes : mockTimes).push(b)
}
await real.close()
await mock.close()
const [realMs, mockMs] = [median(realTimes), median(mockTimes)]
console.log(`${calls} calls each: hand-written McpServer median ${(realMs * 1000).toFixed(0)} µs, mock median ${(mockMs * 1000).toFixed(0)} µs`)
console.log(`median ratio mock/hand-written: ${(mockMs / realMs).toFixed(3)} (budget 1.20)`)
