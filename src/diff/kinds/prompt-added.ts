import { defineKind, fixed } from '../define-kind.js'

/** Detects a prompt the recorded contract did not have. */
export const promptAdded = defineKind({
  id: 'prompt-added',
  entity: 'prompt',
  purpose: 'Detects a prompt the recorded contract did not have.',
  severity: fixed('additive'),
  reason: { additive: 'clients gain a prompt; nothing they do changes' },
  message: () => 'new prompt',
  example: '`summarize` appears',
})
