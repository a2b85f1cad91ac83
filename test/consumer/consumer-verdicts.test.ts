import { describe, expect, test } from 'vitest'
import type { ConsumerContract, ConsumerTool } from '../../src/consumer/consumer-contract.js'
import { verifyConsumer } from '../../src/consumer/verify/verify-consumer.js'
import { WireRecording } from '../../src/consumer/record/wire-recording.js'
import { describeChange } from '../../src/report/describe-change.js'
import { renderPath } from '../../src/surface/render-path.js'
import type { Schema } from '../../src/surface/types.js'
import { objectSchema, surface, tool } from '../support/build-surface.js'

const weatherOutput = (fields: string[]) => objectSchema(Object.fromEntries(fields.map((field) => [field, { type: field === 'conditions' ? 'string' : 'number' }])), fields)
const weatherInput = (argument = 'city') => objectSchema({ [argument]: { type: 'string' } }, [argument])
const ALL = ['temperature', 'conditions', 'humidity']

/** The live weather server: get_weather with the given argument and output fields, and a tool nobody calls. */
const live = (options: { argument?: string; fields?: string[] | null; untouched?: boolean } = {}) =>
  surface({
    tools: [
      tool('get_weather', { inputSchema: weatherInput(options.argument), ...(options.fields === null ? {} : { outputSchema: weatherOutput(options.fields ?? ALL) }), hints: { readOnlyHint: true } }),
      ...(options.untouched === false ? [] : [tool('get_alerts', { inputSchema: weatherInput() })]),
    ],
  })

/**
 * The contract a recorder makes of one get_weather call against the full server, through the
 * wire: `reads` the consumer's own, `seenWhole` when a dependency serialised the output.
 */
async function recorded(options: { observeReads: boolean; reads?: string[]; seenWhole?: boolean; declared?: string[] }): Promise<ConsumerContract> {
  const wire = new WireRecording({ consumer: 'weather-agent', observeReads: options.observeReads, ...(options.declared ? { reads: { get_weather: options.declared } } : {}) })
  wire.fromClient({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
  const listed = live().tools!.map((entry) => ({ name: entry.name, inputSchema: entry.inputSchema, ...(entry.outputSchema ? { outputSchema: entry.outputSchema } : {}), annotations: entry.hints }))
  wire.fromServer({ jsonrpc: '2.0', id: 1, result: { tools: listed } })
  wire.fromClient({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_weather', arguments: { city: 'Oslo' } } })
  const answer = wire.fromServer({ jsonrpc: '2.0', id: 2, result: { content: [], structuredContent: { temperature: 4, conditions: 'snow', humidity: 80 } } }) as { result: { structuredContent: Record<string, unknown> } }
  const content = answer.result.structuredContent
  // Why the SDK's serializeMessage: it runs JSON.stringify inside node_modules, as a framework handing the output to the model does.
  if (options.seenWhole) (await import('@modelcontextprotocol/sdk/shared/stdio.js')).serializeMessage({ jsonrpc: '2.0', id: 2, result: { structuredContent: content } } as never)
  for (const field of options.reads ?? []) void content[field]
  return wire.contract()
}

describe('provider verdicts on what a consumer uses', () => {
  test.each([
    { title: 'unchanged: ok', consumer: { observeReads: true, reads: ['temperature'], seenWhole: true }, server: {}, expected: [] },
    { title: 'a removed field the code reads breaks, naming it', consumer: { observeReads: true, reads: ['temperature'] }, server: { fields: ['conditions', 'humidity'] }, expected: [{ severity: 'breaking', path: 'temperature' }] },
    { title: 'a removed field nobody read nor saw: ok', consumer: { observeReads: true, reads: ['temperature'] }, server: { fields: ['temperature'] }, expected: [] },
    {
      title: 'a removed field only the model saw whole is risky',
      consumer: { observeReads: true, reads: ['temperature'], seenWhole: true },
      server: { fields: ['temperature', 'conditions'] },
      expected: [{ kind: 'consumer-seen-field-removed', severity: 'risky', path: 'humidity' }],
    },
    {
      title: 'an output schema dropped altogether: the read breaks, the fields the model saw are risky',
      consumer: { observeReads: true, reads: ['temperature'], seenWhole: true },
      server: { fields: null },
      expected: [
        { kind: 'consumer-seen-field-removed', severity: 'risky', path: 'conditions' },
        { kind: 'consumer-seen-field-removed', severity: 'risky', path: 'humidity' },
        { kind: 'output-schema-removed', severity: 'breaking', path: '' },
      ],
    },
    { title: 'a renamed argument breaks, naming it', consumer: { observeReads: true, reads: ['temperature'] }, server: { argument: 'location' }, expected: [{ kind: 'consumer-example-rejected', severity: 'breaking', path: 'location' }, { kind: 'consumer-tool-text-changed', severity: 'routing', path: '' }] },
    { title: 'a tool the consumer never calls is removed: ok', consumer: { observeReads: true, reads: ['temperature'] }, server: { untouched: false }, expected: [] },
    { title: 'reads not observed: a removed field is no guessed read, ok', consumer: { observeReads: false }, server: { fields: ['conditions'] }, expected: [] },
    { title: 'reads not observed: a renamed argument still breaks', consumer: { observeReads: false }, server: { argument: 'location' }, expected: [{ kind: 'consumer-example-rejected', severity: 'breaking', path: 'location' }, { kind: 'consumer-tool-text-changed', severity: 'routing', path: '' }] },
    { title: 'reads not observed: the output itself gone is judged', consumer: { observeReads: false }, server: { fields: null }, expected: [{ kind: 'output-schema-removed', severity: 'breaking', path: '' }] },
    { title: 'reads not observed, a declared read removed: breaks, naming it', consumer: { observeReads: false, declared: ['humidity'] }, server: { fields: ['temperature', 'conditions'] }, expected: [{ severity: 'breaking', path: 'humidity' }] },
  ])('$title', async ({ consumer, server, expected }) => {
    const report = await verifyConsumer(await recorded(consumer), live(server))
    const found = report.changes.map((change) => ({ kind: change.kind, severity: change.severity, path: renderPath(change.path) })).sort((a, b) => a.kind.localeCompare(b.kind) || a.path.localeCompare(b.path))
    expect(found).toMatchObject(expected)
    expect(found).toHaveLength(expected.length)
  })

  test('the risky change says the model saw the field and whether the agent relies on it is unknown', async () => {
    const report = await verifyConsumer(await recorded({ observeReads: true, reads: ['temperature'], seenWhole: true }), live({ fields: ['temperature', 'conditions'] }))
    expect(report.changes.map((change) => describeChange(change))).toMatchInlineSnapshot(`
      [
        {
          "effect": "the model saw this field in every answer; whether the agent relies on it is unknown",
          "location": "get_weather → output humidity",
          "place": "output humidity",
          "subject": "get_weather",
          "what": "weather-agent handed this field to the model with the whole output (its code never read it), and the server no longer declares it",
        },
      ]
    `)
  })

  test('a contract recorded from the wire is format 2, says reads were not observed, and keeps the output’s presence', async () => {
    const contract = await recorded({ observeReads: false })
    expect(contract).toMatchObject({ format: 2, readsObserved: false })
    expect(contract.tools[0]).toMatchObject({ reads: [], output: { type: 'object' } } satisfies Partial<ConsumerTool> & { output: Schema })
  })
})
