import { byRelation, defineKind, NO_VALUE_LOST } from '../define-kind.js'

/** A branch of a union (`anyOf`/`oneOf`) or a member of `allOf` was added. */
export const schemaBranchAdded = defineKind({
  id: 'schema-branch-added',
  entity: 'tool',
  purpose: 'Detects a union branch or allOf member added that changes which values are valid.',
  severity: byRelation(),
  reason: {
    additive: NO_VALUE_LOST,
    breaking: {
      input: 'calls that were valid may now be rejected',
      output: 'readers may now get values of the new branch that they were not written for',
    },
    risky: 'the engine could not decide which values the new branch adds or takes away',
  },
  message: (change) => {
    const keyword = String(change.details?.keyword ?? 'anyOf')
    if (keyword === 'allOf') return 'allOf member added'
    // Why: a oneOf branch added can only lose values by overlapping another: those now match two.
    const overlaps = keyword === 'oneOf' && (change.relation === 'narrowed' || change.relation === 'incomparable')
    return overlaps ? 'oneOf branch added over an existing one' : `${keyword} branch added`
  },
  example: '`target` anyOf gains an object branch',
})
