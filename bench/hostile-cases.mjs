// The hostile schemas of issue 9 (a sound engine under attack), shared by the time and memory
// benches: each case is one tool whose schema a hostile server could send, recorded and live.
export const initialize = { serverInfo: { name: 'hostile', version: '1' }, capabilities: { tools: {} } }
export const surface = (inputSchema) => ({ initialize, tools: [{ name: 'hostile', inputSchema }] })
const values = (n, shift = 0) => Array.from({ length: n }, (_, i) => `value_${i + shift}`)
const union = (n, shift = 0) => ({ anyOf: Array.from({ length: n }, (_, i) => ({ type: 'object', properties: { kind: { const: `k${i + shift}` }, v: { type: 'string' } }, required: ['kind'] })) })
const nested = (levels) => {
  let schema = { type: 'string' }
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { n: schema } }
  return schema
}
const manyDefinitions = (defs, refs) => {
  const $defs = {}
  for (let d = 0; d < defs; d++) $defs[`D${d}`] = { type: 'object', properties: Object.fromEntries(Array.from({ length: refs }, (_, r) => [`p${r}`, { $ref: `#/$defs/D${(d + r + 1) % defs}` }])) }
  return { type: 'object', properties: { root: { $ref: '#/$defs/D0' } }, $defs }
}
// Each definition's leaf reference moves from one target to another: every change is reached by
// more paths than memory holds (it ran out of memory before changes were kept once per definition).
const cycleWithChangedReferences = (defs, refs, leaf) => {
  const schema = manyDefinitions(defs, refs)
  for (const definition of Object.values(schema.$defs)) definition.properties.leaf = { $ref: `#/$defs/${leaf}` }
  schema.$defs.L1 = { type: 'string' }
  schema.$defs.L2 = { type: 'integer' }
  return schema
}

// Every definition refers to all the others, and one gains a required property: before the
// fixed point recomputed each pair once per reader, this spent the whole work budget.
const denseCycle = (changed) => {
  const schema = manyDefinitions(20, 20)
  if (changed) schema.$defs.D3.required = ['p1']
  return schema
}

/** [title, build: () => [recorded schema, live schema], time budget in ms]; built on demand, one at a time. */
export const cases = [
  ['changed 20,000-value enum', () => [{ type: 'string', enum: values(20_000) }, { type: 'string', enum: values(20_000, 1) }], 1000],
  ['20,000-object enum, one changed', () => [{ enum: values(20_000).map((v) => ({ v })) }, { enum: values(20_000, 1).map((v) => ({ v })) }], 1000],
  ['10,000-branch anyOf, one branch swapped', () => [union(10_000), union(10_000, 1)], 1000],
  ['oneOf of itself twice (hang before)', () => [{ type: 'object', properties: { name: true } }, { type: 'object', properties: { name: { $ref: '#/$defs/N' } }, $defs: { N: { oneOf: [{ $ref: '#/$defs/N' }, { $ref: '#/$defs/N' }] } } }], 2000],
  ['ReDoS pattern beside an enum', () => [{ type: 'string', pattern: '^(a+)+$', enum: [`${'a'.repeat(34)}!`] }, { type: 'string', pattern: '^(a+)+$', enum: [`${'a'.repeat(34)}!`, 'aaa'] }], 2000],
  ['1,500 nested properties', () => [nested(1500), nested(1501)], 2000],
  ['3,000 definitions × 20 references, unchanged', () => [manyDefinitions(3000, 20), manyDefinitions(3000, 20)], 2000],
  ['20 definitions each referring to all the others, one changed', () => [denseCycle(false), denseCycle(true)], 2000],
  ['3,000 definitions in a cycle × 20 references, each with one changed reference', () => [cycleWithChangedReferences(3000, 20, 'L1'), cycleWithChangedReferences(3000, 20, 'L2')], 2000],
]

