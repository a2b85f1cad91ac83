import type { Json, PathSegment, Relation, Schema } from './types.js'
import { conjunction } from './relation.js'

/** Every kind id the schema engine emits; each has its record in `src/diff/kinds/<id>.ts`. */
export const SCHEMA_KIND_IDS = [
  'argument-added',
  'argument-removed',
  'argument-now-required',
  'argument-now-optional',
  'output-field-added',
  'output-field-now-required',
  'output-field-now-optional',
  'output-field-removed',
  'argument-description-changed',
  'schema-type-changed',
  'schema-nullable-changed',
  'schema-enum-changed',
  'schema-bound-changed',
  'schema-safe-integer-bound-changed',
  'schema-pattern-changed',
  'schema-format-changed',
  'schema-constraint-changed',
  'schema-additional-properties-changed',
  'schema-branch-added',
  'schema-branch-removed',
  'schema-composition-changed',
  'schema-default-changed',
  'schema-deprecated-changed',
  'schema-annotation-changed',
  'schema-producer-hint-changed',
  'schema-keyword-changed',
  'schema-satisfiability-changed',
  'schema-reference-changed',
  'schema-comparison-incomplete',
] as const

/** One difference the schema engine found, before any severity is decided. */
export interface SchemaFinding {
  /** A change kind id registered in `src/diff/registry.ts`. */
  kind: string
  /** Where, as structured segments (`['filters', 'city']`, `['tags', '[]', 'name']`). */
  path: PathSegment[]
  relation: Relation
  before?: Json
  after?: Json
  details?: { [key: string]: Json }
}

/** A kind id the schema engine emits. */
export type SchemaKindId = (typeof SCHEMA_KIND_IDS)[number]

/**
 * Where a finding was first computed when it sits inside a subschema that occurs at several
 * places (a shared definition, or the same model inlined twice): used to report it once.
 */
export interface Origin {
  /** Identifies the (old, new) subschema pair. */
  id: number
  /** Path length below the subschema, to recover where it is used. */
  depth: number
  /** The definition name, when the subschema is a `$defs` entry. */
  definition?: string
}

/**
 * Places a change inside a shared subschema is listed at (`details.useSites`), the first ones
 * met. Why a bound: 3,000 definitions referring to each other reach one definition by more
 * paths than memory holds; the change is still reported once, at the first.
 */
export const MAX_USE_SITES = 10

/**
 * Path segments all the places after the first may take together, in one comparison. Why: in a
 * ring of thousands of definitions the nearest places are still hundreds of steps long, and ten
 * of them for each of thousands of changes would take more memory than the schemas; past the
 * bound a change keeps the places it has (always its first).
 */
export const MAX_USE_SITE_SEGMENTS = 20_000

/** A finding while the engine works: its path is relative to the node being compared. */
export interface Found extends SchemaFinding {
  kind: SchemaKindId
  origin?: Origin
  /**
   * Stands for every finding of a `$ref` pair compared once (its id), used here: the walker
   * keeps those findings once and lays them out at a bounded number of use sites at the end,
   * so a definition reached by many paths is not copied onto each of them.
   */
  shared?: number
  /**
   * On a `$ref` pair's own finding, listed once: every place the pair is used, the first being
   * where it is listed (the walker adds later places to this same list).
   */
  sites?: PathSegment[][]
}

/** What a node comparison returns: how the valid values moved, and what changed below. */
export interface NodeResult {
  /** How the set of valid values at this node moved (all its constraints together). */
  relation: Relation
  findings: Found[]
}

/** A node pair with no difference. */
export const EQUAL: NodeResult = Object.freeze({ relation: 'equal', findings: [] }) as NodeResult

/**
 * Builds a finding at the current node; fields left `undefined` are omitted.
 * @example found('schema-type-changed', 'incomparable', { before: 'string', after: 'integer' })
 */
export function found(
  kind: SchemaKindId,
  relation: Relation,
  fields: { path?: PathSegment[]; before?: Json | Schema; after?: Json | Schema; details?: Record<string, Json | undefined> } = {},
): Found {
  const out: Found = { kind, path: fields.path ?? [], relation }
  if (fields.before !== undefined) out.before = fields.before as Json
  if (fields.after !== undefined) out.after = fields.after as Json
  if (fields.details !== undefined) {
    const details: Record<string, Json> = {}
    for (const [key, value] of Object.entries(fields.details)) if (value !== undefined) details[key] = value
    if (Object.keys(details).length > 0) out.details = details
  }
  return out
}

/** The findings of a child, moved under `segment` (none for a step that is not a data path). */
export function prefixed(findings: Found[], segment: PathSegment | undefined): Found[] {
  if (segment === undefined || findings.length === 0) return findings
  return findings.map((f) => ({ ...f, path: [segment, ...f.path] }))
}

/** A canonical schema object (`true` read as `{}`). */
export type SchemaObject = Record<string, Json>

/** Collects one node's findings and the relations of its independent constraints. */
export class NodeReport {
  readonly relations: Relation[] = []
  readonly findings: Found[] = []

  /** Adds a child result (its relation counts, its findings are kept). */
  add(result: NodeResult): void {
    this.relations.push(result.relation)
    // Why a loop: spreading tens of thousands of findings as arguments overflows the stack.
    for (const finding of result.findings) this.findings.push(finding)
  }

  /** Adds one finding whose relation also counts for the node. */
  change(finding: Found): void {
    this.relations.push(finding.relation)
    this.findings.push(finding)
  }

  /** Adds a finding that does not move the valid values (annotations). */
  note(finding: Found): void {
    this.findings.push(finding)
  }

  result(): NodeResult {
    if (this.findings.length === 0 && this.relations.every((r) => r === 'equal')) return EQUAL
    return { relation: conjunction(this.relations), findings: this.findings }
  }
}
