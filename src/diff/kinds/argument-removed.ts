import { defineKind, type SeverityRule } from '../define-kind.js'

/**
 * What removing a property does, read from the schema at hand. Why not always breaking: on an
 * object that accepts undeclared keys an optional argument's callers still get their calls
 * accepted (the server ignores it); only a closed object, a schema that refuses the value, or
 * an argument every caller sent (it was required) breaks them. `contentModel: 'strict'` reads
 * an open object as closed. An output field readers relied on is gone whatever the schema says.
 */
const removedSeverity: SeverityRule = ({ change, policy }) => {
  if ((change.direction ?? 'input') === 'output') return 'breaking'
  const details = change.details ?? {}
  if (details.required === true) return 'breaking'
  if (details.governedBy !== undefined) return change.relation === 'widened' || change.relation === 'equal' ? 'risky' : 'breaking'
  if (details.openObject === true) return policy.contentModel === 'strict' ? 'breaking' : 'risky'
  return 'breaking'
}

/** A new name that appeared at the same place, as `(perhaps renamed to location)`. */
function renameNote(change: { details?: Record<string, unknown> }): string {
  const to = change.details?.renamedTo
  return typeof to === 'string' ? ` (perhaps renamed to ${to})` : ''
}

/** An argument (input property) the schema no longer declares; an output field is `output-field-removed`. */
export const argumentRemoved = defineKind({
  id: 'argument-removed',
  entity: 'tool',
  purpose: 'Detects an argument the schema no longer declares, at any depth (an output field is output-field-removed); a renamed argument is a removed one.',
  severity: removedSeverity,
  reason: {
    breaking: {
      input: 'calls that send it are now rejected (the object refuses it), or every call sends a value the server no longer reads (it was required)',
      output: 'readers that rely on it break',
    },
    risky: 'calls that send it still validate (the object accepts undeclared keys), but the server no longer reads it',
  },
  message: (change) => `${change.direction === 'output' ? 'field' : 'argument'} removed${renameNote(change)}`,
  example: '`limit` is no longer declared',
})

