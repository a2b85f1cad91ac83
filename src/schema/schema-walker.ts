import { compareAnnotations } from './compare-annotations.js'
import { EQUAL, found, MAX_USE_SITE_SEGMENTS, MAX_USE_SITES, NodeReport, prefixed, type Found, type NodeResult, type Origin, type SchemaObject } from './finding.js'
import { canonicalJson, isPlainObject } from './keywords.js'
import { definitionName, localRef, ReferenceTargets } from './reference-targets.js'
import { SchemaTexts } from './schema-texts.js'
import { join } from './relation.js'
import type { PathSegment, Relation, Schema } from './types.js'
import { valueMatchesWithin, type Verdict } from './value-matches.js'
import type { ChildPlace, CompareBudget, NodeComparator, Side, Walker } from './walker.js'

const DEFAULT_BUDGET: Required<CompareBudget> = { maxSteps: 50_000, maxDepth: 64 }


const UNKNOWN: NodeResult = Object.freeze({ relation: 'unknown', findings: [] }) as NodeResult

interface Memo {
  result: NodeResult
  /** The `$ref` pairs the result read, with what each showed then; valid while they all show the same. */
  reads: Reads | undefined
}

/** One (old, new) `$ref` pair: a definition compared with its counterpart. */
interface RefPair {
  id: number
  key: string
  bodyA: Schema
  bodyB: Schema
  pointerA: string
  pointerB: string
  definition: string
  /**
   * Where it was first met, for what its computation cannot judge: a path inside the pair
   * being computed then. Why not the whole path: in a chain of thousands of definitions the
   * whole paths of all pairs together take the square of the chain's length.
   */
  site: { in: RefPair | undefined; path: PathSegment[] }
  /** The relation so far: starts `equal` and only climbs (join), so the iteration ends. */
  relation: Relation
  /** Its findings from the last computation; laid out where it is used. */
  findings: Found[]
  /** Whether a computation found anything; once set it stays, like the relation only climbs. */
  hasFindings: boolean
  computed: boolean
  /** Pairs (and the root) whose computation read this one, recomputed when it changes. */
  dependents: Set<RefPair>
  queued: boolean
}

/**
 * Pairs met deeper than this are queued, not computed on the spot. Why: a chain of thousands of
 * definitions would otherwise nest one stack frame per hop.
 */
const DEFER_DEPTH = 16

/**
 * One comparison run, the walker the keyword comparisons recurse through. Node pairs are
 * memoized on their content. `$ref` pairs, keyed on the JSON pointers of both sides, are the
 * unknowns of a fixed point: each starts `equal`, a computation reads the others' current
 * relations, and a pair whose relation climbs queues the pairs that read it, until nothing
 * moves. Each relation climbs at most three times, so the work is bounded by the pairs and the
 * places they are read, whatever the cycles (a change deep inside a cycle is still found).
 */
export class SchemaWalker implements Walker {
  private readonly budget: Required<CompareBudget>
  private readonly notRecorded: { path: PathSegment[]; reason: string }[] = []
  private path: PathSegment[] = []
  private readonly location: [string, string][] = []
  private readonly texts = new SchemaTexts()
  private readonly targets: ReferenceTargets
  /** A number per distinct schema text, so memo keys are short whatever the schemas' size. */
  private readonly memo = new Map<string, Memo>()
  private readonly origins = new Map<string, number>()
  private readonly pairs = new Map<string, RefPair>()
  private readonly byId: RefPair[] = []
  /**
   * Pairs met but not computed yet, and pairs to compute again. Why two: a pair read before it
   * was computed is recomputed once it is; computing every new pair first means each reader is
   * recomputed once after them, not once per pair it read.
   */
  private readonly fresh: RefPair[] = []
  private readonly stale: RefPair[] = []
  /** The pair whose body is being computed, innermost last. */
  private readonly computing: RefPair[] = []
  /** The pairs read by each node comparison in progress, innermost last. */
  private readonly reads: Map<RefPair, string>[] = []
  private readonly sameDefinitions: boolean
  /** What each `$ref` of a side leads to, looked up once. */
  private steps = 0
  private depth = 0
  private exhausted = false
  /** Where the step budget ran out, as the finding that must reach the report. */
  private stopped: Found | undefined

  constructor(
    private readonly before: Schema,
    private readonly after: Schema,
    /** The per-node dispatch: which keyword comparisons run, in which order. */
    private readonly compareNode: NodeComparator,
    budget: CompareBudget = {},
  ) {
    this.budget = { ...DEFAULT_BUDGET, ...budget }
    this.targets = new ReferenceTargets(before, after)
    const defs = (s: Schema) => (typeof s === 'object' ? canonicalJson(s.$defs ?? null) : 'null')
    this.sameDefinitions = defs(before) === defs(after)
  }

