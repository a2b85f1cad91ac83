import { byDirection, defineKind } from '../define-kind.js'

/** An argument (input property) that was required is now optional; an output field is `output-field-now-optional`. */
export const argumentNowOptional = defineKind({
  id: 'argument-now-optional',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects an argument that was required and that callers may now omit (an output field is output-field-now-optional).',
  severity: byDirection({ input: 'additive', output: 'breaking' }),
  reason: {
    additive: 'calls that send it still validate',
    breaking: 'readers that relied on the field being present may now find it missing',
  },
  message: () => 'was required, now optional',
  example: '`limit` was required and is now optional',
})
