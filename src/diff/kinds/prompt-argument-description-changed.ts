import { defineKind, fixed } from '../define-kind.js'

/** Detects a changed prompt argument title or description. */
export const promptArgumentDescriptionChanged = defineKind({
  id: 'prompt-argument-description-changed',
  entity: 'prompt',
  movesValue: true,
  prose: true,
  purpose: 'Detects a changed prompt argument title or description.',
  severity: fixed('routing'),
  reason: { routing: 'no get breaks, but agents fill arguments by this text' },
  message: (change) => `${String(change.details?.field)} changed`,
  example: '"how it sounds" → "formal or casual"',
})
