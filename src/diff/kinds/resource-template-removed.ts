import { defineKind, fixed } from '../define-kind.js'

/** Detects a recorded resource template the server no longer lists. */
export const resourceTemplateRemoved = defineKind({
  id: 'resource-template-removed',
  entity: 'resourceTemplate',
  purpose: 'Detects a recorded resource template the server no longer lists.',
  severity: fixed('breaking'),
  reason: { breaking: 'a client that expands it fails' },
  message: () => 'the resource template is gone',
  example: '`catalog://products/{sku}` is no longer listed',
})
