import { byRelation, defineKind } from '../define-kind.js'

/** A schema now accepts `null`, or no longer does, in any of its spellings. */
export const schemaNullableChanged = defineKind({
  id: 'schema-nullable-changed',
  entity: 'tool',
  purpose: 'Detects a schema that became nullable or stopped being nullable (type list, nullable, or a null branch).',
  severity: byRelation(),
  reason: {
    additive: {
      input: 'callers may now send null; every call that was valid still is',
      output: 'readers no longer get null',
    },
    breaking: {
      input: 'calls that send null are now rejected',
      output: 'readers that cannot handle null may now get it',
    },
    risky: 'the engine could not decide how nullability moved',
  },
  message: (change) => (change.relation === 'widened' ? 'now accepts null' : 'no longer accepts null'),
  example: '`nickname` string → string or null',
})
