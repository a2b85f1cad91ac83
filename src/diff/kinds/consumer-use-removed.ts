import { defineKind, fixed } from '../define-kind.js'
import { USE_WORDS } from './consumer-use-added.js'

/** Detects a consumer that no longer uses something of a server it used before. */
export const consumerUseRemoved = defineKind({
  id: 'consumer-use-removed',
  entity: 'tool',
  purpose: 'Detects a consumer that no longer uses something of a server it used before.',
  severity: fixed('additive'),
  reason: { additive: 'the server gains room to change what this consumer no longer uses' },
  // Why its own words for a shape: the shape it stopped sending is not "a new" one.
  message: (change) => `the consumer no longer ${change.details?.use === 'example' ? 'sends arguments of this shape' : (USE_WORDS[String(change.details?.use)] ?? 'uses it')}`,
  example: 'the consumer stops calling `legacy_export`',
})
