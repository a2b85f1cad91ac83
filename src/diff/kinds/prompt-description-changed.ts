import { defineKind, fixed, textChange } from '../define-kind.js'

/** Detects a changed prompt description. */
export const promptDescriptionChanged = defineKind({
  id: 'prompt-description-changed',
  entity: 'prompt',
  movesValue: true,
  prose: true,
  purpose: 'Detects a changed prompt description.',
  severity: fixed('routing'),
  reason: { routing: 'no call breaks, but people and agents pick prompts by this text' },
  message: textChange('description'),
  example: 'the prompt description is rewritten',
})
