import type { Relation } from './types.js'
import { isMultipleOf } from './exact-decimal.js'
import { found, type NodeReport, type SchemaObject } from './finding.js'
import { patternRelation } from './pattern-inclusion.js'

/**
 * Scalar constraints: numeric bounds and `multipleOf` (exact decimals), string lengths,
 * `pattern`, `format`, and the count bounds arrays and objects share.
 */

/** Which end of a range a bound closes. */
type End = 'lower' | 'upper'

/**
 * A count bound (`minLength`, `maxItems`, `minContains`, …): raising a lower bound or lowering
 * an upper one narrows, the reverse widens; adding narrows, removing widens.
 */
export function compareCountBound(a: SchemaObject, b: SchemaObject, keyword: string, end: End, report: NodeReport): void {
  const before = typeof a[keyword] === 'number' ? (a[keyword] as number) : undefined
  const after = typeof b[keyword] === 'number' ? (b[keyword] as number) : undefined
  if (before === after) return
  report.change(found('schema-bound-changed', boundRelation(before, after, end), { before, after, details: { keyword } }))
}

function boundRelation(before: number | undefined, after: number | undefined, end: End): Relation {
  if (before === undefined) return 'narrowed'
  if (after === undefined) return 'widened'
  const tighter = end === 'lower' ? after > before : after < before
  return tighter ? 'narrowed' : 'widened'
}

/** `minLength`, `maxLength`, `pattern`. */
export function compareStringKeywords(a: SchemaObject, b: SchemaObject, report: NodeReport): void {
  compareCountBound(a, b, 'minLength', 'lower', report)
  compareCountBound(a, b, 'maxLength', 'upper', report)
  const before = typeof a.pattern === 'string' ? a.pattern : undefined
  const after = typeof b.pattern === 'string' ? b.pattern : undefined
  if (before === after) return
  const relation: Relation = before === undefined ? 'narrowed' : after === undefined ? 'widened' : patternRelation(before, after)
  if (relation !== 'equal') report.change(found('schema-pattern-changed', relation, { before, after }))
}

interface NumericBound {
  value: number
  exclusive: boolean
  keyword: string
}

function numericBound(schema: SchemaObject, end: End): NumericBound | undefined {
  const [inclusive, exclusive] = end === 'lower' ? ['minimum', 'exclusiveMinimum'] : ['maximum', 'exclusiveMaximum']
  if (typeof schema[exclusive] === 'number') return { value: schema[exclusive] as number, exclusive: true, keyword: exclusive }
  if (typeof schema[inclusive] === 'number') return { value: schema[inclusive] as number, exclusive: false, keyword: inclusive }
  return undefined
}

/**
 * Numeric bounds (one lower, one upper, inclusive or exclusive) and `multipleOf`. `integerOnly`
 * says which sides allow integers alone: to them a `multipleOf` that divides 1 adds nothing.
 */
export function compareNumberKeywords(a: SchemaObject, b: SchemaObject, report: NodeReport, integerOnly = { a: false, b: false }): void {
  for (const end of ['lower', 'upper'] as const) {
    const before = numericBound(a, end)
    const after = numericBound(b, end)
    if (before === undefined && after === undefined) continue
    if (before !== undefined && after !== undefined && before.value === after.value && before.exclusive === after.exclusive) continue
    if (isSafeIntegerLimit(before ?? after!, end, before === undefined ? integerOnly.b : integerOnly.a) && (before === undefined || after === undefined)) {
      // Why a note: the policy reads the limit as no bound, so the node's relation does not move
      // (a union branch that only gained it is the same branch); the change is still listed.
      const relation: Relation = before === undefined ? 'narrowed' : 'widened'
      report.note(found('schema-safe-integer-bound-changed', relation, { before: before?.value, after: after?.value, details: { keyword: (before ?? after)!.keyword } }))
      continue
    }
    let relation: Relation
    if (before === undefined) relation = 'narrowed'
    else if (after === undefined) relation = 'widened'
    else {
      const sign = end === 'lower' ? 1 : -1
      const moved = sign * (after.value - before.value)
      relation = moved > 0 || (moved === 0 && after.exclusive) ? 'narrowed' : 'widened'
    }
    const keyword = (after ?? before)!.keyword
    const beforeKeyword = before !== undefined && after !== undefined && before.keyword !== after.keyword ? before.keyword : undefined
    report.change(found('schema-bound-changed', relation, { before: before?.value, after: after?.value, details: { keyword, beforeKeyword } }))
  }
  const before = typeof a.multipleOf === 'number' ? a.multipleOf : undefined
  const after = typeof b.multipleOf === 'number' ? b.multipleOf : undefined
  if (before === after) return
  // Why: integer → number with multipleOf 0.25 keeps every integer; the type change already says what widened.
  if (before === undefined && integerOnly.a && after !== undefined && isMultipleOf(1, after)) return
  if (after === undefined && integerOnly.b && before !== undefined && isMultipleOf(1, before)) return
  let relation: Relation
  if (before === undefined) relation = 'narrowed'
  else if (after === undefined) relation = 'widened'
  else if (isMultipleOf(after, before)) relation = 'narrowed'
  else if (isMultipleOf(before, after)) relation = 'widened'
  else relation = 'incomparable'
  report.change(found('schema-constraint-changed', relation, { before, after, details: { keyword: 'multipleOf' } }))
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER

/**
 * Whether a bound is exactly what zod's `.int()` writes: an inclusive `minimum` of
 * -9007199254740991 or `maximum` of 9007199254740991 on a side that allows integers alone.
 * Canonicalization spells every other bound at that place exclusive (rounded, or under `not`).
 */
function isSafeIntegerLimit(bound: NumericBound, end: End, integerOnly: boolean): boolean {
  return integerOnly && !bound.exclusive && bound.value === (end === 'lower' ? -MAX_SAFE : MAX_SAFE)
}

/**
 * Formats defined as extensions of another: every value valid for the key is valid for each
 * format listed. Why these: RFC 6531 extends 5321 (email), RFC 5890 extends 1123 (hostname),
 * RFC 3987 extends 3986 (iri, iri-reference), a URI is a URI reference, an int32 an int64.
 */
const WIDER_FORMATS = new Map<string, readonly string[]>([
  ['email', ['idn-email']],
  ['hostname', ['idn-hostname']],
  ['uri', ['uri-reference', 'iri', 'iri-reference']],
  ['uri-reference', ['iri-reference']],
  ['iri', ['iri-reference']],
  ['int32', ['int64']],
])

/**
 * `format`: added narrows, removed widens; replaced widens or narrows along the extensions
 * above (email → idn-email) and is incomparable otherwise (the policy may soften all of these).
 */
export function compareFormat(a: SchemaObject, b: SchemaObject, report: NodeReport): void {
  const before = typeof a.format === 'string' ? a.format : undefined
  const after = typeof b.format === 'string' ? b.format : undefined
  if (before === after) return
  report.change(found('schema-format-changed', formatRelation(before, after), { before, after }))
}

function formatRelation(before: string | undefined, after: string | undefined): Relation {
  if (before === undefined) return 'narrowed'
  if (after === undefined) return 'widened'
  if (WIDER_FORMATS.get(before)?.includes(after)) return 'widened'
  if (WIDER_FORMATS.get(after)?.includes(before)) return 'narrowed'
  return 'incomparable'
}
