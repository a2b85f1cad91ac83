import type { Relation } from './types.js'
import type { Json, Schema } from './types.js'
import { compareArrays } from './compare-arrays.js'
import { compareNumberKeywords, compareStringKeywords, compareFormat } from './compare-bounds.js'
import { compareAllOf, compareUnion } from './compare-composition.js'
import { compareObjects } from './compare-objects.js'
import type { Walker } from './walker.js'
import { EQUAL, found, NodeReport, type NodeResult, type SchemaObject } from './finding.js'
import { ASSERTION_KEYWORDS, canonicalJson, isAnnotationKeyword } from './keywords.js'
import { alignMergedMembers } from './merge-schemas.js'
import { conjunction, fromInclusions, invert } from './relation.js'
import { allowsNumbers, examplesOf, typeAtoms, unsatisfiableReason, type TypeAtom } from './satisfiability.js'
import { negate } from './value-matches.js'

/**
 * Compares one node pair of two canonical schemas: satisfiability first (a schema that can no
 * longer match anything is one finding), then composition, `enum`, `type` and the keywords of
 * each instance type both sides allow, then logic keywords, unknown keywords and annotations.
 */
export function compareNode(walker: Walker, a: Schema, b: Schema): NodeResult {
  const unsatA = unsatisfiableReason(a)
  const unsatB = unsatisfiableReason(b)
  if (unsatA !== undefined && unsatB !== undefined) return EQUAL
  if (unsatB !== undefined) {
    return { relation: 'narrowed', findings: [found('schema-satisfiability-changed', 'narrowed', { details: { reason: unsatB, satisfiable: false } })] }
  }
  if (unsatA !== undefined) {
    return { relation: 'widened', findings: [found('schema-satisfiability-changed', 'widened', { details: { reason: unsatA, satisfiable: true } })] }
  }
  const oa = withRefAsMember(asObject(a))
  const ob = withRefAsMember(asObject(b))
  const report = new NodeReport()
  compareReferences(walker, oa, ob, report)
  const union = oa.anyOf !== undefined || ob.anyOf !== undefined || oa.oneOf !== undefined || ob.oneOf !== undefined
  // Why: unions fold the keywords beside them into each branch, wherever they were spelled.
  const [ma, mb] = union ? [oa, ob] : alignMergedMembers(oa, ob)
  if (union) {
    report.add(compareUnion(walker, oa, ob))
  } else {
    if (ma.allOf !== undefined || mb.allOf !== undefined) report.add(compareAllOf(walker, ma, mb))
    if (ma.enum !== undefined || mb.enum !== undefined) compareEnum(walker, ma, mb, report)
    else compareTyped(walker, ma, mb, report)
    compareLogic(walker, ma, mb, report)
  }
  compareUnknownKeywords(ma, mb, report)
  compareAnnotations(ma, mb, report)
  return report.result()
}

/** `true` as the empty schema object; `false` never reaches here (it is unsatisfiable). */
function asObject(schema: Schema): SchemaObject {
  return schema === true ? {} : (schema as SchemaObject)
}

/** A local `$ref` beside other keywords applies with them: read it as one more `allOf` member. */
function withRefAsMember(schema: SchemaObject): SchemaObject {
  if (typeof schema.$ref !== 'string' || !schema.$ref.startsWith('#') || Object.keys(schema).length === 1) return schema
  const { $ref, ...rest } = schema
  return { ...rest, allOf: [...((rest.allOf as Json[]) ?? []), { $ref }] }
}

/** External `$ref` and `$dynamicRef` are not followed: any change there is unknown. */
function compareReferences(walker: Walker, a: SchemaObject, b: SchemaObject, report: NodeReport): void {
  for (const keyword of ['$ref', '$dynamicRef', '$recursiveRef']) {
    const before = a[keyword]
    const after = b[keyword]
    if (before === undefined && after === undefined) continue
    if (before === after) {
      walker.notJudged(`${keyword} ${String(before)} is not followed`)
      continue
    }
    walker.notJudged(`${keyword} changed (${String(before ?? 'none')} → ${String(after ?? 'none')}); its target is not followed`)
    report.change(found('schema-reference-changed', 'unknown', { before, after, details: { keyword } }))
  }
}

/** `type`, then the keywords of every instance type both sides allow. */
function compareTyped(walker: Walker, a: SchemaObject, b: SchemaObject, report: NodeReport): void {
  const atomsA = typeAtoms(a)
  const atomsB = typeAtoms(b)
  const relation = atomRelation(atomsA, atomsB)
  if (relation !== 'equal') {
    const changed = symmetricDifference(atomsA, atomsB)
    const kind = changed.length === 1 && changed[0] === 'null' ? 'schema-nullable-changed' : 'schema-type-changed'
    report.change(found(kind, relation, { before: a.type, after: b.type }))
  }
  const common = new Set([...atomsA].filter((t) => atomsB.has(t)))
  if (common.size === 0) return
  if (common.has('string')) compareStringKeywords(a, b, report)
  if (allowsNumbers(common)) compareNumberKeywords(a, b, report)
  if (common.has('object')) report.add(compareObjects(walker, a, b))
  if (common.has('array')) report.add(compareArrays(walker, a, b))
  compareFormat(a, b, report)
}

