import { byRelation, defineKind } from '../define-kind.js'
import { shortJson } from '../../schema/short-json.js'

/** A value constraint other than bounds moved: multipleOf, uniqueItems, contains, propertyNames, patternProperties, dependentRequired, dependentSchemas, if/then/else or not. */
export const schemaConstraintChanged = defineKind({
  id: 'schema-constraint-changed',
  entity: 'tool',
  purpose: 'Detects a multipleOf, uniqueItems, contains, propertyNames, patternProperties, dependentRequired, dependentSchemas, if/then/else or not constraint tightened, loosened or replaced.',
  severity: byRelation(),
  reason: {
    breaking: 'values valid before are now rejected, or readers get values the old constraint excluded',
    additive: 'every value accepted before is still accepted',
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
