import { defineKind, fixed } from '../define-kind.js'

/** Detects a resource whose declared MIME type changed. */
export const resourceMimeTypeChanged = defineKind({
  id: 'resource-mime-type-changed',
  entity: 'resource',
  movesValue: true,
  purpose: 'Detects a resource whose declared MIME type changed.',
  severity: fixed('risky'),
  reason: { risky: 'readers that parse the old type may misread the content' },
  message: (change) => `mimeType ${String(change.before ?? '(none)')} → ${String(change.after ?? '(none)')}`,
  example: '`text/markdown` → `text/plain`',
})
