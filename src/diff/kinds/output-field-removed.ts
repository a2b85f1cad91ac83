import { defineKind } from '../define-kind.js'
import { argumentRemoved } from './argument-removed.js'

/** An output field the schema no longer declares: readers that relied on it find it missing. */
export const outputFieldRemoved = defineKind({
  id: 'output-field-removed',
  entity: 'tool',
  purpose: 'Detects an output field the schema no longer declares, at any depth; a renamed field is a removed one.',
  // Why the argument kind's rule and reasons: the engine emits this kind for outputs only (an
  // input property is argument-removed), but a schema kind declares its mirror, and the same
  // edit means the same to callers; only the name differs.
  severity: argumentRemoved.severity,
  reason: argumentRemoved.reason,
  message: argumentRemoved.message,
  example: '`total` in the output is no longer declared',
})