  /** Walks the two roots; findings inside shared subschemas still carry their origin. */
  run(): { findings: Found[]; notRecorded: { path: PathSegment[]; reason: string }[] } {
    // Why: the roots are the pair (#, #), so an inner `$ref: '#'` closes the cycle instead of
    // comparing them twice; only a root that refers to itself is named as a definition.
    const selfReferring = this.texts.of(this.before).includes('"$ref":"#"') || this.texts.of(this.after).includes('"$ref":"#"')
    const root = this.pairOf('#', '#', this.before, this.after, selfReferring ? '#' : undefined)
    this.computePair(root)
    while (!this.exhausted) {
      const next = this.fresh.pop() ?? this.stale.pop()
      if (next === undefined) break
      next.queued = false
      this.computePair(next)
    }
    // Why now: the caches are done with, and laying out is when the findings take most memory.
    this.memo.clear()
    this.texts.clear()
    const findings = this.layOut(root)
    // Why: the budget may run out inside a pair whose readers are then never computed again, so
    // its finding would not be laid out; the place it stopped is still reported risky.
    const stopped = this.stopped
    if (stopped !== undefined && !findings.some((f) => f.kind === stopped.kind && samePath(f.path, stopped.path))) findings.push(stopped)
    return { findings, notRecorded: this.notRecorded }
  }

  /**
   * The findings with each `shared` stand-in replaced by its pair's findings under the path it
   * stands at. Breadth first, so a pair's use sites are its nearest places: each pair is laid
   * out at its first `MAX_USE_SITES` distinct places only (every one at least once, so no finding
   * is lost), and never inside itself, since a change in a cycle is reported where the cycle is
   * entered. Why breadth first: depth first, the first place of a definition in a cycle of
   * thousands can be thousands of steps long, and every path is copied.
   */
  private layOut(root: RefPair): Found[] {
    const out: Found[] = []
    const placesOf = new Map<number, { sites: PathSegment[][] }>()
    const waiting: { pair: RefPair; prefix: PathSegment[]; inside: Ancestry; first: boolean }[] = [{ pair: root, prefix: [], inside: { id: root.id }, first: true }]
    placesOf.set(root.id, { sites: [[]] })
    // Why count: once every pair with findings has all its places, later places add nothing.
    let open = this.byId.filter((pair) => pair.hasFindings && pair !== root).length
    let listed = 0
    for (let next = 0; next < waiting.length; next++) {
      const { pair, prefix, inside, first } = waiting[next]
      if (open === 0 && !first) continue
      const own = this.origins.get(`ref:${pair.key}`)
      const sites = first ? placesOf.get(pair.id)!.sites : undefined
      for (const f of pair.findings) {
        if (f.shared === undefined) {
          // Why: the pair's own findings are the same at every place; they are listed once, at
          // the first, and carry the list of places (`sites`) that later places add to.
          if (f.origin !== undefined && f.origin.id === own) {
            if (sites !== undefined) out.push({ ...f, path: [...prefix, ...f.path], sites })
          } else out.push(prefix.length === 0 ? f : { ...f, path: [...prefix, ...f.path] })
          continue
        }
        let places = placesOf.get(f.shared)
        if ((places !== undefined && places.sites.length >= MAX_USE_SITES) || within(inside, f.shared)) continue
        const path = prefix.length === 0 ? f.path : [...prefix, ...f.path]
        if (places?.sites.some((site) => samePath(site, path))) continue
        const first = places === undefined
        if (!first) {
          // Why: later places are listed only while they are few; past the bound no pair gains a place.
          listed += path.length
          if (listed > MAX_USE_SITE_SEGMENTS) open = 0
          if (open === 0) continue
        }
        if (places === undefined) placesOf.set(f.shared, (places = { sites: [] }))
        places.sites.push(path)
        if (places.sites.length === MAX_USE_SITES) open--
        waiting.push({ pair: this.byId[f.shared], prefix: path, inside: { id: f.shared, outer: inside }, first })
      }
    }
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
    const { verdict, stopped } = valueMatchesWithin(schema, value, (ref) => this.targets.target(side, ref))
    if (stopped !== undefined) this.notJudged(stopped)
    return verdict
  }

