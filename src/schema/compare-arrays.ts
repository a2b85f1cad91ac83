import type { Relation } from './types.js'
import type { Schema } from './types.js'
import { compareCountBound } from './compare-bounds.js'
import type { Walker } from './walker.js'
import { found, NodeReport, type NodeResult, type SchemaObject } from './finding.js'

/**
 * Array keywords: item schemas (the tail `items` at `[]`, tuple slots `prefixItems` at `[i]`,
 * a slot one side lacks read as that side's tail), `min/maxItems`, `uniqueItems`, `contains`
 * with `min/maxContains`.
 */
export function compareArrays(walker: Walker, a: SchemaObject, b: SchemaObject): NodeResult {
  const report = new NodeReport()
  ;[a, b] = [asClosedTuple(a, b), asClosedTuple(b, a)]
  const slotsA = Array.isArray(a.prefixItems) ? (a.prefixItems as Schema[]) : []
  const slotsB = Array.isArray(b.prefixItems) ? (b.prefixItems as Schema[]) : []
  const tailA = (a.items ?? true) as Schema
  const tailB = (b.items ?? true) as Schema
  for (let i = 0; i < Math.max(slotsA.length, slotsB.length); i++) {
    const itemA = slotsA[i] ?? tailA
    const itemB = slotsB[i] ?? tailB
    const place = { segment: `[${i}]`, a: i < slotsA.length ? `/prefixItems/${i}` : '/items', b: i < slotsB.length ? `/prefixItems/${i}` : '/items' }
    report.add(walker.child(itemA, itemB, place))
  }
  // Why: equal text is not equal meaning when a `$ref` inside points into definitions that
  // changed; the walker decides equality, cheaply, for every pair.
  report.add(walker.child(tailA, tailB, { segment: '[]', a: '/items', b: '/items' }))
  compareCountBound(a, b, 'minItems', 'lower', report)
  compareCountBound(a, b, 'maxItems', 'upper', report)
  if ((a.uniqueItems === true) !== (b.uniqueItems === true)) {
    const relation: Relation = b.uniqueItems === true ? 'narrowed' : 'widened'
    report.change(found('schema-constraint-changed', relation, { before: a.uniqueItems === true, after: b.uniqueItems === true, details: { keyword: 'uniqueItems' } }))
  }
  compareContains(walker, a, b, report)
  return report.result()
}

/** Lists up to this long are read as a closed tuple to meet one; a longer bound is left as it is. */
const MAX_SLOTS = 64

/**
 * `self` read as the closed tuple `other` is, when `other` is one (`prefixItems`, `items:
 * false`) and `self` a list with a length bound (`items: A, maxItems: n` ≡ `prefixItems: [A ×
 * n], items: false`). Why: canonicalization closes a tuple that `maxItems` covers with `items:
 * false`, so a tuple that restates its tail and the tail alone reach here in two spellings of
 * one set; read as slots they compare slot by slot.
 */
function asClosedTuple(self: SchemaObject, other: SchemaObject): SchemaObject {
  if (other.items !== false || !Array.isArray(other.prefixItems) || self.prefixItems !== undefined) return self
  const max = self.maxItems
  if (typeof max !== 'number' || !Number.isInteger(max) || max < 1 || max > MAX_SLOTS) return self
  const { maxItems: _max, ...rest } = self
  return { ...rest, prefixItems: Array.from({ length: max }, () => (self.items ?? true) as Schema), items: false } as SchemaObject
}

// Why: an absent `contains` is no constraint, while `contains: true` demands a non-empty array,
// so absence cannot be read as `true` here.
function compareContains(walker: Walker, a: SchemaObject, b: SchemaObject, report: NodeReport): void {
  const before = a.contains as Schema | undefined
  const after = b.contains as Schema | undefined
  if (before !== undefined || after !== undefined) {
    {
      let relation: Relation
      if (before === undefined) relation = 'narrowed'
      else if (after === undefined) relation = 'widened'
      else relation = withCountCap(walker.relation(before, after, { a: '/contains', b: '/contains' }), a, b)
      if (relation !== 'equal') report.change(found('schema-constraint-changed', relation, { before, after, details: { keyword: 'contains' } }))
    }
  }
  if (before !== undefined && after !== undefined) {
    compareCountBound({ minContains: 1, ...a }, { minContains: 1, ...b }, 'minContains', 'lower', report)
    compareCountBound(a, b, 'maxContains', 'upper', report)
  }
}

/**
 * Why: under `maxContains` a looser `contains` counts more items and so rejects more arrays,
 * and a tighter one accepts more; a changed `contains` with a cap on either side moves the
 * valid arrays both ways, whatever way its own schema moved.
 */
function withCountCap(relation: Relation, a: SchemaObject, b: SchemaObject): Relation {
  if (relation === 'equal' || relation === 'unknown') return relation
  return a.maxContains !== undefined || b.maxContains !== undefined ? 'incomparable' : relation
}
