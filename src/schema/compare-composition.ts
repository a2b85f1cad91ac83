import type { Relation } from './types.js'
import type { Json, Schema } from './types.js'
import type { Side, Walker } from './walker.js'
import { found, NodeReport, type Found, type NodeResult, type SchemaObject } from './finding.js'
import { ASSERTION_KEYWORDS, canonicalJson, isAnnotationKeyword, KEYWORD_TYPES, withoutAnnotations } from './keywords.js'
import { mergeInto } from './merge-schemas.js'
import { fromInclusions, newWithinOld, oldWithinNew } from './relation.js'
import { discriminators, disjoint, examplesOf, overlapWitness, stringsAroundBounds, typeAtoms } from './satisfiability.js'
import { all, any, negate, type Verdict } from './value-matches.js'

type Combinator = 'anyOf' | 'oneOf' | 'single'

/** Branch pairs one union comparison may examine before it answers unknown. */
const MAX_BRANCH_PAIRS = 250_000

/** One side of a union: its combinator and its branches with the node's other assertions folded in. */
interface Union {
  combinator: Combinator
  branches: Schema[]
  pointers: string[]
}

/**
 * `anyOf`/`oneOf` on either side (a plain schema is a union of one branch, so wrapping a schema
 * in a union is one edit). Compatibility is decided by coverage: old ⊆ new iff every old
 * branch lies inside some new branch and no value of the old schema now matches two `oneOf`
 * branches; new ⊆ old the mirror. Branches are paired only to report readable findings:
 * equal `$ref` targets first, then equal discriminator values, then the least difference.
 */
