import { defineKind, fixed, textChange } from '../define-kind.js'

/** Detects a changed tool title. */
export const toolTitleChanged = defineKind({
  id: 'tool-title-changed',
  entity: 'tool',
  movesValue: true,
  prose: true,
  purpose: 'Detects a changed tool title.',
  severity: fixed('routing'),
  reason: { routing: 'no call breaks, but agents and people choose tools by this text' },
  message: textChange('title'),
  example: '"Search" → "Search products"',
})
