import { byRelation, defineKind } from '../define-kind.js'

/** A branch of a union (`anyOf`/`oneOf`) or a member of `allOf` was added. */
export const schemaBranchAdded = defineKind({
  id: 'schema-branch-added',
  entity: 'tool',
  purpose: 'Detects a union branch or allOf member added that changes which values are valid.',
  severity: byRelation(),
  reason: {
    additive: 'every value accepted before is still accepted',
    breaking: 'readers may get values of the new branch, values now match two oneOf branches, or an allOf member rejects old values',
    risky: 'the engine could not decide whether the branch overlaps the others',
  },
  message: (change) => (change.details?.keyword === 'allOf' ? 'allOf member added' : `${String(change.details?.keyword ?? 'anyOf')} branch added`),
  example: '`target` anyOf gains an object branch',
})
