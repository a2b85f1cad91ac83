import { byDirection, defineKind } from '../define-kind.js'
import { argumentNowOptional } from './argument-now-optional.js'

/** An output field that was required is now optional: readers may no longer get it. */
export const outputFieldNowOptional = defineKind({
  id: 'output-field-now-optional',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects an output field that every result carried and that a result may now omit.',
  // Why both sides: the engine emits this kind for outputs only (an input property is
  // argument-now-optional), but a schema kind declares its mirror so no direction is left unjudged.
  severity: byDirection({ input: 'additive', output: 'breaking' }),
  // Why the argument kind's reasons: the same edit means the same to callers; only the name differed.
  reason: argumentNowOptional.reason,
  message: () => 'was required, now optional',
  example: '`id` in the output was required and is now optional',
})
