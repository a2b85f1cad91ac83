import { describe, expect, test } from 'vitest'
import type { ConsumerContract, ConsumerExample } from '../../src/consumer/consumer-contract.js'
import { verifyConsumer } from '../../src/consumer/verify/verify-consumer.js'
import { changeSentence } from '../../src/report/describe-change.js'
import { objectSchema, surface, tool } from '../support/build-surface.js'

const consumer = (example: object): ConsumerContract => ({ format: 1, consumer: 'agent', tools: [{ name: 'get_weather', examples: [example as ConsumerExample], reads: [] }], prompts: [], resources: [] })
const live = (inputSchema: ReturnType<typeof objectSchema>) => surface({ tools: [tool('get_weather', { inputSchema })] })

describe('a recorded call the live inputSchema refuses, in words', () => {
  test.each([
    {
      title: 'city renamed to location: location is required (perhaps renamed from city)',
      example: { city: 'Oslo' },
      schema: objectSchema({ location: { type: 'string' } }, ['location']),
      expected: 'get_weather → location: agent sends {"city":"Oslo"}, which is now refused (location is required (perhaps renamed from city)); the consumer makes this call today, and the server now rejects it',
    },
    {
      title: 'a nested argument renamed',
      example: { place: { city: 'Oslo' } },
      schema: objectSchema({ place: objectSchema({ location: { type: 'string' } }, ['location']) }, ['place']),
      expected: 'get_weather → place.location: agent sends {"place":{"city":"Oslo"}}, which is now refused (place.location is required (perhaps renamed from city)); the consumer makes this call today, and the server now rejects it',
    },
    {
      title: 'a new required argument beside declared ones: no rename guessed',
      example: { city: 'Oslo' },
      schema: objectSchema({ city: { type: 'string' }, units: { type: 'string' } }, ['city', 'units']),
      expected: 'get_weather → units: agent sends {"city":"Oslo"}, which is now refused (units is required); the consumer makes this call today, and the server now rejects it',
    },
    {
      title: 'two undeclared arguments beside it: no rename guessed',
      example: { city: 'Oslo', country: 'NO' },
      schema: objectSchema({ location: { type: 'string' } }, ['location']),
      expected: 'get_weather → location: agent sends {"city":"Oslo","country":"NO"}, which is now refused (location is required); the consumer makes this call today, and the server now rejects it',
    },
  ])('$title', async ({ example, schema, expected }) => {
    const report = await verifyConsumer(consumer(example), live(schema))
    expect(report.changes.map(changeSentence)).toEqual([expected])
  })
})
