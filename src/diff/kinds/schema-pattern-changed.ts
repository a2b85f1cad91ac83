import { byRelation, defineKind } from '../define-kind.js'
import { editWords } from '../../schema/short-json.js'

/** A string `pattern` was added, removed or changed. */
export const schemaPatternChanged = defineKind({
  id: 'schema-pattern-changed',
  entity: 'tool',
  purpose: 'Detects a pattern added or removed, and a changed pattern whose inclusion in the old one could not be proved.',
  severity: byRelation(),
  reason: {
    breaking: {
      input: 'calls with strings that matched the old pattern may now be rejected',
      output: 'readers may now get strings the old pattern excluded',
    },
    additive: {
      input: 'every string callers could send is still accepted',
      output: 'readers only get strings the old pattern allowed',
    },
    risky: 'the engine cannot prove which strings the new pattern gained or lost',
  },
  message: (change) => editWords('pattern', change.before, change.after),
  example: '`sku` pattern ^[A-Z]+$ → ^[A-Z0-9]+$',
})
