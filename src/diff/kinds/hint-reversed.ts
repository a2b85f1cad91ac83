import { defineKind, fixed } from '../define-kind.js'

/** Detects a behaviour hint that moved away from the value that gives callers more freedom. */
export const hintReversed = defineKind({
  id: 'hint-reversed',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects a behaviour hint that moved away from the value that gives callers more freedom.',
  severity: fixed('breaking'),
  reason: { breaking: 'clients that auto-approve, retry or cache calls on this promise now act on a false one' },
  message: (change) => `${String(change.details?.hint)} ${String(change.before)} → ${String(change.after)}`,
  example: '`readOnlyHint` true → false, or `destructiveHint` false → true',
})
