import { defineKind, fixed } from '../define-kind.js'

/** Detects a resource template whose declared MIME type changed. */
export const resourceTemplateMimeTypeChanged = defineKind({
  id: 'resource-template-mime-type-changed',
  entity: 'resourceTemplate',
  movesValue: true,
  purpose: 'Detects a resource template whose declared MIME type changed.',
  severity: fixed('risky'),
  reason: { risky: 'readers that parse the old type may misread the content' },
  message: (change) => `mimeType ${String(change.before ?? '(none)')} → ${String(change.after ?? '(none)')}`,
  example: '`application/json` → `text/html`',
})
