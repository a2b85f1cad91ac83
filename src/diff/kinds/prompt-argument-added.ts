import { defineKind } from '../define-kind.js'

/** Detects a prompt argument the recorded prompt did not declare. */
export const promptArgumentAdded = defineKind({
  id: 'prompt-argument-added',
  entity: 'prompt',
  purpose: 'Detects a prompt argument the recorded prompt did not declare.',
  severity: ({ change }) => (change.after === 'required' ? 'breaking' : 'additive'),
  reason: {
    breaking: 'every get that does not send it is now rejected',
    additive: 'clients may send it; every get that omitted it still works',
  },
  message: (change) => `new ${String(change.after)} argument`,
  example: '`tone` appears as a required (breaking) or optional (additive) argument',
})
