import { defineKind, fixed } from '../define-kind.js'

/** A schema was marked deprecated, or no longer is. */
export const schemaDeprecatedChanged = defineKind({
  id: 'schema-deprecated-changed',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects deprecated: true added or removed on an argument, a field or a schema.',
  severity: fixed('routing'),
  reason: {
    routing: {
      input: 'agents route away from deprecated arguments',
      output: 'agents read deprecated fields as ones to stop relying on',
    },
  },
  message: (change) => (change.after === true ? 'marked deprecated' : 'no longer deprecated'),
  example: '`legacy_id` marked deprecated',
})
