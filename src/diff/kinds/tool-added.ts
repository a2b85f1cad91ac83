import { defineKind, fixed } from '../define-kind.js'

/** Detects a tool the recorded contract did not have. */
export const toolAdded = defineKind({
  id: 'tool-added',
  entity: 'tool',
  purpose: 'Detects a tool the recorded contract did not have.',
  severity: fixed('additive'),
  reason: { additive: 'callers gain a tool; nothing they do changes' },
  message: () => 'new tool',
  example: '`bulk_import` appears',
})
