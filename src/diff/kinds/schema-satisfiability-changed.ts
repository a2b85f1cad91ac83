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
    breaking: 'no call can satisfy it any more, or readers now get values that were impossible before',
    risky: 'the output schema can match nothing, so what readers get is undefined',
    additive: 'values are accepted again',
  },
  message: (change) => (change.details?.satisfiable === false ? `can no longer match any value (${String(change.details?.reason)})` : 'can match values again'),
  example: '`age` minimum 18 > maximum 10',
})
