import { expect, test } from 'vitest'
import type { ConsumerContract } from '../../src/consumer/consumer-contract.js'
import { compareConsumerUse } from '../../src/consumer/verify/compare-consumer-use.js'
import { changeSentence } from '../../src/report/describe-change.js'
import { reportChanges } from '../../src/diff/diff-surfaces.js'

const uses: ConsumerContract = {
  format: 1,
  consumer: 'agent',
  tools: [{ name: 'search', examples: [{ q: 'x' }], reads: ['items[].id'] }],
  prompts: [{ name: 'summarize', arguments: ['topic'] }],
  resources: [{ uri: 'file:///notes.md' }],
}
const none: ConsumerContract = { format: 1, consumer: 'agent', tools: [], prompts: [], resources: [] }

test('what a consumer stopped using reads as a sentence, each verb agreeing with "the consumer"', () => {
  const sentences = reportChanges(compareConsumerUse(uses, none)).changes.map(changeSentence)
  expect(sentences).toMatchInlineSnapshot(`
    [
      "search: the consumer no longer calls this tool; the server gains room to change what this consumer no longer uses",
      "search → items[].id: the consumer no longer reads this output field; the server gains room to change what this consumer no longer uses",
      "search: the consumer no longer sends arguments of this shape; the server gains room to change what this consumer no longer uses",
      "prompt summarize: the consumer no longer gets this prompt; the server gains room to change what this consumer no longer uses",
      "prompt summarize → topic: the consumer no longer passes this prompt argument; the server gains room to change what this consumer no longer uses",
      "resource file:///notes.md: the consumer no longer reads this resource; the server gains room to change what this consumer no longer uses",
    ]
  `)
})
