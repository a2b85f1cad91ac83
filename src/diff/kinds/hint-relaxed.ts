import { defineKind, fixed } from '../define-kind.js'

/** Detects a behaviour hint that moved toward the value that gives callers more freedom. */
export const hintRelaxed = defineKind({
  id: 'hint-relaxed',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects a behaviour hint that moved toward the value that gives callers more freedom.',
  severity: fixed('additive'),
  reason: { additive: 'callers may now do more (auto-approve, retry, cache); nothing they did breaks' },
  message: (change) => `${String(change.details?.hint)} ${String(change.before)} → ${String(change.after)}`,
  example: '`openWorldHint` omitted (true) → false',
})
