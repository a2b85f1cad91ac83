import { defineKind, fixed } from '../define-kind.js'
import { givenWords } from './consumer-call-failed.js'

/** Detects a live answer to a consumer's call whose structuredContent breaks the tool's own outputSchema. */
export const consumerOutputInvalid = defineKind({
  id: 'consumer-output-invalid',
  entity: 'tool',
  purpose: "Detects a live answer to a consumer's recorded call (`verify --call`) whose `structuredContent` does not validate against the tool's live `outputSchema`.",
  severity: fixed('breaking'),
  reason: { breaking: 'strict clients reject an answer that breaks the advertised outputSchema' },
  message: (change) => `the answer to ${String(change.details?.consumer)}'s call ${String(change.details?.example)}${givenWords(change)} breaks the live outputSchema (${String(change.details?.errors).split('\n').join('; ')})`,
  example: '`search_products` advertises `priceCents` as an integer and answers `"12.00"`',
})