  resolve(side: Side, schema: Schema): Schema {
    let out = schema
    // Why a bound: a chain of bare `$ref`s may lead back to itself.
    for (let hop = 0; hop < 8; hop++) {
      const ref = typeof out === 'object' && typeof out.$ref === 'string' && Object.keys(out).length === 1 ? out.$ref : undefined
      const target = ref === undefined ? undefined : this.targets.target(side, ref)
      if (target === undefined) return out
      out = target
    }
    return out
  }

  notJudged(reason: string): void {
    const path = this.wholePath()
    const key = `${path.join('\u0000')}\u0001${reason}`
    if (this.notRecorded.some((n) => `${n.path.join('\u0000')}\u0001${n.reason}` === key)) return
    this.notRecorded.push({ path, reason })
  }

  /** The data path of the place being compared, from the roots. */
  private wholePath(): PathSegment[] {
    const path = [...this.path]
    for (let pair: RefPair | undefined = this.computing[this.computing.length - 1]; pair !== undefined; pair = pair.site.in) path.unshift(...pair.site.path)
    return path
  }

  private compare(a: Schema, b: Schema, la: string, lb: string): NodeResult {
    if (a === b && this.before === this.after) return EQUAL
    const refA = localRef(a)
    const refB = localRef(b)
    if (refA !== undefined || refB !== undefined) {
      // Why before any text: a cycle of thousands of definitions holds a hundred thousand `$ref`
      // nodes, and writing each one's text costs more than following it. Two bare references to
      // the same place are equal exactly when equal texts would be.
      if (refA === refB && refA !== '#' && this.sameDefinitions && Object.keys(a).length === 1 && Object.keys(b).length === 1) return EQUAL
      if (this.exhausted) return UNKNOWN
      const result = this.compareReferences(a, b, la, lb, refA, refB)
      return refA !== undefined && refB !== undefined ? withWrapperAnnotations(a, b, result) : result
    }
    const ja = this.texts.of(a)
    const jb = this.texts.of(b)
    if (ja === jb && this.equalByText(ja)) return EQUAL
    if (this.exhausted) return UNKNOWN
    // Why no memo for the roots: they are compared once per climb of their pair, and keeping
    // their text as a key would hold a copy of each whole schema.
    const roots = a === this.before || b === this.after
    const key = roots ? '' : `${this.texts.idOf(ja)}:${this.texts.idOf(jb)}`
    const cached = roots ? undefined : this.memo.get(key)
    if (cached !== undefined && this.stillValid(cached)) return cached.result
    const limit = this.overBudget()
    if (limit !== undefined) return limit
    const reads = new Map<RefPair, string>()
    this.location.push([la, lb])
    this.reads.push(reads)
    this.depth++
    let result: NodeResult
    try {
      result = this.compareNode(this, a, b)
    } finally {
      this.depth--
      this.reads.pop()
      this.location.pop()
    }
    if (isModel(a) || isModel(b)) result = this.tagOrigin(result, key, undefined)
    // Why flat: a map per memoized node costs more than the node's result.
    if (!roots) this.memo.set(key, { result, reads: reads.size === 0 ? undefined : [...reads].flat() })
    this.noteReads(reads)
    return result
  }

  /** Whether a memoized result's `$ref` pairs all still show what they showed when it was computed. */
  private stillValid(memo: Memo): boolean {
    const reads = memo.reads
    if (reads === undefined) return true
    for (let i = 0; i < reads.length; i += 2) if (reads[i + 1] !== shownBy(reads[i] as RefPair)) return false
    for (let i = 0; i < reads.length; i += 2) this.noteRead(reads[i] as RefPair, reads[i + 1] as string)
    return true
  }

  /** Passes what a node read to the node around it and to the pair being computed. */
  private noteReads(reads: Map<RefPair, string>): void {
    for (const [pair, shown] of reads) this.noteRead(pair, shown)
  }


  private noteRead(pair: RefPair, shown: string): void {
    this.reads[this.reads.length - 1]?.set(pair, shown)
    const reader = this.computing[this.computing.length - 1]
    if (reader !== undefined) pair.dependents.add(reader)
  }

