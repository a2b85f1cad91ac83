import { byRelation, defineKind } from '../define-kind.js'
import { editWords } from '../../schema/short-json.js'

/** A string `pattern` was added, removed or changed. */
export const schemaPatternChanged = defineKind({
  id: 'schema-pattern-changed',
  entity: 'tool',
  purpose: 'Detects a pattern added or removed, and a changed pattern whose inclusion in the old one could not be proved.',
  severity: byRelation(),
  reason: {
    breaking: 'strings that matched before may now be rejected, or readers get strings the old pattern excluded',
    additive: 'every string accepted before is still accepted',
    risky: 'the engine cannot prove which strings the new pattern gained or lost',
  },
  message: (change) => editWords('pattern', change.before, change.after),
  example: '`sku` pattern ^[A-Z]+$ → ^[A-Z0-9]+$',
})
