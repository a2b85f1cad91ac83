import { defineKind, fixed } from '../define-kind.js'

/** Detects a consumer that uses something of a server it did not use before. */
export const consumerUseAdded = defineKind({
  id: 'consumer-use-added',
  entity: 'tool',
  purpose: 'Detects a consumer that uses something of a server it did not use before: a tool, an output field, an argument shape, a prompt or a resource.',
  severity: fixed('risky'),
  reason: { risky: 'no provider has been verified against this use yet; verify the server before shipping the consumer' },
  message: (change) => `the consumer now ${USE_WORDS[String(change.details?.use)] ?? 'uses it'}`,
  example: 'the consumer starts reading `items[].priceCents` from `search_products`',
})

/** What each use is, in words: `the consumer now reads this output field`. */
export const USE_WORDS: Record<string, string> = {
  tool: 'calls this tool',
  read: 'reads this output field',
  example: 'sends arguments of a new shape',
  prompt: 'gets this prompt',
  'prompt-argument': 'passes this prompt argument',
  resource: 'reads this resource',
}
