import { describe, expect, test } from 'vitest'
import { serializeConsumerContract } from '../../src/consumer/consumer-contract.js'
import { WireRecording } from '../../src/consumer/record/wire-recording.js'

/** One direction of a JSON-RPC exchange as a recorder sees it. */
type Step = { from: 'client' | 'server'; message: unknown }

const client = (message: unknown): Step => ({ from: 'client', message })
const server = (message: unknown): Step => ({ from: 'server', message })
const call = (id: number | string, name: string, args: Record<string, unknown> = {}) => client({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })
const result = (id: number | string, value: Record<string, unknown>) => server({ jsonrpc: '2.0', id, result: value })
const initialized = [client({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {} }), result(0, { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'weather', version: '1.0.0' } })]
const listed = [
  client({ jsonrpc: '2.0', id: 'list', method: 'tools/list', params: {} }),
  result('list', {
    tools: [
      {
        name: 'get_weather',
        inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        outputSchema: { type: 'object', properties: { temperature: { type: 'number' }, conditions: { type: 'string' }, humidity: { type: 'number' } }, required: ['temperature', 'conditions', 'humidity'] },
        annotations: { readOnlyHint: true },
      },
    ],
  }),
]

async function record(steps: Step[], options: Partial<ConstructorParameters<typeof WireRecording>[0]> = {}) {
  const wire = new WireRecording({ consumer: 'agent', observeReads: false, ...options })
  for (const step of steps) {
    if (step.from === 'client') wire.fromClient(step.message)
    else wire.fromServer(step.message)
  }
  return { wire, contract: await wire.contract() }
}

