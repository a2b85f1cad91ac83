import { defineKind, fixed } from '../define-kind.js'

/** A schema annotation with no effect on callers changed (title, examples, readOnly, writeOnly, x-*). */
export const schemaAnnotationChanged = defineKind({
  id: 'schema-annotation-changed',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects a changed title, examples, readOnly/writeOnly or vendor extension (x-*).',
  severity: fixed('cosmetic'),
  reason: {
    cosmetic: 'no caller is affected',
  },
  message: (change) => `${String(change.details?.keyword ?? 'annotation')} changed`,
  example: '`query` title changed',
})
