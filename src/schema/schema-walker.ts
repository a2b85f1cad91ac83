import { compareAnnotations } from './compare-annotations.js'
import { EQUAL, found, MAX_USE_SITES, NodeReport, prefixed, type Found, type NodeResult, type Origin, type SchemaObject } from './finding.js'
import { canonicalJson, isAnnotationKeyword, isPlainObject } from './keywords.js'
import { join } from './relation.js'
import type { PathSegment, Relation, Schema } from './types.js'
import { valueMatchesWithin, type Verdict } from './value-matches.js'
import type { ChildPlace, CompareBudget, NodeComparator, Side, Walker } from './walker.js'

const DEFAULT_BUDGET: Required<CompareBudget> = { maxSteps: 50_000, maxDepth: 64 }


const UNKNOWN: NodeResult = Object.freeze({ relation: 'unknown', findings: [] }) as NodeResult

interface Memo {
  result: NodeResult
  /**
   * The generation it was computed in when it relied on a `$ref` pair still in progress (whose
   * findings are reported where that pair started, not here); `undefined` when it did not.
   */
  generation: number | undefined
}

/**
 * One comparison run, the walker the keyword comparisons recurse through. Node pairs are memoized on their content; `$ref` pairs are keyed on the
 * JSON pointers of both sides, assumed equal while in progress and recomputed until the
 * assumption holds (a fixed point), so a change deep inside a cycle is still found.
 */
export class SchemaWalker implements Walker {
  private readonly budget: Required<CompareBudget>
  private readonly notRecorded: { path: PathSegment[]; reason: string }[] = []
  private readonly path: PathSegment[] = []
  private readonly location: [string, string][] = []
  private readonly json = new WeakMap<object, string>()
  private readonly memo = new Map<string, Memo>()
  private readonly origins = new Map<string, number>()
  /**
   * The findings of each `$ref` pair computation, kept once; its result carries a `shared`
   * stand-in. Why per computation, not per pair: a stand-in then only refers to computations
   * that finished before it, so laying them out never goes round a cycle.
   */
  private readonly computed: Found[][] = []
  private readonly inProgress = new Map<string, { relation: Relation; used: boolean }>()
  /** Keys of in-progress pairs each open `$ref` computation relied on. */
  private readonly reliedOn: Set<string>[] = []
  private readonly sameDefinitions: boolean
  // Why: a result that relied on an assumption is only valid while that assumption is: the
  // generation moves whenever an assumption changes or a pair in progress closes.
  private generation = 0
  private assumptionHits = 0
  private steps = 0
  private depth = 0
  private exhausted = false

  constructor(
    private readonly before: Schema,
    private readonly after: Schema,
    /** The per-node dispatch: which keyword comparisons run, in which order. */
    private readonly compareNode: NodeComparator,
    budget: CompareBudget = {},
  ) {
    this.budget = { ...DEFAULT_BUDGET, ...budget }
    const defs = (s: Schema) => (typeof s === 'object' ? canonicalJson(s.$defs ?? null) : 'null')
    this.sameDefinitions = defs(before) === defs(after)
  }

  /** Walks the two roots; findings inside shared subschemas still carry their origin. */
  run(): { findings: Found[]; notRecorded: { path: PathSegment[]; reason: string }[] } {
    // Why: a root that refers to itself is a definition like any other; entering it as the
    // pair (#, #) lets its inner `$ref: '#'` close the cycle instead of comparing it twice.
    const selfReferring = this.textOf(this.before).includes('"$ref":"#"') || this.textOf(this.after).includes('"$ref":"#"')
    const result = selfReferring ? this.compareReferences(this.before, this.after, '#', '#', '#', '#') : this.compare(this.before, this.after, '#', '#')
    return { findings: this.layOut(result.findings), notRecorded: this.notRecorded }
  }

  /**
   * The findings with each `shared` stand-in replaced by its computation's findings under the
   * path it stands at, in order; each computation is laid out at its first `MAX_USE_SITES`
   * distinct places only (every one at least once, so no finding is lost).
   */
  private layOut(findings: Found[]): Found[] {
    const out: Found[] = []
    const sites = new Map<number, Set<string>>()
    const visit = (list: Found[], prefix: PathSegment[]): void => {
      for (const f of list) {
        const path = prefix.length === 0 ? f.path : [...prefix, ...f.path]
        if (f.shared === undefined) {
          out.push(prefix.length === 0 ? f : { ...f, path })
          continue
        }
        let seen = sites.get(f.shared)
        if (seen === undefined) sites.set(f.shared, (seen = new Set()))
        const site = path.join('\u0000')
        if (seen.has(site) || seen.size >= MAX_USE_SITES) continue
        seen.add(site)
        visit(this.computed[f.shared], path)
      }
    }
    visit(findings, [])
    return out
  }

