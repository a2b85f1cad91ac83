import { defineKind, fixed } from '../define-kind.js'

/** Detects a resource template (by uriTemplate) the recorded contract did not have. */
export const resourceTemplateAdded = defineKind({
  id: 'resource-template-added',
  entity: 'resourceTemplate',
  purpose: 'Detects a resource template (by uriTemplate) the recorded contract did not have.',
  severity: fixed('additive'),
  reason: { additive: 'clients gain a template; nothing they read changes' },
  message: () => 'new resource template',
  example: '`catalog://products/{sku}` appears',
})
