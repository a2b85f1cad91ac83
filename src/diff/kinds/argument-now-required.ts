import { byDirection, defineKind } from '../define-kind.js'

/** An argument (input property) that was optional is now required; an output field is `output-field-now-required`. */
export const argumentNowRequired = defineKind({
  id: 'argument-now-required',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects an argument that callers could omit and now must send (an output field is output-field-now-required).',
  severity: byDirection({ input: 'breaking', output: 'additive' }),
  reason: {
    breaking: 'every call that omitted it is now rejected',
    additive: 'readers already handled the field being present',
  },
  message: () => 'was optional, now required',
  example: '`pages` was optional and is now required',
})
