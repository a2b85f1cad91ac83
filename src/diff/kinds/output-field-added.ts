import { defineKind } from '../define-kind.js'
import { argumentAdded } from './argument-added.js'

/** An output field that the schema now declares: readers that do not know it are unaffected. */
export const outputFieldAdded = defineKind({
  id: 'output-field-added',
  entity: 'tool',
  purpose: 'Detects an output field the schema now declares that it did not before, at any depth (an input property is argument-added).',
  // Why the argument kind's rule, reasons and message: the engine emits this kind for outputs only,
  // but a schema kind declares its mirror, and the same edit means the same to callers; only the name differs.
  severity: argumentAdded.severity,
  reason: argumentAdded.reason,
  message: argumentAdded.message,
  example: '`total` added to the output',
  formerly: 'argument-added',
})
