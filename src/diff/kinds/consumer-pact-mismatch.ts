import { defineKind, fixed } from '../define-kind.js'

/** Detects a live answer to a pact interaction's tool call that does not satisfy the pact. */
export const consumerPactMismatch = defineKind({
  id: 'consumer-pact-mismatch',
  entity: 'tool',
  purpose: "Detects a live answer to a pact interaction's tool call (`verify --call`) that does not satisfy the pact's expected response and matching rules.",
  severity: fixed('breaking'),
  reason: { breaking: 'the consumer was tested against the answer the pact records, and the server now answers otherwise' },
  message: (change) => `the answer to ${String(change.details?.consumer)}'s interaction ${JSON.stringify(String(change.details?.interaction))} does not satisfy the pact: ${String(change.details?.errors).split('\n').join('; ')}`,
  example: '`get_forecast` answers `isError: true` where the pact expects a forecast',
})
