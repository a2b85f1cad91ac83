import { defineKind, fixed } from '../define-kind.js'

/** An external `$ref` or a `$dynamicRef` changed; its target is never fetched. */
export const schemaReferenceChanged = defineKind({
  id: 'schema-reference-changed',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects a changed reference the engine does not follow (external URL, file, $dynamicRef).',
  severity: fixed('risky'),
  reason: {
    risky: 'the referenced schema is not fetched, so the change could not be judged',
  },
  message: (change) => `${String(change.details?.keyword ?? '$ref')} ${String(change.before ?? 'none')} → ${String(change.after ?? 'none')}`,
  example: '`$ref` https://example.com/a.json → https://example.com/b.json',
})
