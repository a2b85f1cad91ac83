import { byRelation, defineKind } from '../define-kind.js'
import { editWords } from '../short-json.js'

/** A numeric, length, item-count, property-count or contains-count bound changed. */
export const schemaBoundChanged = defineKind({
  id: 'schema-bound-changed',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects a minimum/maximum (inclusive or exclusive), min/maxLength, min/maxItems, min/maxProperties or min/maxContains added, removed, raised or lowered.',
  severity: byRelation(),
  reason: {
    additive: {
      input: 'every value callers could send is still accepted',
      output: 'readers only get values inside the range they already handled',
    },
    breaking: {
      input: 'calls with some values the old range allowed are now rejected',
      output: 'readers may now get values outside the old range',
    },
  },
  message: (change) => {
    const keyword = String(change.details?.keyword ?? 'bound')
    const beforeKeyword = change.details?.beforeKeyword
    if (beforeKeyword === undefined || change.before === undefined || change.after === undefined) return editWords(keyword, change.before, change.after)
    return `${String(beforeKeyword)} ${String(change.before)} → ${keyword} ${String(change.after)}`
  },
  example: '`limit` maximum 100 → 50',
})
