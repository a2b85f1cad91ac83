import { byRelation, defineKind } from '../define-kind.js'

/** A branch of a union (`anyOf`/`oneOf`) or a member of `allOf` was removed. */
export const schemaBranchRemoved = defineKind({
  id: 'schema-branch-removed',
  entity: 'tool',
  purpose: 'Detects a union branch or allOf member removed that changes which values are valid.',
  severity: byRelation(),
  reason: {
    breaking: 'values only the removed branch accepted are now rejected, or readers get values the removed member excluded',
    additive: 'every value accepted now was accepted before',
    risky: 'the engine could not decide whether other branches cover it',
  },
  message: (change) => (change.details?.keyword === 'allOf' ? 'allOf member removed' : `${String(change.details?.keyword ?? 'anyOf')} branch removed`),
  example: '`target` anyOf loses its string branch',
})
