import { defineKind, fixed, textChange } from '../define-kind.js'

/** Detects a changed tool description. */
export const toolDescriptionChanged = defineKind({
  id: 'tool-description-changed',
  entity: 'tool',
  movesValue: true,
  prose: true,
  purpose: 'Detects a changed tool description.',
  severity: fixed('routing'),
  reason: { routing: 'no call breaks, but agents choose tools by this text' },
  message: textChange('description'),
  example: '"Search the web" → "Search the catalog"',
})
