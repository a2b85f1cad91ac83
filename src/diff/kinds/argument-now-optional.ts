import { byDirection, defineKind } from '../define-kind.js'

/** An argument or output field that was required is now optional. */
export const argumentNowOptional = defineKind({
  id: 'argument-now-optional',
  entity: 'tool',
  purpose: 'Detects a property that was required and may now be omitted.',
  severity: byDirection({ input: 'additive', output: 'breaking' }),
  reason: {
    additive: 'calls that send it still validate',
    breaking: 'readers that relied on the field being present may now find it missing',
  },
  message: () => 'was required, now optional',
  example: '`id` in the output was required and is now optional',
})
