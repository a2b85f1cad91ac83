import { compareNode } from './compare-node.js'
import type { SchemaFinding } from './finding.js'
import { reportOnce } from './report-once.js'
import { SchemaWalker } from './schema-walker.js'
import type { Direction, PathSegment, Schema } from './types.js'
import type { CompareBudget } from './walker.js'

export type { SchemaFinding } from './finding.js'
export type { CompareBudget } from './walker.js'

/** What one comparison found, and what it could not judge. */
export interface SchemaComparison {
  findings: SchemaFinding[]
  notRecorded: { path: PathSegment[]; reason: string }[]
}

/** Options for one comparison. */
export interface CompareOptions {
  /**
   * Which side of the tool the schemas describe. Findings carry relations, which do not depend
   * on it; the change kinds map a relation to a severity per direction afterwards. It names one
   * kind: on the output side a property added is `output-field-added`, removed
   * `output-field-removed`, made required `output-field-now-required`, made optional `output-field-now-optional`.
   */
  direction: Direction
  budget?: CompareBudget
}

/**
 * Compares a recorded and a live canonical schema of one tool side (both from
 * `canonicalizeSchema`), walking them in parallel, and returns one finding per edit with how
 * the set of valid values moved there. It never fetches, never decides a severity.
 * @example compareSchemas({ type: 'string' }, { type: ['null', 'string'] }, { direction: 'input' })
 * // { findings: [{ kind: 'schema-nullable-changed', path: [], relation: 'widened', … }], notRecorded: [] }
 */
export function compareSchemas(before: Schema, after: Schema, options: CompareOptions): SchemaComparison {
  const { findings, notRecorded } = new SchemaWalker(before, after, compareNode, options.budget).run()
  return { findings: reportOnce(findings).map((finding) => named(finding, options.direction)), notRecorded }
}

/**
 * A finding under the kind its direction names. Why here and not in the walk: the walk is the
 * same for both sides (its memo and its relations do not depend on the side), and only these
 * kinds' names do — a field readers may no longer get is not an "argument".
 */
function named(finding: SchemaFinding, direction: Direction): SchemaFinding {
  const outputKind = direction === 'output' ? OUTPUT_KINDS[finding.kind] : undefined
  return outputKind === undefined ? finding : { ...finding, kind: outputKind }
}

/** The kinds that have their own name on the output side. */
const OUTPUT_KINDS: Record<string, string> = {
  'argument-added': 'output-field-added',
  'argument-now-required': 'output-field-now-required',
  'argument-now-optional': 'output-field-now-optional',
  'argument-removed': 'output-field-removed',
}

