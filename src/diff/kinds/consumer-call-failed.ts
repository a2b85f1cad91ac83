import { defineKind, fixed } from '../define-kind.js'
import type { Change } from '../change.js'

/** Detects a call a consumer recorded that the live server, called with `--call`, answers with an error. */
export const consumerCallFailed = defineKind({
  id: 'consumer-call-failed',
  entity: 'tool',
  purpose: 'Detects a call a consumer recorded that the live server, called with `verify --call`, answers with `isError` or a protocol error.',
  severity: fixed('breaking'),
  reason: { breaking: 'the consumer makes this call today, and the server now answers it with an error' },
  message: (change) => `${String(change.details?.consumer)}'s call ${String(change.details?.example)}${givenWords(change)} failed: ${String(change.details?.errors).split('\n').join('; ')}`,
  example: '`search_products` called with `{"query":"blue"}` returns `isError: true`',
})

/** ` (given "cart has 2 items")` when the call was made in a named state, else nothing. */
export function givenWords(change: Change): string {
  return typeof change.details?.given === 'string' ? ` (given ${JSON.stringify(change.details.given)})` : ''
}
