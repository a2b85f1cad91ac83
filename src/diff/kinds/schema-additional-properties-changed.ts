import { defineKind, relationSeverity } from '../define-kind.js'
import { shortJson } from '../short-json.js'

/** What an object accepts for keys it does not declare changed (`additionalProperties`). */
export const schemaAdditionalPropertiesChanged = defineKind({
  id: 'schema-additional-properties-changed',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects an object closed (false), opened (true or absent) or whose schema for extra keys narrowed or widened.',
  severity: ({ change, policy }) => {
    const direction = change.direction ?? 'input'
    // Why: a lenient reader ignores keys it does not know, so an opened output is not proof of harm.
    if (direction === 'output' && change.relation === 'widened' && policy.contentModel === 'lenient') return 'risky'
    return relationSeverity(change.relation ?? 'unknown', direction)
  },
  reason: {
    breaking: {
      input: 'calls that send extra keys, or values for them, that the object accepted before may now be rejected',
      output: 'readers may now get extra keys, or values for them, they were not written for',
    },
    additive: {
      input: 'every object callers could send is still accepted',
      output: 'readers only get keys they could already get',
    },
    risky: {
      input: 'the engine could not decide which extra keys calls may still send',
      output: 'readers may now get keys they were not written for; a lenient reader ignores them',
    },
  },
  message: (change) => `additionalProperties ${shortJson(change.before ?? true, 30)} → ${shortJson(change.after ?? true, 30)}`,
  example: 'an output object closed with additionalProperties false',
})
