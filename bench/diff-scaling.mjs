// Budget (ARCHITECTURE.md): diffing two surfaces is linear in size — 10× the tools costs at most
// 12× the time (median ratio of interleaved runs in one process).
// Each pair differs in every tenth tool (a required argument, a widened output, a new enum
// value), so the diff does real work rather than short-circuiting on equal text.
// Run: npm run build && node bench/diff-scaling.mjs [small=1000] [runs=9]
import { performance } from 'node:perf_hooks'
import { diffSurfaces, normalizeSurface } from '../dist/index.js'

const small = Number(process.argv[2] ?? 1000)
const runs = Number(process.argv[3] ?? 9)

function rawTool(i, drifted) {
  const changed = drifted && i % 10 === 0
  return {
    name: `tool_${i}`,
    description: `Tool ${i}`,
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1 },
        filters: {
          type: 'object',
          properties: {
            city: { type: 'string' },
            tags: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, weight: { type: 'number', minimum: 0, maximum: 1 } }, required: ['name'] } },
          },
        },
        mode: { type: 'string', enum: changed ? ['fast', 'thorough', 'exact'] : ['fast', 'thorough'] },
        limit: { type: 'integer', minimum: 1, maximum: 500 },
      },
      required: changed ? ['query', 'limit'] : ['query'],
    },
    outputSchema: {
      type: 'object',
      properties: { records: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, score: { type: changed ? ['number', 'null'] : 'number' } }, required: ['id'] } } },
      required: ['records'],
    },
    annotations: { readOnlyHint: i % 2 === 0 },
  }
}

function surfaces(n) {
  const initialize = { serverInfo: { name: 'scale' }, capabilities: { tools: {} } }
  return [false, true].map((drifted) => normalizeSurface({ initialize, tools: Array.from({ length: n }, (_, i) => rawTool(i, drifted)) }))
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const [smallOld, smallNew] = surfaces(small)
const [bigOld, bigNew] = surfaces(small * 10)
const time = (a, b) => {
  const start = performance.now()
  const report = diffSurfaces(a, b)
  const ms = performance.now() - start
  if (report.changes.length === 0) throw new Error('no changes found: the bench is not measuring a diff')
  return ms
}
for (let i = 0; i < 3; i++) {
  time(smallOld, smallNew)
  time(bigOld, bigNew)
}
const smallTimes = []
const bigTimes = []
for (let i = 0; i < runs; i++) {
  smallTimes.push(time(smallOld, smallNew))
  bigTimes.push(time(bigOld, bigNew))
}
console.log(`${small} tools: median ${median(smallTimes).toFixed(1)} ms · ${small * 10} tools: median ${median(bigTimes).toFixed(1)} ms`)
console.log(`ratio 10×/1×: ${(median(bigTimes) / median(smallTimes)).toFixed(2)} (budget 12)`)