describe('WireRecording', () => {
  test.each([
    {
      title: 'a call answered: tool, example, hints from the client’s own listing, provider from initialize',
      steps: [...initialized, ...listed, call(1, 'get_weather', { city: 'Oslo' }), result(1, { content: [] })],
      expected: { provider: 'weather', tools: [{ name: 'get_weather', examples: [{ city: 'Oslo' }], hints: { readOnlyHint: true } }] },
    },
    {
      title: 'a call the server answers with an error is still recorded',
      steps: [call(1, 'get_weather', { city: 'Oslo' }), server({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad' } })],
      expected: { tools: [{ name: 'get_weather', examples: [{ city: 'Oslo' }] }] },
    },
    {
      title: 'a call the client cancels is still recorded',
      steps: [call(1, 'get_weather', { city: 'Oslo' }), client({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } })],
      expected: { tools: [{ name: 'get_weather', examples: [{ city: 'Oslo' }] }] },
    },
    {
      title: 'a batch both ways: every request is recorded',
      steps: [client([{ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'a', arguments: { x: 1 } } }, { jsonrpc: '2.0', id: 2, method: 'prompts/get', params: { name: 'p', arguments: { tone: 'dry' } } }, { jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: 'file:///r' } }]), server([{ jsonrpc: '2.0', id: 1, result: {} }])],
      expected: { tools: [{ name: 'a', examples: [{ x: 1 }] }], prompts: [{ name: 'p', arguments: ['tone'] }], resources: [{ uri: 'file:///r' }] },
    },
    {
      title: 'one example per argument shape, capped by maxExamples',
      steps: [call(1, 'a', { x: 1 }), call(2, 'a', { x: 2 }), call(3, 'a', { y: 'z' }), call(4, 'a', { z: true })],
      options: { maxExamples: 2 },
      expected: { tools: [{ name: 'a', examples: [{ x: 1 }, { y: 'z' }] }] },
    },
    {
      title: 'redacted argument paths never reach the contract',
      steps: [call(1, 'login', { user: 'ann', auth: { token: 'secret-token' } })],
      options: { redact: ['auth.token'] },
      expected: { tools: [{ name: 'login', examples: [{ user: 'ann', auth: { token: '[redacted]' } }] }] },
    },
    {
      title: '2026-07-28 era: the provider comes from a result’s _meta server-info block',
      steps: [
        client({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } }),
        result(1, { supportedVersions: ['2026-07-28'], capabilities: {}, _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'weather-2026', version: '2.0.0' } } }),
        client({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_weather', arguments: { city: 'Oslo' }, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } }),
      ],
      expected: { provider: 'weather-2026', tools: [{ name: 'get_weather', examples: [{ city: 'Oslo' }] }] },
    },
    {
      title: 'a server-to-client request with a client request’s id is not taken for its answer',
      steps: [call(1, 'a'), server({ jsonrpc: '2.0', id: 1, method: 'sampling/createMessage', params: {} }), client({ jsonrpc: '2.0', id: 1, result: { content: { type: 'text', text: 'hi' } } })],
      expected: { tools: [{ name: 'a', examples: [{}] }] },
    },
    {
      title: 'a tools/list the server pushes unasked gives no hints',
      steps: [listed[1], call(1, 'get_weather', { city: 'Oslo' })],
      expected: { tools: [{ name: 'get_weather', examples: [{ city: 'Oslo' }] }] },
    },
    {
      title: 'declared reads are recorded as reads, with the schema slice they rely on',
      steps: [...listed, call(1, 'get_weather', { city: 'Oslo' })],
      options: { reads: { get_weather: ['temperature', 'conditions'], never_called: ['x'] } },
      expected: { tools: [{ name: 'get_weather', reads: ['conditions', 'temperature'], output: { properties: { temperature: { type: 'number' }, conditions: { type: 'string' } } } }] },
    },
    {
      title: 'not JSON-RPC at all: nothing recorded, nothing thrown',
      steps: [client(undefined), client('text'), client([null, 3]), server(null), server({ id: {}, result: 1 }), client({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: 'x' })],
      expected: { tools: [] },
    },
  ])('$title', async ({ steps, options, expected }) => {
    const { contract } = await record(steps, options)
    expect(contract).toMatchObject({ format: 2, consumer: 'agent', readsObserved: false, ...expected })
    if (!('provider' in expected)) expect(contract.provider).toBeUndefined()
  })

  test('empty until a tool call, prompt get or resource read is seen', () => {
    const wire = new WireRecording({ consumer: 'agent', observeReads: false })
    for (const step of [...initialized, ...listed]) step.from === 'client' ? wire.fromClient(step.message) : wire.fromServer(step.message)
    expect(wire.empty).toBe(true)
    wire.fromClient({ jsonrpc: '2.0', id: 5, method: 'resources/read', params: { uri: 'file:///r' } })
    expect(wire.empty).toBe(false)
  })

  test('awaits answers only while one could change the recording, when outputs are not kept', () => {
    const wire = new WireRecording({ consumer: 'agent', observeReads: false, keepOutputs: false })
    const awaited: boolean[] = []
    for (const step of [...initialized, ...listed, call(1, 'get_weather', { city: 'Oslo' }), result(1, { content: [] })]) {
      step.from === 'client' ? wire.fromClient(step.message) : wire.fromServer(step.message)
      awaited.push(wire.awaitsAnswers)
    }
    // initialize and tools/list are awaited; once the provider is known a call's answer is not.
    expect(awaited).toEqual([true, false, true, false, false, false])
  })

  test('before the provider is known every answer is awaited: a 2026-07-28 call result names it', async () => {
    const wire = new WireRecording({ consumer: 'agent', observeReads: false, keepOutputs: false })
    wire.fromClient({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_weather', arguments: { city: 'Oslo' } } })
    expect(wire.awaitsAnswers).toBe(true)
    wire.fromServer({ jsonrpc: '2.0', id: 1, result: { content: [], _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'weather-2026', version: '2.0.0' } } } })
    expect(wire.awaitsAnswers).toBe(false)
    wire.fromClient({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_weather', arguments: { city: 'Rome' } } })
    expect(wire.awaitsAnswers).toBe(false)
    expect((await wire.contract()).provider).toBe('weather-2026')
  })

  test('outputs are kept for violations by default, and not with keepOutputs false', async () => {
    const steps = [...listed, call(1, 'get_weather', { city: 'Oslo' }), result(1, { content: [], structuredContent: { temperature: 'warm' } })]
    const kept = await record(steps)
    const dropped = await record(steps, { keepOutputs: false })
    expect((await kept.wire.violations()).map((found) => found.tool)).toEqual(['get_weather'])
    expect(await dropped.wire.violations()).toEqual([])
  })

  test('without observed reads every server message is handed on as the same object', () => {
    const wire = new WireRecording({ consumer: 'agent', observeReads: false })
    wire.fromClient({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'a' } })
    const answer = { jsonrpc: '2.0', id: 1, result: { content: [], structuredContent: { a: 1 } } }
    expect(wire.fromServer(answer)).toBe(answer)
    const batch = [{ jsonrpc: '2.0', method: 'notifications/progress', params: {} }]
    expect(wire.fromServer(batch)).toBe(batch)
  })

  test('with observed reads a tools/call result hands on structuredContent that tracks the reads, equal to what was sent', async () => {
    const wire = new WireRecording({ consumer: 'agent', observeReads: true })
    for (const step of [...listed, call(1, 'get_weather', { city: 'Oslo' })]) step.from === 'client' ? wire.fromClient(step.message) : wire.fromServer(step.message)
    const sent = { jsonrpc: '2.0', id: 1, result: { content: [], structuredContent: { temperature: 4, conditions: 'snow', humidity: 80 } } }
    const handed = wire.fromServer(sent) as typeof sent
    // Why toEqual: it compares inside vitest (a dependency), so its walk over every field is no read.
    expect(handed).toEqual(sent)
    expect(handed.result.structuredContent.temperature).toBe(4)
    const contract = await wire.contract()
    expect(contract).not.toHaveProperty('readsObserved')
    expect(contract.format).toBe(1)
    expect(contract.tools[0]).toMatchObject({ reads: ['temperature'], output: { properties: { temperature: { type: 'number' } }, required: ['temperature'] } })
  })

  test('an output that breaks the advertised output schema is a violation', async () => {
    const { wire } = await record([...listed, call(1, 'get_weather', { city: 'Oslo' }), result(1, { content: [], structuredContent: { temperature: 'warm' } })])
    expect(await wire.violations()).toMatchInlineSnapshot(`
      [
        {
          "errors": "is required at conditions
      is required at humidity
      must be number at temperature",
          "tool": "get_weather",
        },
      ]
    `)
  })
})
