import { byRelation, defineKind } from '../define-kind.js'
import { shortJson } from '../short-json.js'

/** The JSON types a schema accepts changed (other than gaining or losing only `null`). */
export const schemaTypeChanged = defineKind({
  id: 'schema-type-changed',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects a change in the accepted JSON types: gained, lost, integer ↔ number, or replaced.',
  severity: byRelation(),
  reason: {
    additive: {
      input: 'every value callers could send is still accepted',
      output: 'readers only get types they already handled',
    },
    breaking: {
      input: 'calls with values of a type that was valid are now rejected',
      output: 'readers may now get a type they were not written for',
    },
    risky: 'the engine could not decide how the types moved',
  },
  message: (change) => `type ${shortJson(change.before ?? 'any')} → ${shortJson(change.after ?? 'any')}`,
  example: '`count` type integer → string',
})
