import { defineKind, fixed } from '../define-kind.js'

/** Detects a server capability or sub-capability flag that is no longer advertised. */
export const serverCapabilityRemoved = defineKind({
  id: 'server-capability-removed',
  entity: 'server',
  purpose: 'Detects a server capability or sub-capability flag that is no longer advertised.',
  severity: fixed('breaking'),
  reason: { breaking: 'clients that use it get errors or silently stop receiving updates' },
  message: () => 'capability removed',
  example: '`resources.subscribe` is no longer advertised',
})
