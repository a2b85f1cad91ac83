import type { Direction, PathSegment, Relation } from '../diff/change.js'
import type { Json, Schema } from '../surface/types.js'

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

/** What one comparison found, and what it could not judge. */
export interface SchemaComparison {
  findings: SchemaFinding[]
  notRecorded: { path: PathSegment[]; reason: string }[]
}

/** Options for one comparison. */
export interface CompareOptions {
  direction: Direction
}

/**
 * Compares a recorded and a live canonical schema of one tool side.
 * Placeholder signature: the engine lives in this folder.
 */
export function compareSchemas(before: Schema, after: Schema, options: CompareOptions): SchemaComparison {
  void before
  void after
  void options
  throw new Error('compareSchemas is not built yet')
}