  /** A pair where at least one side is a local `$ref`: read as its current relation, computed once met. */
  private compareReferences(a: Schema, b: Schema, la: string, lb: string, refA: string | undefined, refB: string | undefined): NodeResult {
    const bodyA = refA === undefined ? a : this.targets.target('old', refA)
    const bodyB = refB === undefined ? b : this.targets.target('new', refB)
    if (bodyA === undefined || bodyB === undefined) {
      this.notJudged(`$ref ${String(bodyA === undefined ? refA : refB)} does not resolve`)
      return { relation: 'unknown', findings: [found('schema-reference-changed', 'unknown', { before: refA, after: refB })] }
    }
    const pair = this.pairOf(refA ?? la, refB ?? lb, bodyA, bodyB, refA ?? refB!)
    if (!pair.computed && !pair.queued && !this.computing.includes(pair)) {
      if (this.depth < DEFER_DEPTH) this.computePair(pair)
      else this.enqueue(pair)
    }
    this.noteRead(pair, shownBy(pair))
    if (!pair.hasFindings) return pair.relation === 'equal' ? EQUAL : { relation: pair.relation, findings: [] }
    return { relation: pair.relation, findings: [{ kind: 'schema-comparison-incomplete', path: [], relation: pair.relation, shared: pair.id }] }
  }

  /** The pair of two pointers, made on first use; `ref` names its definition (none for the plain roots). */
  private pairOf(pointerA: string, pointerB: string, bodyA: Schema, bodyB: Schema, ref: string | undefined): RefPair {
    const key = `${pointerA}\u0000${pointerB}`
    let pair = this.pairs.get(key)
    if (pair === undefined) {
      pair = { id: this.byId.length, key, bodyA, bodyB, pointerA, pointerB, definition: ref === undefined ? '' : definitionName(ref), site: { in: this.computing[this.computing.length - 1], path: [...this.path] }, relation: 'equal', findings: [], hasFindings: false, computed: false, dependents: new Set(), queued: false }
      this.pairs.set(key, pair)
      this.byId.push(pair)
    }
    return pair
  }

  private enqueue(pair: RefPair): void {
    if (pair.queued) return
    pair.queued = true
    ;(pair.computed ? this.stale : this.fresh).push(pair)
  }

  /** Computes a pair's body under the others' current relations; if what it shows moved, queues its readers. */
  private computePair(pair: RefPair): void {
    const shown = shownBy(pair)
    const path = this.path
    this.path = []
    // Why: a `$ref` hop counts as a level of nesting; the roots are not a hop.
    const hop = this.computing.length > 0 ? 1 : 0
    this.computing.push(pair)
    this.depth += hop
    let result: NodeResult
    try {
      result = this.compare(pair.bodyA, pair.bodyB, pair.pointerA, pair.pointerB)
    } finally {
      this.depth -= hop
      this.computing.pop()
      this.path = path
    }
    // Why not the plain root: its findings are not inside anything used at several places.
    pair.findings = pair.definition === '' ? result.findings : this.tagOrigin(result, `ref:${pair.key}`, pair.definition).findings
    pair.computed = true
    pair.relation = join(pair.relation, result.relation)
    if (pair.findings.length > 0) pair.hasFindings = true
    if (shownBy(pair) !== shown) for (const reader of pair.dependents) this.enqueue(reader)
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
      this.stopped = found('schema-comparison-incomplete', 'unknown', { path: this.wholePath(), details: { reason } })
    } else if (this.depth >= this.budget.maxDepth) {
      reason = `comparison stopped at depth ${this.budget.maxDepth} (work budget)`
    }
    if (reason === undefined) return undefined
    this.notJudged(reason)
    return { relation: 'unknown', findings: [found('schema-comparison-incomplete', 'unknown', { details: { reason } })] }
  }

  text(schema: Schema): string {
    return this.texts.of(schema)
  }

  /** Equal text means equal values unless a `$ref` inside points into definitions that differ. */
  private equalByText(text: string): boolean {
    if (!text.includes('"$ref":')) return true
    if (text.includes('"$ref":"#"')) return false
    return this.sameDefinitions
  }

}

/** The pairs a place is laid out inside, innermost first. */
interface Ancestry {
  id: number
  outer?: Ancestry
}

function samePath(a: PathSegment[], b: PathSegment[]): boolean {
  return a.length === b.length && a.every((segment, i) => segment === b[i])
}

function within(inside: Ancestry | undefined, id: number): boolean {
  for (let at = inside; at !== undefined; at = at.outer) if (at.id === id) return true
  return false
}

/** The `$ref` pairs a memoized result read, each followed by what it showed then. */
type Reads = (RefPair | string)[]

const WITH_FINDINGS: Record<Relation, string> = { equal: 'equal+', widened: 'widened+', narrowed: 'narrowed+', incomparable: 'incomparable+', unknown: 'unknown+' }

/** What a pair shows its readers: its relation, and whether it has findings to lay out. */
function shownBy(pair: RefPair): string {
  return pair.hasFindings ? WITH_FINDINGS[pair.relation] : pair.relation
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
