import { found, type NodeReport, type SchemaObject } from './finding.js'
import { canonicalJson, isAnnotationKeyword, valueKey, withoutList } from './keywords.js'
import { fromInclusions } from './relation.js'
import { examplesOf } from './satisfiability.js'
import type { Json, Relation } from './types.js'
import { negate } from './value-matches.js'
import type { Walker } from './walker.js'

/**
 * `enum` on either side: the valid values are (or include) a finite list, so the relation is
 * decided value by value. Dropping `null` alone from or adding it to the list is a nullability
 * change; anything else is one enum finding.
 */
export function compareEnum(walker: Walker, a: SchemaObject, b: SchemaObject, report: NodeReport): void {
  // Why: canonical lists hold only values the rest of their schema accepts, but a union branch
  // with the union's siblings folded in may list values its `type` now excludes.
  // Why without the list: a listed value is in it; checking that again would key the whole list.
  const [restA, restB] = [withoutList(a), withoutList(b)]
  const unsureA = new Set<string>()
  const unsureB = new Set<string>()
  const valuesA = finiteValues(a)?.filter((v) => kept(walker.matches('old', restA, v), v, unsureA))
  const valuesB = finiteValues(b)?.filter((v) => kept(walker.matches('new', restB, v), v, unsureB))
  if (valuesA !== undefined && valuesB !== undefined) {
    if (unsureA.size + unsureB.size > 0 && assertionText(restA) !== assertionText(restB)) {
      // Why: a listed value the rest of its schema may reject (a `format` in `items`) is not
      // known to be valid, so the lists alone cannot show the edit keeps the valid values.
      const relation = unsureRelation(valuesA, valuesB, unsureA, unsureB)
      if (relation !== 'equal') report.change(found('schema-enum-changed', relation, { before: a.enum ?? a.type, after: b.enum ?? b.type }))
      return
    }
    // Why one map: the old values a new one matched are marked, so the new side's keys are
    // never kept (only those of added values, which are few or the change is large anyway).
    const index = new Map(valuesA.map((v, i) => [valueKey(v), i]))
    const matched = new Uint8Array(valuesA.length)
    const addedKeys = new Set<string>()
    const added: Json[] = []
    for (const v of valuesB) {
      const key = valueKey(v)
      const i = index.get(key)
      if (i !== undefined) matched[i] = 1
      else if (!addedKeys.has(key)) {
        addedKeys.add(key)
        added.push(v)
      }
    }
    // Why the index check: of a value listed twice, only its last place is marked.
    const removed = valuesA.filter((v, i) => matched[i] === 0 && index.get(valueKey(v)) === i)
    if (added.length === 0 && removed.length === 0) return
    const relation = fromInclusions(removed.length === 0, added.length === 0)
    const onlyNull = [...added, ...removed].length === 1 && [...added, ...removed][0] === null
    const kind = onlyNull ? 'schema-nullable-changed' : 'schema-enum-changed'
    report.change(found(kind, relation, { before: a.enum ?? a.type, after: b.enum ?? b.type, details: onlyNull ? undefined : { added, removed } }))
    return
  }
  // One side lists its values, the other does not: the list's values are judged by the other side.
  const listed = valuesA ?? valuesB!
  const otherSide = valuesA === undefined ? 'old' : 'new'
  const other = valuesA === undefined ? a : b
  const verdicts = listed.map((v) => walker.matches(otherSide, other, v))
  const allAccepted = verdicts.every((v) => v === true) ? true : verdicts.some((v) => v === false) ? false : undefined
  // Why: the side without a list usually accepts more, but that is claimed only with a value
  // that proves it (an integer range can list exactly the enum's values).
  const texts = new Set(listed.map(valueKey))
  const more = examplesOf(other).some((v) => !texts.has(valueKey(v)) && walker.matches(otherSide, other, v) === true) ? true : undefined
  const relation = valuesA !== undefined ? fromInclusions(allAccepted, negate(more)) : fromInclusions(negate(more), allAccepted)
  const details = valuesA !== undefined ? { dropped: true as const } : { introduced: true as const }
  report.change(found('schema-enum-changed', relation, { before: a.enum, after: b.enum, details }))
}

/** Whether a listed value stays in the list (not refused); one the engine cannot judge is noted. */
function kept(verdict: boolean | undefined, value: Json, unsure: Set<string>): boolean {
  if (verdict === undefined) unsure.add(valueKey(value))
  return verdict !== false
}

/**
 * The text of a schema's assertions, annotations and its own `format` left out.
 * Why `format`: the node compares a format beside a list itself (`compareFormat`).
 */
function assertionText(schema: SchemaObject): string {
  return canonicalJson(Object.fromEntries(Object.entries(schema).filter(([k]) => k !== 'format' && !isAnnotationKeyword(k))))
}

/** The relation of two lists where some values may or may not be valid (three-valued). */
function unsureRelation(valuesA: Json[], valuesB: Json[], unsureA: Set<string>, unsureB: Set<string>): Relation {
  const inA = new Map(valuesA.map((v) => [valueKey(v), !unsureA.has(valueKey(v))]))
  const inB = new Map(valuesB.map((v) => [valueKey(v), !unsureB.has(valueKey(v))]))
  const within = (from: Map<string, boolean>, to: Map<string, boolean>): boolean | undefined => {
    let verdict: boolean | undefined = true
    for (const [key, sure] of from) {
      const there = to.get(key)
      if (there === true) continue
      if (there === undefined && sure) return false
      verdict = undefined
    }
    return verdict
  }
  return fromInclusions(within(inA, inB), within(inB, inA))
}

/** The values a schema allows when it is a finite list: its `enum`, or `type` null/boolean alone. */
function finiteValues(schema: SchemaObject): Json[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum
  const keys = Object.keys(schema).filter((k) => !isAnnotationKeyword(k))
  if (keys.length !== 1 || keys[0] !== 'type') return undefined
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  if (!types.every((t) => t === 'null' || t === 'boolean')) return undefined
  return [...(types.includes('boolean') ? [false, true] : []), ...(types.includes('null') ? [null] : [])]
}
