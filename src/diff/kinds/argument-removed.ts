import { defineKind } from '../define-kind.js'

/** An argument (input property) or output field that the schema no longer declares. */
export const argumentRemoved = defineKind({
  id: 'argument-removed',
  entity: 'tool',
  purpose: 'Detects a property the schema no longer declares, at any depth; a renamed argument is a removed one.',
  severity: ({ change, policy }) => {
    const open = change.details?.openObject === true
    if ((change.direction ?? 'input') === 'input' && open && policy.contentModel === 'lenient') return 'risky'
    return 'breaking'
  },
  reason: {
    breaking: {
      input: 'callers that send it break',
      output: 'readers that rely on it break',
    },
    risky: 'the object tolerates extra keys, so calls still validate, but the server no longer reads it',
  },
  message: (change) => `${change.direction === 'output' ? 'field' : 'argument'} removed`,
  example: '`limit` is no longer declared',
})
