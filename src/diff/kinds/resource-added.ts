import { defineKind, fixed } from '../define-kind.js'

/** Detects a resource (by uri) the recorded contract did not have. */
export const resourceAdded = defineKind({
  id: 'resource-added',
  entity: 'resource',
  purpose: 'Detects a resource (by uri) the recorded contract did not have.',
  severity: fixed('additive'),
  reason: { additive: 'clients gain a resource; nothing they read changes' },
  message: () => 'new resource',
  example: '`catalog://featured` appears',
})
