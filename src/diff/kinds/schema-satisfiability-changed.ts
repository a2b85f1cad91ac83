import { defineKind, relationSeverity } from '../define-kind.js'

/** A schema can no longer match any value (min > max, false, disjoint allOf), or can again. */
export const schemaSatisfiabilityChanged = defineKind({
  id: 'schema-satisfiability-changed',
  entity: 'tool',
  purpose: 'Detects a schema that became unsatisfiable, or one that was unsatisfiable and now accepts values.',
  severity: ({ change }) => {
    const direction = change.direction ?? 'input'
    // Why: an output that can match nothing is a server bug rather than proof readers break.
    if (change.details?.satisfiable === false) return direction === 'input' ? 'breaking' : 'risky'
    return relationSeverity(change.relation ?? 'unknown', direction)
  },
  reason: {
    breaking: {
      input: 'no call can satisfy it any more',
      output: 'readers may now get values where none were possible before',
    },
    risky: {
      input: 'the engine could not decide which calls are still valid',
      output: 'the output schema can match nothing, so what readers get is undefined',
    },
    additive: {
      input: 'calls can be valid here again',
      output: 'readers only get values they could already get',
    },
  },
  message: (change) => (change.details?.satisfiable === false ? `can no longer match any value (${String(change.details?.reason)})` : 'can match values again'),
  example: '`age` minimum 18 > maximum 10',
})
