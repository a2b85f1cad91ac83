import type { Direction, PathSegment, Relation } from '../schema/types.js'
import type { Entity, Json } from '../surface/types.js'
import type { Cue } from '../cues/cue.js'

// Why: a change carries the cues its new text introduced, in the cue layer's words.
export type { Cue, CueId } from '../cues/cue.js'

/** Severities from most to least serious. */
export const SEVERITIES = ['breaking', 'risky', 'routing', 'additive', 'cosmetic'] as const

/** How a change affects a caller already in the wild. */
export type Severity = (typeof SEVERITIES)[number]

// Why: relations, directions and paths are the schema engine's vocabulary; a change carries them.
export type { Direction, PathSegment, Relation } from '../schema/types.js'

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
  /** The named authorization (`--as admin`) whose view of the server changed; absent for the unnamed one. */
  authorization?: string
  /**
   * The security cues the new text carries and the old did not (`src/cues`), on a change to a text
   * an agent reads (descriptions, titles, instructions, argument names, enums, defaults, an added
   * tool's or argument's texts); absent when it introduced none. A change with cues is at least the
   * policy's `cueSeverity`.
   */
  cues?: Cue[]
  /** Set on a changed description, title or instructions that introduced no cue: a reviewer may accept it at a glance. */
  wordingOnly?: true
}

/** Ranks a severity: 0 is the most serious. */
export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity)
}