  child(a: Schema, b: Schema, place: ChildPlace): NodeResult {
    const [la, lb] = this.location[this.location.length - 1] ?? ['#', '#']
    if (place.segment !== undefined) this.path.push(place.segment)
    try {
      const result = this.compare(a, b, la + place.a, lb + place.b)
      return result.findings.length === 0 ? result : { relation: result.relation, findings: prefixed(result.findings, place.segment) }
    } finally {
      if (place.segment !== undefined) this.path.pop()
    }
  }

  relation(a: Schema, b: Schema, place: ChildPlace): Relation {
    return this.child(a, b, { a: place.a, b: place.b }).relation
  }

  matches(side: Side, schema: Schema, value: unknown): Verdict {
    const { verdict, stopped } = valueMatchesWithin(schema, value, (ref) => this.deref(side, ref))
    if (stopped !== undefined) this.notJudged(stopped)
    return verdict
  }

  resolve(side: Side, schema: Schema): Schema {
    let out = schema
    // Why a bound: a chain of bare `$ref`s may lead back to itself.
    for (let hop = 0; hop < 8; hop++) {
      const ref = typeof out === 'object' && typeof out.$ref === 'string' && Object.keys(out).length === 1 ? out.$ref : undefined
      const target = ref === undefined ? undefined : this.deref(side, ref)
      if (target === undefined) return out
      out = target
    }
    return out
  }

  notJudged(reason: string): void {
    const path = [...this.path]
    const key = `${path.join('\u0000')}\u0001${reason}`
    if (this.notRecorded.some((n) => `${n.path.join('\u0000')}\u0001${n.reason}` === key)) return
    this.notRecorded.push({ path, reason })
  }

  private compare(a: Schema, b: Schema, la: string, lb: string): NodeResult {
    if (a === b && this.before === this.after) return EQUAL
    const ja = this.textOf(a)
    const jb = this.textOf(b)
    if (ja === jb && this.equalByText(ja)) return EQUAL
    if (this.exhausted) return UNKNOWN
    const refA = this.localRef(a)
    const refB = this.localRef(b)
    if (refA !== undefined || refB !== undefined) {
      const result = this.compareReferences(a, b, la, lb, refA, refB)
      return refA !== undefined && refB !== undefined ? withWrapperAnnotations(a, b, result) : result
    }
    const key = `${ja}\u0000${jb}`
    const cached = this.memo.get(key)
    if (cached !== undefined && (cached.generation === undefined || cached.generation === this.generation)) return cached.result
    const limit = this.overBudget()
    if (limit !== undefined) return limit
    const hitsBefore = this.assumptionHits
    this.location.push([la, lb])
    this.depth++
    let result: NodeResult
    try {
      result = this.compareNode(this, a, b)
    } finally {
      this.depth--
      this.location.pop()
    }
    if (isModel(a) || isModel(b)) result = this.tagOrigin(result, key, undefined)
    this.memo.set(key, { result, generation: this.assumptionHits === hitsBefore ? undefined : this.generation })
    return result
  }

  /** A pair where at least one side is a local `$ref`: followed lazily, cycles closed by assumption. */
  private compareReferences(a: Schema, b: Schema, la: string, lb: string, refA: string | undefined, refB: string | undefined): NodeResult {
    const bodyA = refA === undefined ? a : this.deref('old', refA)
    const bodyB = refB === undefined ? b : this.deref('new', refB)
    if (bodyA === undefined || bodyB === undefined) {
      this.notJudged(`$ref ${String(bodyA === undefined ? refA : refB)} does not resolve`)
      return { relation: 'unknown', findings: [found('schema-reference-changed', 'unknown', { before: refA, after: refB })] }
    }
    const pointerA = refA ?? la
    const pointerB = refB ?? lb
    const key = `${pointerA}\u0000${pointerB}`
    const open = this.inProgress.get(key)
    if (open !== undefined) {
      open.used = true
      this.assumptionHits++
      this.reliedOn[this.reliedOn.length - 1]?.add(key)
      return { relation: open.relation, findings: [] }
    }
    const cached = this.memo.get(`ref:${key}`)
    if (cached !== undefined && (cached.generation === undefined || cached.generation === this.generation)) return cached.result
    const limit = this.overBudget()
    if (limit !== undefined) return limit
    const state = { relation: 'equal' as Relation, used: false }
    const relied = new Set<string>()
    this.inProgress.set(key, state)
    this.reliedOn.push(relied)
    this.depth++
    let result: NodeResult
    try {
      for (;;) {
        state.used = false
        result = this.compare(bodyA as Schema, bodyB as Schema, pointerA, pointerB)
        const next = join(state.relation, result.relation)
        if (!state.used || next === state.relation || this.exhausted) break
        // Why: the pair was assumed `state.relation` where the cycle closed; the body came out
        // differently, so climb the assumption and recompute everything that relied on it.
        state.relation = next
        this.generation++
      }
    } finally {
      this.depth--
      this.inProgress.delete(key)
      this.reliedOn.pop()
      this.generation++
    }
    relied.delete(key)
    for (const outer of relied) this.reliedOn[this.reliedOn.length - 1]?.add(outer)
    const definition = definitionName(refA ?? refB!)
    result = this.share(this.tagOrigin(result, `ref:${key}`, definition))
    this.memo.set(`ref:${key}`, { result, generation: relied.size === 0 ? undefined : this.generation })
    if (relied.size > 0) this.assumptionHits++
    return result
  }

