import { byRelation, defineKind } from '../define-kind.js'
import { editWords } from '../../schema/short-json.js'

/** A numeric, length, item-count, property-count or contains-count bound changed. */
export const schemaBoundChanged = defineKind({
  id: 'schema-bound-changed',
  entity: 'tool',
  purpose: 'Detects a minimum/maximum (inclusive or exclusive), min/maxLength, min/maxItems, min/maxProperties or min/maxContains added, removed, raised or lowered.',
  severity: byRelation(),
  reason: {
    additive: 'every value accepted before is still accepted',
    breaking: 'values inside the old range are now rejected, or readers get values outside it',
  },
  message: (change) => {
    const keyword = String(change.details?.keyword ?? 'bound')
    const beforeKeyword = change.details?.beforeKeyword
    if (beforeKeyword === undefined || change.before === undefined || change.after === undefined) return editWords(keyword, change.before, change.after)
    return `${String(beforeKeyword)} ${String(change.before)} → ${keyword} ${String(change.after)}`
  },
  example: '`limit` maximum 100 → 50',
})