export function compareUnion(walker: Walker, a: SchemaObject, b: SchemaObject): NodeResult {
  const left = unionOf(a)
  const right = unionOf(b)
  // Why: canonicalization spells a oneOf proved disjoint as an anyOf; against a oneOf on the
  // other side it is read as the oneOf it was, so an added overlapping branch is one finding.
  if (left.combinator === 'anyOf' && right.combinator === 'oneOf' && provedDisjoint(left.branches)) left.combinator = 'oneOf'
  if (right.combinator === 'anyOf' && left.combinator === 'oneOf' && provedDisjoint(right.branches)) right.combinator = 'oneOf'
  const same = sameBranches(walker, left, right)
  const freeLeft = left.branches.map((_, i) => i).filter((i) => !same.left.has(i))
  const freeRight = right.branches.map((_, j) => j).filter((j) => !same.right.has(j))
  // Why: a changed branch is compared with every branch of the other side; past this many pairs
  // (a hostile union, every one of 10,000 branches changed) the union is not judged.
  if (freeLeft.length * right.branches.length + freeRight.length * left.branches.length > MAX_BRANCH_PAIRS) {
    walker.notJudged(`${left.branches.length} × ${right.branches.length} union branches changed too much to compare (work budget)`)
    return { relation: 'unknown', findings: [found('schema-comparison-incomplete', 'unknown', { details: { reason: 'union too large to compare (work budget)' } })] }
  }
  const matrix = lazyMatrix(walker, left, right, same.left)
  const oldCovered = left.branches.map((branch, i) =>
    same.left.has(i) ? true : covered(walker, branch, 'old', a, b, 'new', () => right.branches.map((_, j) => oldWithinNew(matrix.at(i, j)))),
  )
  const pairs = pairBranches(walker, left, right, matrix, same.left, freeLeft, freeRight)
  const equalLeft = new Set<number>()
  const equalRight = new Set<number>()
  for (const [i, j] of pairs) {
    if (matrix.at(i, j) !== 'equal') continue
    // Why: a branch equal only under the safe-integer policy still moves the integers past the
    // limit, and in a oneOf those may now match one branch where they matched two.
    if (!same.left.has(i) && walker.child(left.branches[i], right.branches[j], { a: left.pointers[i], b: right.pointers[j] }).findings.some((f) => f.kind === 'schema-safe-integer-bound-changed')) continue
    equalLeft.add(i)
    equalRight.add(j)
  }
  const lost = exclusiveConflict(walker, right, 'new', a, 'old', left.combinator === 'oneOf', (j) => equalRight.has(j))
  const gained = exclusiveConflict(walker, left, 'old', b, 'new', right.combinator === 'oneOf', (i) => equalLeft.has(i))
  const pairedRight = new Set(pairs.map(([, j]) => j))
  const newCovered = right.branches.map((branch, j) => {
    if (same.right.has(j)) return true
    const verdict = covered(walker, branch, 'new', b, a, 'old', () => left.branches.map((_, i) => newWithinOld(matrix.at(i, j))))
    // Why: CLASSIFICATION.md judges a oneOf branch added over an existing one breaking both ways.
    // The overlap already proves values are lost; whether the branch also brings new ones is
    // not left open, so the edit is incomparable rather than unknown.
    const addedOverlapping = lost.branches.has(j) && !pairedRight.has(j)
    return verdict === undefined && addedOverlapping ? false : verdict
  })
  const oldInNew = all([...oldCovered, negate(lost.verdict)])
  const newInOld = all([...newCovered, negate(gained.verdict)])
  const relation = fromInclusions(oldInNew, newInOld)

  const report = new NodeReport()
  const paired = new Set<string>()
  for (const [i, j] of pairs) {
    paired.add(`l${i}`).add(`r${j}`)
    if (matrix.at(i, j) !== 'equal') report.add(walker.child(left.branches[i], right.branches[j], { a: left.pointers[i], b: right.pointers[j] }))
  }
  left.branches.forEach((branch, i) => {
    if (paired.has(`l${i}`)) return
    // Why: a removed oneOf branch that overlapped another releases the values both matched.
    const overlapping = gained.branches.has(i)
    if (oldCovered[i] === true && !overlapping) return
    const branchRelation = fromInclusions(oldCovered[i], overlapping ? false : gained.branches.size === 0 ? true : undefined)
    report.change(branchFinding('removed', branch, branchRelation, left.combinator))
  })
  right.branches.forEach((branch, j) => {
    if (paired.has(`r${j}`)) return
    const overlapping = lost.branches.has(j)
    if (newCovered[j] === true && !overlapping) return
    const branchRelation = fromInclusions(overlapping ? false : lost.branches.size === 0 ? true : undefined, newCovered[j] === undefined ? undefined : newCovered[j])
    report.change(branchFinding('added', branch, branchRelation, right.combinator))
  })
  if (left.combinator !== right.combinator && left.combinator !== 'single' && right.combinator !== 'single') {
    const combinatorRelation = fromInclusions(negate(lost.verdict), negate(gained.verdict))
    if (combinatorRelation !== 'equal') report.change(found('schema-composition-changed', combinatorRelation, { before: left.combinator, after: right.combinator }))
  }
  const detailed = report.result()
  // Why: a changed oneOf branch that may overlap another moves values the other way too (a
  // value both matched was rejected, and matches one once the branch narrows). The branch's own
  // findings read one way only (and inside a recursive definition are reported where it
  // starts), so the union says how it moved as a whole.
  if (relation !== 'equal' && detailed.relation === relation && changedOverlapping(walker, left, right, pairs, matrix)) {
    const overlap = found('schema-composition-changed', relation, { details: { keyword: 'oneOf', overlapping: true } })
    return { relation, findings: [...detailed.findings, overlap] }
  }
  // Why: pairing is for readable reports only; when the per-branch findings disagree with what
  // coverage proves (branches regrouped, one branch's loss covered by another), coverage decides.
  if (detailed.relation === relation) return { relation, findings: detailed.findings }
  const notes = detailed.findings.filter((f) => f.relation === 'equal')
  const regrouped = found('schema-composition-changed', relation, { before: toJson(a, left), after: toJson(b, right), details: { regrouped: true } })
  return { relation, findings: relation === 'equal' ? notes : [regrouped, ...notes] }
}

/**
 * Whether a paired branch changed while it may share values with another branch of a `oneOf`
 * on its side (not proved disjoint, `$ref` branches followed, e.g. by a different `const` tag).
 */
function changedOverlapping(walker: Walker, left: Union, right: Union, pairs: [number, number][], matrix: Matrix): boolean {
  const overlaps = (union: Union, side: Side, x: number): boolean => {
    if (union.combinator !== 'oneOf') return false
    const branch = walker.resolve(side, union.branches[x])
    return union.branches.some((other, y) => y !== x && disjoint(branch, walker.resolve(side, other)) !== true)
  }
  return pairs.some(([i, j]) => matrix.at(i, j) !== 'equal' && (overlaps(left, 'old', i) || overlaps(right, 'new', j)))
}

/**
 * Whether a branch lies inside the other side's union. Inside one branch proves it; outside
 * every single branch does not (the union of two may cover it), so "not covered" also needs a
 * value the branch and its own side accept and the other side rejects: one of the branch's
 * examples, or a string at or just past a length bound of the other side.
 */
