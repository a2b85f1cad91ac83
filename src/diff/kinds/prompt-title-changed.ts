import { defineKind, fixed, textChange } from '../define-kind.js'

/** Detects a changed prompt title. */
export const promptTitleChanged = defineKind({
  id: 'prompt-title-changed',
  entity: 'prompt',
  movesValue: true,
  prose: true,
  purpose: 'Detects a changed prompt title.',
  severity: fixed('routing'),
  reason: { routing: 'no call breaks, but people and agents pick prompts by this text' },
  message: textChange('title'),
  example: '"Summary" → "Summarize a product"',
})
