import { serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js'
import { Ajv } from 'ajv'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { renderPath } from '../../src/surface/render-path.js'
import { trackReads } from '../../src/consumer/track-reads.js'
import { WireRecording } from '../../src/consumer/record/wire-recording.js'

const output = () => ({ temperature: 4, conditions: 'snow', humidity: 80, forecast: [{ day: 'mon', high: 6 }] })
const outputSchema = {
  type: 'object',
  properties: { temperature: { type: 'number' }, conditions: { type: 'string' }, humidity: { type: 'number' }, forecast: { type: 'array', items: { type: 'object', properties: { day: { type: 'string' }, high: { type: 'number' } } } } },
  required: ['temperature', 'conditions', 'humidity', 'forecast'],
}

/** Tracks one output and reports what counted: the consumer's reads, and whether a dependency saw it whole. */
function observe(use: (content: ReturnType<typeof output>) => void) {
  const reads = new Set<string>()
  let seenWhole = false
  const content = trackReads(output(), { read: (path) => reads.add(renderPath(path)), seenWhole: () => (seenWhole = true) })
  use(content)
  return { reads: [...reads].sort(), seenWhole }
}

describe('read attribution', () => {
  test.each([
    { title: 'a read in the consumer’s own code counts', use: (content: ReturnType<typeof output>) => void content.temperature, reads: ['temperature'], seenWhole: false },
    { title: 'a nested read counts along its path', use: (content: ReturnType<typeof output>) => void content.forecast[0].day, reads: ['forecast', 'forecast[]', 'forecast[].day'], seenWhole: false },
    {
      title: 'JSON.stringify in the consumer’s own code reads every field',
      use: (content: ReturnType<typeof output>) => void JSON.stringify(content),
      reads: ['conditions', 'forecast', 'forecast[]', 'forecast[].day', 'forecast[].high', 'humidity', 'temperature'],
      seenWhole: false,
    },
    { title: 'JSON.stringify inside a dependency (the SDK’s serializeMessage) is no read: the output is seen whole', use: (content: ReturnType<typeof output>) => void serializeMessage({ jsonrpc: '2.0', id: 1, result: { structuredContent: content } }), reads: [], seenWhole: true },
    { title: 'an Ajv validation walks every field and reads none', use: (content: ReturnType<typeof output>) => expect(new Ajv().compile(outputSchema)(content)).toBe(true), reads: [], seenWhole: false },
    {
      title: 'a zod parse inside zod reads none; the consumer’s read of the copy is not seen',
      use: (content: ReturnType<typeof output>) => void z.object({ temperature: z.number() }).passthrough().parse(content).temperature,
      reads: [],
      seenWhole: false,
    },
    { title: 'vitest’s deep equality (a dependency) reads none', use: (content: ReturnType<typeof output>) => expect(content).toEqual(output()), reads: [], seenWhole: false },
    {
      title: 'a dependency’s serialisation then the consumer’s own read: both kept',
      use: (content: ReturnType<typeof output>) => {
        serializeMessage({ jsonrpc: '2.0', id: 1, result: { structuredContent: content } })
        void content.conditions
      },
      reads: ['conditions'],
      seenWhole: true,
    },
  ])('$title', ({ use, reads, seenWhole }) => {
    expect(observe(use)).toEqual({ reads, seenWhole })
  })

  test('an output seen whole records the fields the consumer did not read as seen, in format 2', async () => {
    const wire = new WireRecording({ consumer: 'agent', observeReads: true })
    wire.fromClient({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_weather', arguments: { city: 'Oslo' } } })
    const handed = wire.fromServer({ jsonrpc: '2.0', id: 1, result: { content: [], structuredContent: output() } }) as { result: { structuredContent: ReturnType<typeof output> } }
    serializeMessage({ jsonrpc: '2.0', id: 2, result: handed.result })
    void handed.result.structuredContent.temperature
    const contract = await wire.contract()
    expect(contract.format).toBe(2)
    expect(contract.tools).toEqual([{ name: 'get_weather', examples: [{ city: 'Oslo' }], reads: ['temperature'], seen: ['conditions', 'forecast[].day', 'forecast[].high', 'humidity'] }])
  })
})