function atomRelation(a: Set<TypeAtom>, b: Set<TypeAtom>): Relation {
  const aInB = [...a].every((t) => b.has(t))
  const bInA = [...b].every((t) => a.has(t))
  return fromInclusions(aInB, bInA)
}

function symmetricDifference(a: Set<TypeAtom>, b: Set<TypeAtom>): TypeAtom[] {
  return [...[...a].filter((t) => !b.has(t)), ...[...b].filter((t) => !a.has(t))]
}

/**
 * `enum` on either side: the valid values are (or include) a finite list, so the relation is
 * decided value by value. Dropping `null` alone from or adding it to the list is a nullability
 * change; anything else is one enum finding.
 */
function compareEnum(walker: Walker, a: SchemaObject, b: SchemaObject, report: NodeReport): void {
  // Why: canonical lists hold only values the rest of their schema accepts, but a union branch
  // with the union's siblings folded in may list values its `type` now excludes.
  const valuesA = finiteValues(a)?.filter((v) => walker.matches('old', a, v) !== false)
  const valuesB = finiteValues(b)?.filter((v) => walker.matches('new', b, v) !== false)
  if (valuesA !== undefined && valuesB !== undefined) {
    const textsA = new Map(valuesA.map((v) => [canonicalJson(v), v]))
    const textsB = new Map(valuesB.map((v) => [canonicalJson(v), v]))
    const added = [...textsB.keys()].filter((t) => !textsA.has(t)).map((t) => textsB.get(t)!)
    const removed = [...textsA.keys()].filter((t) => !textsB.has(t)).map((t) => textsA.get(t)!)
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
  const texts = new Set(listed.map(canonicalJson))
  const more = examplesOf(other).some((v) => !texts.has(canonicalJson(v)) && walker.matches(otherSide, other, v) === true) ? true : undefined
  const relation = valuesA !== undefined ? fromInclusions(allAccepted, negate(more)) : fromInclusions(negate(more), allAccepted)
  const details = valuesA !== undefined ? { dropped: true as const } : { introduced: true as const }
  report.change(found('schema-enum-changed', relation, { before: a.enum, after: b.enum, details }))
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

/** `if`/`then`/`else` and `not`: judged as one constraint each. */
function compareLogic(walker: Walker, a: SchemaObject, b: SchemaObject, report: NodeReport): void {
  const hasIfA = a.if !== undefined
  const hasIfB = b.if !== undefined
  if (hasIfA || hasIfB) {
    let relation: Relation
    if (!hasIfA) relation = 'narrowed'
    else if (!hasIfB) relation = 'widened'
    else if (canonicalJson(a.if) === canonicalJson(b.if)) {
      relation = conjunction([
        walker.relation((a.then ?? true) as Schema, (b.then ?? true) as Schema, { a: '/then', b: '/then' }),
        walker.relation((a.else ?? true) as Schema, (b.else ?? true) as Schema, { a: '/else', b: '/else' }),
      ])
    } else relation = 'unknown'
    if (relation !== 'equal') {
      report.change(found('schema-constraint-changed', relation, { before: pick(a, 'if', 'then', 'else'), after: pick(b, 'if', 'then', 'else'), details: { keyword: 'if' } }))
    }
  }
  if (a.not !== undefined || b.not !== undefined) {
    const relation =
      a.not === undefined ? 'narrowed' : b.not === undefined ? 'widened' : invert(walker.relation(a.not as Schema, b.not as Schema, { a: '/not', b: '/not' }))
    if (relation !== 'equal') report.change(found('schema-constraint-changed', relation, { before: a.not, after: b.not, details: { keyword: 'not' } }))
  }
}

function pick(schema: SchemaObject, ...keys: string[]): Json | undefined {
  const out: Record<string, Json> = {}
  for (const key of keys) if (schema[key] !== undefined) out[key] = schema[key]
  return Object.keys(out).length === 0 ? undefined : out
}

const NOT_KEYWORDS = new Set(['$defs', '$ref', '$dynamicRef', '$recursiveRef'])

/** A keyword the engine does not reason about: any change to it is unknown, never silent. */
function compareUnknownKeywords(a: SchemaObject, b: SchemaObject, report: NodeReport): void {
  for (const keyword of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (ASSERTION_KEYWORDS.has(keyword) || isAnnotationKeyword(keyword) || NOT_KEYWORDS.has(keyword)) continue
    if (canonicalJson(a[keyword]) === canonicalJson(b[keyword])) continue
    report.change(found('schema-keyword-changed', 'unknown', { before: a[keyword], after: b[keyword], details: { keyword } }))
  }
}

/** Annotations never move the valid values; each has its own kind for its own severity. */
function compareAnnotations(a: SchemaObject, b: SchemaObject, report: NodeReport): void {
  for (const keyword of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    if (!isAnnotationKeyword(keyword) || canonicalJson(a[keyword]) === canonicalJson(b[keyword])) continue
    const fields = { before: a[keyword], after: b[keyword] }
    if (keyword === 'description') report.note(found('argument-description-changed', 'equal', fields))
    else if (keyword === 'default') report.note(found('schema-default-changed', 'equal', fields))
    else if (keyword === 'deprecated') report.note(found('schema-deprecated-changed', 'equal', fields))
    else report.note(found('schema-annotation-changed', 'equal', { ...fields, details: { keyword } }))
  }
}
