import type { NodeResult } from './finding.js'
import type { PathSegment, Relation, Schema } from './types.js'
import type { Verdict } from './value-matches.js'

/** Bounds on the work one comparison may do; past them the place is reported unknown. */
export interface CompareBudget {
  /** Node pairs compared (memoized pairs are free). Default 50,000. */
  maxSteps?: number
  /** Nesting of node pairs, `$ref` hops included (a `$ref` pair met 16 levels down is queued and starts again at level 1). Default 64. */
  maxDepth?: number
}

/** Which schema a value or a `$ref` belongs to. */
export type Side = 'old' | 'new'

/** Where a child pair sits: its data-path step, and its JSON-pointer suffix on each side. */
export interface ChildPlace {
  /** A property name, `[]` for array items, `[i]` for a tuple slot; absent for `anyOf` branches and the like. */
  segment?: PathSegment
  /** Pointer suffix below the current node in the old schema (`/properties/city`). */
  a: string
  /** Pointer suffix below the current node in the new schema. */
  b: string
}

/**
 * What the per-keyword comparisons may ask of the running comparison. The walker passes itself
 * to them, so they recurse through it and never import the walker or each other's callers.
 */
export interface Walker {
  /** Compares a child pair; its findings come back with paths under `place.segment`. */
  child(a: Schema, b: Schema, place: ChildPlace): NodeResult
  /** Only the relation of a pair (findings are not reported). */
  relation(a: Schema, b: Schema, place: ChildPlace): Relation
  /** Validates a value against a subschema of one side, following that side's local `$ref`s. */
  matches(side: Side, schema: Schema, value: unknown): Verdict
  /** The schema a local `$ref` of one side leads to (following a few bare `$ref`s); other schemas as they are. */
  resolve(side: Side, schema: Schema): Schema
  /**
   * The JSON text of a schema, remembered per object: equal texts are equal schemas (unequal
   * texts may still be equal when keys are in another order; callers then compare them).
   */
  text(schema: Schema): string
  /** Lists a place the comparison could not judge (external `$ref`, …) under not recorded. */
  notJudged(reason: string): void
}

/** Compares one node pair (both sides already dereferenced), recursing through the walker it is given. */
export type NodeComparator = (walker: Walker, a: Schema, b: Schema) => NodeResult
