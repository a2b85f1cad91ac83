import { defineKind } from '../define-kind.js'

/** Detects a change of `execution.taskSupport` (`forbidden` when omitted). */
export const taskSupportChanged = defineKind({
  id: 'task-support-changed',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects a tool whose task support (forbidden, optional, required) changed.',
  // Why: only `optional` accepts both plain calls and task calls, so moving to it loses no caller.
  severity: ({ change }) => (change.after === 'optional' ? 'additive' : 'breaking'),
  reason: {
    additive: 'plain calls and task calls both still work',
    breaking: 'callers that call it the old way (plain or as a task) are now rejected',
  },
  message: (change) => `taskSupport ${String(change.before)} → ${String(change.after)}`,
  example: '`forbidden` → `optional` (additive), `optional` → `required` (breaking)',
})
