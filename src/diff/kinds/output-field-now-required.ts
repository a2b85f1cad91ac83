import { defineKind } from '../define-kind.js'
import { argumentNowRequired } from './argument-now-required.js'

/** An output field that was optional is now required: readers now always get it. */
export const outputFieldNowRequired = defineKind({
  id: 'output-field-now-required',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects an output field that a result could omit and that every result now carries (an input property is argument-now-required).',
  // Why the argument kind's rule and reasons: the engine emits this kind for outputs only, but a
  // schema kind declares its mirror so no direction is left unjudged.
  severity: argumentNowRequired.severity,
  reason: argumentNowRequired.reason,
  message: argumentNowRequired.message,
  example: '`id` in the output was optional and is now required',
  formerly: 'argument-now-required',
})
