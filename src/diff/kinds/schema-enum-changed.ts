import { byRelation, defineKind } from '../define-kind.js'
import { listJson } from '../short-json.js'

/** The list of allowed values (`enum`/`const`) changed, was introduced or was dropped. */
export const schemaEnumChanged = defineKind({
  id: 'schema-enum-changed',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects allowed values added, removed or replaced, and an enum or const introduced or dropped.',
  severity: byRelation(),
  reason: {
    additive: {
      input: 'every value callers could send is still accepted',
      output: 'readers only get values they already knew',
    },
    breaking: {
      input: 'calls with a value that was valid are now rejected',
      output: 'readers may now get a value they did not know',
    },
    risky: 'the engine could not check the listed values against the other schema',
  },
  message: (change) => {
    const details = change.details ?? {}
    if (details.dropped === true) return `enum ${listJson(change.before)} dropped`
    if (details.introduced === true) return `enum introduced: ${listJson(change.after)}`
    const parts = []
    if (Array.isArray(details.added) && details.added.length > 0) parts.push(`added ${listJson(details.added)}`)
    if (Array.isArray(details.removed) && details.removed.length > 0) parts.push(`removed ${listJson(details.removed)}`)
    return `enum values ${parts.join('; ')}`
  },
  example: '`mode` enum values removed "fast"',
})
