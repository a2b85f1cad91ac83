import { defineKind, fixed } from '../define-kind.js'

/** A place the comparison stopped at because of its work budget. */
export const schemaComparisonIncomplete = defineKind({
  id: 'schema-comparison-incomplete',
  entity: 'tool',
  purpose: 'Detects a place the engine stopped comparing (steps or depth budget); never reported as safe.',
  severity: fixed('risky'),
  reason: {
    risky: 'this part of the schema was not compared, so changes there are not proved safe',
  },
  message: (change) => `not fully compared: ${String(change.details?.reason ?? 'work budget exceeded')}`,
  example: 'a deeply recursive schema past the depth budget',
})
