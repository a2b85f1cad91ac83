import { byRelation, defineKind } from '../define-kind.js'
import { shortJson } from '../short-json.js'

/** A value constraint other than bounds moved: multipleOf, uniqueItems, contains, propertyNames, patternProperties, dependentRequired, dependentSchemas, if/then/else or not. */
export const schemaConstraintChanged = defineKind({
  id: 'schema-constraint-changed',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects a multipleOf, uniqueItems, contains, propertyNames, patternProperties, dependentRequired, dependentSchemas, if/then/else or not constraint tightened, loosened or replaced.',
  severity: byRelation(),
  reason: {
    breaking: {
      input: 'calls the old constraint accepted may now be rejected',
      output: 'readers may now get values the old constraint excluded',
    },
    additive: {
      input: 'every value callers could send is still accepted',
      output: 'readers only get values the old constraint allowed',
    },
    risky: 'the engine could not decide how the constraint moved',
  },
  message: (change) => {
    const keyword = String(change.details?.keyword ?? 'constraint')
    const where = change.details?.pattern ?? change.details?.property
    const subject = where === undefined ? keyword : `${keyword} ${String(where)}`
    if (keyword === 'multipleOf' || keyword === 'uniqueItems') return `${subject} ${shortJson(change.before)} → ${shortJson(change.after)}`
    const moved = { narrowed: 'tightened', widened: 'loosened', incomparable: 'replaced', unknown: 'changed', equal: 'rewritten' }
    return `${subject} ${moved[change.relation ?? 'unknown']}`
  },
  example: '`quantity` multipleOf 5 → 10',
})
