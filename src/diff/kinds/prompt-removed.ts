import { defineKind, fixed } from '../define-kind.js'

/** Detects a recorded prompt the server no longer lists. */
export const promptRemoved = defineKind({
  id: 'prompt-removed',
  entity: 'prompt',
  purpose: 'Detects a recorded prompt the server no longer lists.',
  severity: fixed('breaking'),
  reason: { breaking: 'a client that gets it fails' },
  message: () => 'the prompt is gone',
  example: '`summarize` is no longer listed',
})
