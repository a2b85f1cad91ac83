import { defineKind, fixed } from '../define-kind.js'

/** Detects a recorded resource (by uri) the server no longer lists. */
export const resourceRemoved = defineKind({
  id: 'resource-removed',
  entity: 'resource',
  purpose: 'Detects a recorded resource (by uri) the server no longer lists.',
  severity: fixed('breaking'),
  reason: { breaking: 'a client that reads it fails' },
  message: () => 'the resource is gone',
  example: '`catalog://featured` is no longer listed',
})
