import { defineKind, fixed } from '../define-kind.js'
import { givenWords } from './consumer-call-failed.js'

/** Detects a live answer to a consumer's call that lacks a field the consumer reads. */
export const consumerReadAbsent = defineKind({
  id: 'consumer-read-absent',
  entity: 'tool',
  purpose: "Detects a live answer to a consumer's recorded call (`verify --call`) that lacks an output field the consumer reads.",
  severity: fixed('breaking'),
  reason: { breaking: 'the consumer reads this field from the answer, and it is not there' },
  message: (change) => `the answer to ${String(change.details?.consumer)}'s call ${String(change.details?.example)}${givenWords(change)} lacks this field, which the consumer reads`,
  example: '`search_products` answers items without `priceCents`',
})
