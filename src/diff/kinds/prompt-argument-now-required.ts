import { defineKind, fixed } from '../define-kind.js'

/** Detects a prompt argument that clients could omit and now must send. */
export const promptArgumentNowRequired = defineKind({
  id: 'prompt-argument-now-required',
  entity: 'prompt',
  movesValue: true,
  purpose: 'Detects a prompt argument that clients could omit and now must send.',
  severity: fixed('breaking'),
  reason: { breaking: 'every get that omitted it is now rejected' },
  message: () => 'was optional, now required',
  example: '`tone` was optional, now required',
})
