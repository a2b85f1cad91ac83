import { defineKind, fixed } from '../define-kind.js'

/** Detects a changed resource template name, title, description or annotations. */
export const resourceTemplateMetadataChanged = defineKind({
  id: 'resource-template-metadata-changed',
  entity: 'resourceTemplate',
  movesValue: true,
  prose: true,
  purpose: 'Detects a changed resource template name, title, description or annotations.',
  severity: fixed('routing'),
  reason: { routing: 'no read breaks, but agents pick templates by this text' },
  message: (change) => `${String(change.details?.field)} changed`,
  example: 'description rewritten',
})
