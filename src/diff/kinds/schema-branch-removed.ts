import { byRelation, defineKind, NO_VALUE_LOST } from '../define-kind.js'

/** A branch of a union (`anyOf`/`oneOf`) or a member of `allOf` was removed. */
export const schemaBranchRemoved = defineKind({
  id: 'schema-branch-removed',
  entity: 'tool',
  purpose: 'Detects a union branch or allOf member removed that changes which values are valid.',
  severity: byRelation(),
  reason: {
    breaking: {
      input: 'calls with values only the removed branch accepted are now rejected',
      output: 'readers may now get values that were excluded before (by the removed allOf member, or by matching two oneOf branches)',
    },
    additive: NO_VALUE_LOST,
    risky: 'the engine could not decide whether the other branches cover it',
  },
  message: (change) => (change.details?.keyword === 'allOf' ? 'allOf member removed' : `${String(change.details?.keyword ?? 'anyOf')} branch removed`),
  example: '`target` anyOf loses its string branch',
})
