import { compareArrays } from './compare-arrays.js'
import { compareNumberKeywords, compareStringKeywords, compareFormat } from './compare-bounds.js'
import { compareAllOf, compareUnion } from './compare-composition.js'
import { compareEnum } from './compare-enum.js'
import { compareLogic } from './compare-logic.js'
import { compareObjects } from './compare-objects.js'
import { compareAnnotations, compareUnknownKeywords } from './compare-annotations.js'
import { compareUnevaluated } from './compare-unevaluated.js'
import { EQUAL, found, NodeReport, type NodeResult, type SchemaObject } from './finding.js'
import { alignMergedMembers } from './merge-schemas.js'
import { fromInclusions } from './relation.js'
import { allowsNumbers, liveTypeAtoms, typeAtoms, unsatisfiableReason, type TypeAtom } from './satisfiability.js'
import type { Json, Relation, Schema } from './types.js'
import type { Walker } from './walker.js'

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
  compareUnevaluated(oa, ob, report)
  const union = oa.anyOf !== undefined || ob.anyOf !== undefined || oa.oneOf !== undefined || ob.oneOf !== undefined
  // Why: unions fold the keywords beside them into each branch, wherever they were spelled.
  const [ma, mb] = union ? [oa, ob] : alignMergedMembers(oa, ob)
  if (union) {
    report.add(compareUnion(walker, oa, ob))
  } else {
    if (ma.allOf !== undefined || mb.allOf !== undefined) report.add(compareAllOf(walker, ma, mb))
    if (ma.enum !== undefined || mb.enum !== undefined) {
      compareEnum(walker, ma, mb, report)
      // Why: the engine cannot validate a format, so the listed values alone cannot show that
      // `format: email` beside an enum drops a member that is not an email: the format is compared too.
      if (listsStrings(ma) || listsStrings(mb)) compareFormat(ma, mb, report)
    } else compareTyped(walker, ma, mb, report)
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
  // Why live atoms decide a type change: `{type: number, multipleOf: 2}` takes integers alone, as
  // `{type: integer, multipleOf: 2}` does; where `type` reads the same, the keywords beside it
  // (compared below) are the change, and a type finding would count it twice.
  const liveA = liveTypeAtoms(a)
  const liveB = liveTypeAtoms(b)
  const relation = atomRelation(liveA, liveB)
  if (relation !== 'equal' && atomRelation(atomsA, atomsB) !== 'equal') {
    const changed = symmetricDifference(liveA, liveB)
    const kind = changed.length === 1 && changed[0] === 'null' ? 'schema-nullable-changed' : 'schema-type-changed'
    report.change(found(kind, relation, { before: a.type, after: b.type }))
  }
  const common = new Set([...atomsA].filter((t) => atomsB.has(t)))
  if (common.size === 0) return
  if (common.has('string')) compareStringKeywords(a, b, report)
  if (allowsNumbers(common)) compareNumberKeywords(a, b, report, { a: !liveA.has('fraction'), b: !liveB.has('fraction') })
  if (common.has('object')) report.add(compareObjects(walker, a, b))
  if (common.has('array')) report.add(compareArrays(walker, a, b))
  compareFormat(a, b, report)
}

function listsStrings(schema: SchemaObject): boolean {
  return Array.isArray(schema.enum) && schema.enum.some((v) => typeof v === 'string')
}

function atomRelation(a: Set<TypeAtom>, b: Set<TypeAtom>): Relation {
  const aInB = [...a].every((t) => b.has(t))
  const bInA = [...b].every((t) => a.has(t))
  return fromInclusions(aInB, bInA)
}

function symmetricDifference(a: Set<TypeAtom>, b: Set<TypeAtom>): TypeAtom[] {
  return [...[...a].filter((t) => !b.has(t)), ...[...b].filter((t) => !a.has(t))]
}
