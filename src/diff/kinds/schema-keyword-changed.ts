import { defineKind, fixed } from '../define-kind.js'

/** A keyword the engine does not reason about changed. */
export const schemaKeywordChanged = defineKind({
  id: 'schema-keyword-changed',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects a change to any schema keyword outside the vocabulary the engine judges (never silent).',
  severity: fixed('risky'),
  reason: {
    risky: 'the engine does not judge this keyword, so the change could not be proved safe',
  },
  message: (change) => `${String(change.details?.keyword ?? 'keyword')} changed`,
  example: '`unevaluatedProperties` changed',
})
