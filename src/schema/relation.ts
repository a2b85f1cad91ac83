import type { Relation } from './types.js'
import type { Verdict } from './value-matches.js'

/**
 * The algebra of relations between two sets of valid values (old, new).
 * `widened` old ⊆ new, `narrowed` new ⊆ old, `incomparable` neither, `unknown` not decided.
 */

/**
 * The relation seen from the other side (new → old).
 * @example invert('widened') // 'narrowed'
 */
export function invert(relation: Relation): Relation {
  if (relation === 'widened') return 'narrowed'
  if (relation === 'narrowed') return 'widened'
  return relation
}

/**
 * The relation of a conjunction of independent constraints, from each constraint's relation:
 * all equal ⇒ equal; only widenings ⇒ widened; only narrowings ⇒ narrowed; a mix ⇒
 * incomparable; anything undecided ⇒ unknown.
 * @example conjunction(['equal', 'widened']) // 'widened'
 */
export function conjunction(relations: Iterable<Relation>): Relation {
  let widened = false
  let narrowed = false
  let unknown = false
  for (const relation of relations) {
    if (relation === 'widened') widened = true
    else if (relation === 'narrowed') narrowed = true
    else if (relation === 'incomparable') widened = narrowed = true
    else if (relation === 'unknown') unknown = true
  }
  if (unknown) return 'unknown'
  if (widened && narrowed) return 'incomparable'
  return widened ? 'widened' : narrowed ? 'narrowed' : 'equal'
}

const RANK: Record<Relation, number> = { equal: 0, widened: 1, narrowed: 1, incomparable: 2, unknown: 3 }

/**
 * The least relation at least as far from `equal` as both: the join used while a recursive
 * comparison climbs to its fixed point.
 */
export function join(a: Relation, b: Relation): Relation {
  if (a === b) return a
  if (RANK[a] === 1 && RANK[b] === 1) return 'incomparable'
  return RANK[a] >= RANK[b] ? a : b
}

/**
 * The relation from the two inclusions, each proved (`true`), refuted (`false`) or undecided.
 * @example fromInclusions(true, false) // 'widened': old ⊆ new, new ⊄ old
 */
export function fromInclusions(oldInNew: Verdict, newInOld: Verdict): Relation {
  if (oldInNew === undefined || newInOld === undefined) return 'unknown'
  if (oldInNew && newInOld) return 'equal'
  if (oldInNew) return 'widened'
  if (newInOld) return 'narrowed'
  return 'incomparable'
}

/** Whether old ⊆ new, as far as the relation tells. */
export function oldWithinNew(relation: Relation): Verdict {
  if (relation === 'unknown') return undefined
  return relation === 'equal' || relation === 'widened'
}

/** Whether new ⊆ old, as far as the relation tells. */
export function newWithinOld(relation: Relation): Verdict {
  if (relation === 'unknown') return undefined
  return relation === 'equal' || relation === 'narrowed'
}