function covered(walker: Walker, branch: Schema, side: Side, own: SchemaObject, other: SchemaObject, otherSide: Side, inEach: () => Verdict[]): Verdict {
  // Why the witness first: one value the branch accepts and the other side rejects settles it
  // without comparing the branch with each of the other side's branches. Why its own side must
  // accept it too: in a oneOf, a value the branch accepts may match a second branch and be
  // rejected on both sides; it moved nothing.
  const candidates = [...examplesOf(branch), ...stringsAroundBounds(other as Schema)]
  const accepted = (value: unknown) => walker.matches(side, branch, value) === true && walker.matches(side, own as Schema, value) === true
  const witness = candidates.some((value) => accepted(value) && walker.matches(otherSide, other as Schema, value) === false)
  if (witness) return false
  const verdict = any(inEach())
  return verdict !== false ? verdict : undefined
}

/** Branches past this many are not checked pairwise for disjointness. */
const MAX_DISJOINT_BRANCHES = 16

/** Whether no value matches two of the branches, proved pair by pair. */
function provedDisjoint(branches: Schema[]): boolean {
  if (branches.length > MAX_DISJOINT_BRANCHES) return false
  for (let x = 0; x < branches.length; x++) for (let y = x + 1; y < branches.length; y++) if (disjoint(branches[x], branches[y]) !== true) return false
  return true
}

function unionOf(schema: SchemaObject): Union {
  const combinator: Combinator = Array.isArray(schema.anyOf) ? 'anyOf' : Array.isArray(schema.oneOf) ? 'oneOf' : 'single'
  const siblings: Record<string, Json> = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key !== combinator && ASSERTION_KEYWORDS.has(key)) siblings[key] = value
  }
  if (combinator === 'single') {
    const branches = splitByType(siblings)
    return { combinator, branches, pointers: branches.map(() => '') }
  }
  const branches = (schema[combinator] as Schema[]).map((branch) => withSiblings(branch, siblings))
  return { combinator, branches, pointers: branches.map((_, i) => `/${combinator}/${i}`) }
}

/**
 * A plain schema with several types, read as a union of one branch per type (each with the
 * keywords that apply to it), so it pairs with the branches of a union on the other side:
 * `{type: [object, string], properties}` ≡ `anyOf [{type: object, properties}, {type: string}]`.
 */
function splitByType(schema: Record<string, Json>): Schema[] {
  if (Object.keys(schema).length === 0) return [true]
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : []
  if (types.length < 2 || schema.enum !== undefined) return [schema]
  return types.map((type) => {
    const branch: Record<string, Json> = { type }
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'type') continue
      const applies = KEYWORD_TYPES.get(key)
      if (applies === undefined || applies.includes(type) || (type === 'number' && applies.includes('integer'))) branch[key] = value
    }
    return branch
  })
}

/** A branch with the assertions beside the union applied to it too. */
function withSiblings(branch: Schema, siblings: Record<string, Json>): Schema {
  if (Object.keys(siblings).length === 0 || branch === false) return branch
  if (branch === true) return siblings
  const merged: Record<string, unknown> = { ...branch }
  if (mergeInto(merged, siblings)) return merged as Schema
  return { allOf: [branch, siblings] }
}

/** Branch relations computed on demand: a union of 10,000 branches with one changed compares that one, not 10⁸ pairs. */
interface Matrix {
  at(i: number, j: number): Relation
}

function lazyMatrix(walker: Walker, left: Union, right: Union, same: Map<number, number>): Matrix {
  const known = new Map<number, Relation>()
  return {
    at(i, j) {
      if (same.get(i) === j) return 'equal'
      const key = i * right.branches.length + j
      let relation = known.get(key)
      if (relation === undefined) known.set(key, (relation = walker.relation(left.branches[i], right.branches[j], { a: left.pointers[i], b: right.pointers[j] })))
      return relation
    },
  }
}

/**
 * Branches spelled the same on both sides (same text, no `$ref` whose target may differ),
 * paired first by a hash of their text, then those left by their text without annotations
 * (zod's `.describe()` on a branch). Why the walker's text: it is native JSON remembered per
 * object; canonical schemas have sorted keys, and a branch spelled in another order is only
 * compared the long way. Why annotations aside: a branch that only gained a title accepts the
 * same values, and in an overlapping `oneOf` the long way can take a value both sides reject
 * (it matches two branches) for one the branch lost.
 */
