import type { Change } from '../change.js'
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

/**
 * The one case of a removed input the schema decides, for a change that breaks callers: it was
 * required (every call sends it), the object is closed (calls that send it are rejected), or a
 * keyword for undeclared keys now judges it. Why: the reason table has one text per severity,
 * and a report that hedges between two cases leaves the reader to work out which.
 */
function removedEffect(change: Change): string | undefined {
  if (change.severity !== 'breaking' || (change.direction ?? 'input') === 'output') return undefined
  const details = change.details ?? {}
  const closed = details.openObject !== true && details.governedBy === undefined
  if (details.required === true) return closed ? 'every call sends it (it was required), and the object now refuses it: every call is rejected' : 'every call sends a value the server no longer reads (it was required)'
  if (typeof details.governedBy === 'string') return `calls that send it may now be rejected (${details.governedBy} now decides what it may be)`
  if (closed) return 'calls that send it are now rejected (the object refuses undeclared keys)'
  return 'calls that send it still validate (the object accepts undeclared keys), but the server no longer reads it (breaking under contentModel strict)'
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
  effect: removedEffect,
  message: (change) => `${change.direction === 'output' ? 'field' : 'argument'} removed${renameNote(change)}`,
  example: '`limit` is no longer declared',
})

