import { byRelation, defineKind } from '../define-kind.js'

/** A schema now accepts `null`, or no longer does, in any of its spellings. */
export const schemaNullableChanged = defineKind({
  id: 'schema-nullable-changed',
  entity: 'tool',
  purpose: 'Detects a schema that became nullable or stopped being nullable (type list, nullable, or a null branch).',
  severity: byRelation(),
  reason: {
    additive: 'callers may send null now, or readers no longer get it',
    breaking: 'callers that sent null are rejected, or readers that cannot handle null now get it',
    risky: 'the engine could not decide how nullability moved',
  },
  message: (change) => (change.relation === 'widened' ? 'now accepts null' : 'no longer accepts null'),
  example: '`nickname` string → string or null',
})