function sameBranches(walker: Walker, left: Union, right: Union): { left: Map<number, number>; right: Map<number, number> } {
  const pairs = { left: new Map<number, number>(), right: new Map<number, number>() }
  pairByText(left, right, pairs, (branch) => walker.text(branch))
  if (pairs.left.size < left.branches.length) pairByText(left, right, pairs, valuesText)
  return pairs
}

function pairByText(left: Union, right: Union, pairs: { left: Map<number, number>; right: Map<number, number> }, text: (branch: Schema) => string): void {
  const byText = new Map<string, number[]>()
  right.branches.forEach((branch, j) => {
    if (pairs.right.has(j)) return
    const key = text(branch)
    if (key.includes('"$ref":')) return
    const list = byText.get(key)
    if (list === undefined) byText.set(key, [j])
    else list.push(j)
  })
  left.branches.forEach((branch, i) => {
    if (pairs.left.has(i)) return
    const j = byText.get(text(branch))?.shift()
    if (j === undefined) return
    pairs.left.set(i, j)
    pairs.right.set(j, i)
  })
}

/** A schema's text with its annotations left out, at every level. */
function valuesText(schema: Schema): string {
  return JSON.stringify(withoutAnnotations(schema))
}

function pairBranches(
  walker: Walker,
  left: Union,
  right: Union,
  matrix: Matrix,
  same: Map<number, number>,
  freeLeft: number[],
  freeRight: number[],
): [number, number][] {
  const pairs: [number, number][] = []
  const usedLeft = new Set<number>()
  const usedRight = new Set<number>()
  const take = (i: number, j: number) => {
    pairs.push([i, j])
    usedLeft.add(i)
    usedRight.add(j)
  }
  for (const [i, j] of same) take(i, j)
  const refOf = (s: Schema) => (typeof s === 'object' && typeof s.$ref === 'string' && Object.keys(s).length === 1 ? s.$ref : undefined)
  for (const i of freeLeft) {
    const ref = refOf(left.branches[i])
    const j = freeRight.find((j) => !usedRight.has(j) && ref !== undefined && refOf(right.branches[j]) === ref)
    if (j !== undefined) take(i, j)
  }
  const tags = (s: Schema) => discriminators(s)
  const forbidden = new Set<string>()
  for (const i of freeLeft) {
    if (usedLeft.has(i)) continue
    const tagsA = tags(left.branches[i])
    for (const j of freeRight) {
      const tagsB = tags(right.branches[j])
      for (const [key, value] of tagsA) if (tagsB.has(key) && tagsB.get(key) !== value) forbidden.add(`${i}:${j}`)
    }
    const j = freeRight.find((j) => !usedRight.has(j) && [...tagsA].some(([key, value]) => tags(right.branches[j]).get(key) === value))
    if (j !== undefined) take(i, j)
  }
  const candidates: { i: number; j: number; score: number; size: number }[] = []
  for (const i of freeLeft) {
    for (const j of freeRight) {
      if (usedLeft.has(i) || usedRight.has(j) || forbidden.has(`${i}:${j}`)) continue
      const branch = left.branches[i]
      const other = right.branches[j]
      const relation = matrix.at(i, j)
      const score = relation === 'equal' ? 0 : relation === 'widened' || relation === 'narrowed' ? 1 : relation === 'incomparable' ? 2 : 3
      const typesA = typeAtoms(branch)
      const sharesType = [...typeAtoms(other)].some((t) => typesA.has(t))
      if (score >= 2 && !sharesType) continue
      const size = score === 0 ? 0 : walker.child(branch, other, { a: left.pointers[i], b: right.pointers[j] }).findings.length
      candidates.push({ i, j, score, size })
    }
  }
  candidates.sort((x, y) => x.score - y.score || x.size - y.size || x.i - y.i || x.j - y.j)
  for (const { i, j } of candidates) if (!usedLeft.has(i) && !usedRight.has(j)) take(i, j)
  return pairs.sort((x, y) => x[0] - y[0])
}

interface Conflict {
  /** Whether some value the other side accepts now matches two `oneOf` branches here. */
  verdict: Verdict
  /** Branches (of this side) involved in a proven conflict. */
  branches: Set<number>
}

/**
 * In a `oneOf`, a value matching two branches is rejected. Finds such a value that the other
 * side accepts: for the new side that is a value callers lose; for the old side, one they gain.
 * Pairs that were already both present and unchanged in a `oneOf` on the other side are skipped.
 */
