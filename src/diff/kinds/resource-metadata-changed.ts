import { defineKind, fixed } from '../define-kind.js'

/** Detects a changed resource name, title, description or annotations. */
export const resourceMetadataChanged = defineKind({
  id: 'resource-metadata-changed',
  entity: 'resource',
  movesValue: true,
  prose: true,
  purpose: 'Detects a changed resource name, title, description or annotations.',
  severity: fixed('routing'),
  reason: { routing: 'no read breaks, but agents pick resources by this text' },
  message: (change) => `${String(change.details?.field)} changed`,
  example: 'name `notes` → `notes.md`',
})
