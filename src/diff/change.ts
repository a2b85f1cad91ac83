import type { Entity, Json } from '../surface/types.js'

/** Severities from most to least serious. */
export const SEVERITIES = ['breaking', 'risky', 'routing', 'additive', 'cosmetic'] as const

/** How a change affects a caller already in the wild. */
export type Severity = (typeof SEVERITIES)[number]

/** Which side of a tool a schema change is on: callers send inputs, read outputs. */
export type Direction = 'input' | 'output'

/** How the set of valid values moved between the recorded and the live schema. */
export type Relation = 'widened' | 'narrowed' | 'incomparable' | 'equal' | 'unknown'

/**
 * A structured path to an argument or field: property names, and `'[]'` for array items.
 * `['filters', 'city']` renders `filters.city`; `['tags', '[]', 'name']` renders `tags[].name`.
 */
export type PathSegment = string

/** One classified difference, plain JSON. Words are rendered later, in `src/report`. */
export interface Change {
  /** The change kind id (`argument-now-required`). */
  kind: string
  severity: Severity
  entity: Entity
  /** Entity key: tool/prompt name, resource uri, template uriTemplate, server name. */
  name: string
  direction?: Direction
  path: PathSegment[]
  /** How the valid values moved, for schema changes. */
  relation?: Relation
  before?: Json
  after?: Json
  /** Extra facts a message needs (use sites of a definition, the suspected new name, …). */
  details?: { [key: string]: Json }
  /** Set when a consumer scope excludes the entity: listed, never failing. */
  outOfScope?: boolean
  /** The client-acceptance profile a `profile-violation-*` change is about (`sdk-typescript`). */
  profile?: string
  /** The profile rule that entity started or stopped breaking (`tool-input-schema-object-root`). */
  rule?: string
}

/** Ranks a severity: 0 is the most serious. */
export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity)
}
