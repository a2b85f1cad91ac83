import { byRelation, defineKind } from '../define-kind.js'
import { editWords } from '../short-json.js'

/** A string `pattern` was added, removed or changed. */
export const schemaPatternChanged = defineKind({
  id: 'schema-pattern-changed',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects a pattern added, removed or changed; a changed pattern is compared as a regular language (wider, narrower, or neither), and is risky only when that cannot be decided (a backreference, an assertion that cannot be placed, too many states).',
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
    risky: 'the engine cannot decide which strings the new pattern gained or lost',
  },
  message: (change) => editWords('pattern', change.before, change.after),
  example: '`sku` pattern ^[A-Z]+$ → ^[A-Z0-9]+$',
})
