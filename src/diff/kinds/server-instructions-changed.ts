import { defineKind, fixed } from '../define-kind.js'

/** Detects changed server instructions. */
export const serverInstructionsChanged = defineKind({
  id: 'server-instructions-changed',
  entity: 'server',
  movesValue: true,
  prose: true,
  purpose: 'Detects changed server instructions.',
  severity: fixed('routing'),
  reason: { routing: 'no call breaks, but agents follow these instructions' },
  message: () => 'instructions changed',
  example: '"Use search first." → "Use fetch first."',
})
