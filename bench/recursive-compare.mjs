// Budget (issue: schema engine): a 12-branch recursive `oneOf` whose branches refer back to the
// union several times, compared with itself (and with a copy under another definition name, which
// defeats any equal-text shortcut), finishes well under one second; a change deep in the cycle is found.
// Run: npm run build && node bench/recursive-compare.mjs
import { performance } from 'node:perf_hooks'
import { diffSurfaces, normalizeSurface } from '../dist/index.js'

function expression(name, extra) {
  const ref = { $ref: `#/$defs/${name}` }
  const oneOf = Array.from({ length: 12 }, (_, i) => ({
    type: 'object',
    properties: { op: { const: `op${i}` }, left: ref, right: ref, args: { type: 'array', items: ref }, ...(i === 7 ? extra : {}) },
    required: ['op'],
    additionalProperties: false,
  }))
  return { type: 'object', properties: { expr: ref, history: { type: 'array', items: ref } }, required: ['expr'], $defs: { [name]: { oneOf } } }
}

const surface = (schema) =>
  normalizeSurface({ initialize: { serverInfo: { name: 'expr' }, capabilities: { tools: {} } }, tools: [{ name: 'evaluate', inputSchema: schema, outputSchema: schema }] })

const cases = [
  ['itself', surface(expression('Expr')), surface(expression('Expr')), 0],
  ['renamed definition', surface(expression('Expr')), surface(expression('Node')), 0],
  ['field type changed deep in the cycle', surface(expression('Expr', { note: { type: 'string' } })), surface(expression('Expr', { note: { type: 'integer' } })), 2],
]
for (const [title, before, after, expected] of cases) {
  const start = performance.now()
  const report = diffSurfaces(before, after)
  const ms = performance.now() - start
  const found = report.changes.filter((change) => change.kind !== 'schema-annotation-changed').length
  console.log(`${title}: ${ms.toFixed(1)} ms, ${found} finding(s) (expected ${expected})${found === expected ? '' : '  ← unexpected'}`)
}
