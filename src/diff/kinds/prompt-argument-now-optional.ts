import { defineKind, fixed } from '../define-kind.js'

/** Detects a required prompt argument that clients may now omit. */
export const promptArgumentNowOptional = defineKind({
  id: 'prompt-argument-now-optional',
  entity: 'prompt',
  movesValue: true,
  purpose: 'Detects a required prompt argument that clients may now omit.',
  severity: fixed('additive'),
  reason: { additive: 'every get that sent it still works' },
  message: () => 'was required, now optional',
  example: '`tone` was required, now optional',
})