function exclusiveConflict(
  walker: Walker,
  union: Union,
  side: Side,
  other: SchemaObject,
  otherSide: Side,
  otherIsOneOf: boolean,
  unchanged: (index: number) => boolean,
): Conflict {
  const branches = new Set<number>()
  if (union.combinator !== 'oneOf') return { verdict: false, branches }
  let verdict: Verdict = false
  const n = union.branches.length
  // Why: when the other side is a oneOf too, only pairs with a changed branch can conflict anew;
  // listing those first keeps 10,000 unchanged branches from costing 5·10⁷ pair checks.
  const changed = otherIsOneOf ? union.branches.map((_, x) => x).filter((x) => !unchanged(x)) : union.branches.map((_, x) => x)
  if (changed.length * n > MAX_BRANCH_PAIRS) {
    walker.notJudged(`${n} oneOf branches: which values match two of them was not checked (work budget)`)
    return { verdict: undefined, branches }
  }
  const isChanged = new Set(changed)
  for (const x of changed) {
    for (let y = 0; y < n; y++) {
      if (y === x || (isChanged.has(y) && y < x)) continue
      const apart = disjoint(union.branches[x], union.branches[y])
      if (apart === true) continue
      const witness = overlapWitness(union.branches[x], union.branches[y], (schema, value) => walker.matches(side, schema, value))
      const acceptedByOther = witness === undefined ? undefined : walker.matches(otherSide, other as Schema, witness.value)
      if (acceptedByOther === true) {
        verdict = true
        branches.add(x).add(y)
      } else if (verdict === false) verdict = undefined
    }
  }
  return { verdict, branches }
}

function branchFinding(change: 'added' | 'removed', branch: Schema, relation: Relation, combinator: Combinator): Found {
  const isNull = typeof branch === 'object' && branch.type === 'null' && Object.keys(branch).every((k) => k === 'type' || isAnnotationKeyword(k))
  if (isNull) return found('schema-nullable-changed', relation, change === 'added' ? { after: branch } : { before: branch })
  const keyword = combinator === 'single' ? 'anyOf' : combinator
  const kind = change === 'added' ? 'schema-branch-added' : 'schema-branch-removed'
  return found(kind, relation, { [change === 'added' ? 'after' : 'before']: branch, details: { keyword } })
}

/**
 * `allOf` members (what canonicalization could not merge): paired by equal text, then by least
 * difference; a member added narrows, a member removed widens.
 */
export function compareAllOf(walker: Walker, a: SchemaObject, b: SchemaObject): NodeResult {
  const membersA = Array.isArray(a.allOf) ? (a.allOf as Schema[]) : []
  const membersB = Array.isArray(b.allOf) ? (b.allOf as Schema[]) : []
  const report = new NodeReport()
  const usedB = new Set<number>()
  const unpairedA: number[] = []
  membersA.forEach((member, i) => {
    const j = membersB.findIndex((other, j) => !usedB.has(j) && canonicalJson(other) === canonicalJson(member))
    if (j < 0) unpairedA.push(i)
    else {
      usedB.add(j)
      // Why: equal text is not equal meaning when a `$ref` inside points into changed definitions.
      if (canonicalJson(member).includes('"$ref":')) report.add(walker.child(member, membersB[j], { a: `/allOf/${i}`, b: `/allOf/${j}` }))
    }
  })
  for (const i of unpairedA) {
    let best: { j: number; relation: Relation } | undefined
    membersB.forEach((other, j) => {
      if (usedB.has(j)) return
      const relation = walker.relation(membersA[i], other, { a: `/allOf/${i}`, b: `/allOf/${j}` })
      if (relation !== 'incomparable' && relation !== 'unknown' && best === undefined) best = { j, relation }
    })
    if (best === undefined) {
      report.change(found('schema-branch-removed', 'widened', { before: membersA[i], details: { keyword: 'allOf' } }))
      continue
    }
    usedB.add(best.j)
    report.add(walker.child(membersA[i], membersB[best.j], { a: `/allOf/${i}`, b: `/allOf/${best.j}` }))
  }
  membersB.forEach((member, j) => {
    if (!usedB.has(j)) report.change(found('schema-branch-added', 'narrowed', { after: member, details: { keyword: 'allOf' } }))
  })
  return report.result()
}

function toJson(schema: SchemaObject, union: Union): Json {
  return union.combinator === 'single' ? schema : (schema[union.combinator] as Json)
}

