import { defineKind, fixed } from '../define-kind.js'

/** Detects a server capability or sub-capability flag that is newly advertised. */
export const serverCapabilityAdded = defineKind({
  id: 'server-capability-added',
  entity: 'server',
  purpose: 'Detects a server capability or sub-capability flag that is newly advertised.',
  severity: fixed('additive'),
  reason: { additive: 'clients may use more; nothing they did changes' },
  message: () => 'capability added',
  example: '`completions` is advertised',
})
