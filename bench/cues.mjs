// Budget (issue 46): reading texts for security cues costs `check` nothing measurable when no
// text changed, and a bounded amount per changed text.
// Two diffs of the same 1000-tool surface, interleaved, median of the runs:
//   none    — every tenth tool's schema changed, no text changed (the cue pass returns at once);
//   texts   — the same, and every tenth tool's description changed too (each text read for cues,
//             with benign edits that look suspicious: a docs link, "IMPORTANT:", a sibling named).
// (texts − none) / changed texts is the cost of one changed text, detection and cues together,
// including the one-off reading of the server's own names and hosts.
// Run: npm run build && node bench/cues.mjs [tools=1000] [runs=9]
import { performance } from 'node:perf_hooks'
import { diffSurfaces, normalizeSurface } from '../dist/index.js'

const count = Number(process.argv[2] ?? 1000)
const runs = Number(process.argv[3] ?? 9)

function rawTool(i, { schema, text }) {
  const changed = i % 10 === 0
  return {
    name: `tool_${i}`,
    description: `Search records of kind ${i}. Results are paged; see https://docs.example.com/tools/${i}.${text && changed ? ' IMPORTANT: dates must be ISO 8601. Call tool_0 first to list the kinds.' : ''}`,
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What to look for' },
        limit: { type: 'integer', minimum: 1, maximum: schema && changed ? 100 : 500 },
      },
      required: ['query'],
    },
  }
}

function surface(options) {
  return normalizeSurface({ initialize: { protocolVersion: '2025-06-18', serverInfo: { name: 'records-server', version: '1.0.0' }, capabilities: { tools: {} } }, tools: Array.from({ length: count }, (_, i) => rawTool(i, options)) })
}

const recorded = surface({ schema: false, text: false })
const schemaOnly = surface({ schema: true, text: false })
const withTexts = surface({ schema: true, text: true })
const changedTexts = diffSurfaces(recorded, withTexts).changes.filter((change) => change.kind === 'tool-description-changed').length
const cued = diffSurfaces(recorded, withTexts).changes.filter((change) => change.cues !== undefined).length

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const time = (live) => {
  const start = performance.now()
  diffSurfaces(recorded, live)
  return performance.now() - start
}
for (let i = 0; i < 2; i++) {
  time(schemaOnly)
  time(withTexts)
}
const none = []
const texts = []
for (let i = 0; i < runs; i++) {
  none.push(time(schemaOnly))
  texts.push(time(withTexts))
}
const noneMs = median(none)
const textsMs = median(texts)
console.log(`${count} tools, ${count / 10} with a schema change; median of ${runs} interleaved runs`)
console.log(`no text changed:        ${noneMs.toFixed(1)} ms (cues read no text: the pass returns before building its context)`)
console.log(`${changedTexts} texts changed too:  ${textsMs.toFixed(1)} ms (${cued} carry cues)`)
console.log(`per changed text (detection and cues): ${(((textsMs - noneMs) / changedTexts) * 1000).toFixed(0)} µs`)