  /** Keeps a `$ref` pair's findings once and returns its result with one stand-in for them. */
  private share(result: NodeResult): NodeResult {
    if (result.findings.length === 0) return result
    const shared = this.computed.push(result.findings) - 1
    return { relation: result.relation, findings: [{ kind: 'schema-comparison-incomplete', path: [], relation: result.relation, shared }] }
  }

  private originId(key: string): number {
    let id = this.origins.get(key)
    if (id === undefined) {
      id = this.origins.size
      this.origins.set(key, id)
    }
    return id
  }

  /** Marks findings first computed inside this pair, so repeats elsewhere are reported once. */
  private tagOrigin(result: NodeResult, key: string, definition: string | undefined): NodeResult {
    if (result.findings.length === 0) return result
    const id = this.originId(key)
    const findings = result.findings.map((f): Found => {
      if (f.shared !== undefined || (f.origin !== undefined && (definition === undefined || f.path.length !== f.origin.depth))) return f
      const origin: Origin = { id: id!, depth: f.path.length }
      if (definition !== undefined) origin.definition = definition
      return { ...f, origin }
    })
    return { relation: result.relation, findings }
  }

  private overBudget(): NodeResult | undefined {
    this.steps++
    let reason: string | undefined
    if (this.steps > this.budget.maxSteps) {
      this.exhausted = true
      reason = `comparison stopped after ${this.budget.maxSteps} steps (work budget)`
    } else if (this.depth >= this.budget.maxDepth) {
      reason = `comparison stopped at depth ${this.budget.maxDepth} (work budget)`
    }
    if (reason === undefined) return undefined
    this.notJudged(reason)
    return { relation: 'unknown', findings: [found('schema-comparison-incomplete', 'unknown', { details: { reason } })] }
  }

  text(schema: Schema): string {
    return this.textOf(schema)
  }

  private textOf(schema: Schema): string {
    if (typeof schema === 'boolean') return String(schema)
    let text = this.json.get(schema)
    if (text === undefined) {
      // Why: canonical schemas already have sorted keys, so native JSON text is canonical; an
      // object the engine assembled in another key order only misses a shortcut, never a change.
      text = JSON.stringify(schema)
      this.json.set(schema, text)
    }
    return text
  }

  /** Equal text means equal values unless a `$ref` inside points into definitions that differ. */
  private equalByText(text: string): boolean {
    if (!text.includes('"$ref":')) return true
    if (text.includes('"$ref":"#"')) return false
    return this.sameDefinitions
  }

  /** The target pointer of a node that is a local `$ref` with at most annotations beside it. */
  private localRef(schema: Schema): string | undefined {
    if (typeof schema !== 'object' || typeof schema.$ref !== 'string' || !schema.$ref.startsWith('#')) return undefined
    // Why: annotations never move the valid values, so `{$ref, description}` (how pydantic
    // writes a field) is the reference itself; its annotations are compared beside it.
    for (const key in schema) if (key !== '$ref' && !isAnnotationKeyword(key)) return undefined
    return schema.$ref
  }

  private deref(side: Side, ref: string): Schema | undefined {
    if (!ref.startsWith('#')) return undefined
    let node: unknown = side === 'old' ? this.before : this.after
    const pointer = decodeFragment(ref.slice(1))
    if (pointer === undefined) return undefined
    if (pointer === '') return node as Schema
    for (const raw of pointer.split('/').slice(1)) {
      const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~')
      if (Array.isArray(node) && /^\d+$/.test(segment)) node = node[Number(segment)]
      else if (isPlainObject(node) && Object.hasOwn(node, segment)) node = node[segment]
      else return undefined
    }
    return node === true || node === false || isPlainObject(node) ? (node as Schema) : undefined
  }
}

function decodeFragment(fragment: string): string | undefined {
  try {
    return decodeURIComponent(fragment)
  } catch {
    return undefined
  }
}

/** Adds the annotation notes of two `$ref` wrappers to the comparison of their targets. */
function withWrapperAnnotations(a: Schema, b: Schema, result: NodeResult): NodeResult {
  const report = new NodeReport()
  compareAnnotations(a as SchemaObject, b as SchemaObject, report)
  if (report.findings.length === 0) return result
  return { relation: result.relation, findings: [...result.findings, ...report.findings] }
}

function isModel(schema: Schema): boolean {
  return typeof schema === 'object' && isPlainObject(schema.properties)
}

function definitionName(ref: string): string {
  if (ref === '#') return '#'
  const segments = ref.split('/')
  return (segments[segments.length - 1] ?? ref).replace(/~1/g, '/').replace(/~0/g, '~')
}

