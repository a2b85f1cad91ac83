import type { Entity } from '../surface/types.js'
import type { Change, Direction, Relation, Severity } from './change.js'
import type { ResolvedPolicy } from './policy.js'

/** What a severity rule sees: the detected change (without severity) and the policy. */
export interface SeverityInput {
  change: Omit<Change, 'severity'>
  policy: ResolvedPolicy
}

/** Decides a change's severity. Built with `fixed`, `byDirection` or `byRelation`. */
export type SeverityRule = (input: SeverityInput) => Severity

/**
 * What a change does to a caller: one text, or one per direction where the direction changes
 * what it means (callers send inputs and read outputs).
 * @example { input: 'calls that send null are now rejected', output: 'readers may now get null' }
 */
export type Reason = string | { input: string; output: string }

/** The additive reason of a schema edit that widened an input or narrowed an output. */
export const NO_VALUE_LOST: Reason = {
  input: 'every value callers could send is still accepted',
  output: 'readers only get values they could already get',
}

/** A change kind: one record, one file. Ids are permanent. */
export interface ChangeKind {
  /** Kebab-case `<subject>-<change>`, from the vocabulary checked in the registry test. */
  id: string
  entity: Entity
  /** One sentence: what the kind detects. */
  purpose: string
  severity: SeverityRule
  /** What the change does to a caller, per severity it can take (and per direction where that matters). */
  reason: Partial<Record<Severity, Reason>>
  /**
   * What this one change does to a caller, where its details decide between the cases a severity's
   * reason covers; `undefined` leaves the reason (which docs/rules.md lists) to say it.
   */
  effect?: (change: Change) => string | undefined
  /** What changed, in a few words, without the entity or path (the report prints those). */
  message: (change: Change) => string
  /** A concrete case in a few words, for docs/rules.md: "`limit` was optional and is now required". */
  example?: string
  /**
   * The change moves one value to another (a text, a hint, a bound, optional → required): it
   * carries the value on both sides, and the JSON report prints both `before` and `after` (`null`
   * for a side that had none).
   */
  movesValue?: boolean
  /**
   * The value it moves is prose an agent reads (a description, a title, instructions): text and
   * markdown reports show the change as a word diff of the two texts.
   */
  prose?: boolean
  /**
   * Why accepting such a change with `-u` is not safe, where no caller breaks (the report's words
   * otherwise say callers break): `records a tool list past the token budget the project set`.
   */
  acceptRisk?: string
  deprecated?: boolean
  replacedBy?: string
  /**
   * The id this kind's changes were reported under before it had its own (`output-field-added`
   * was `argument-added` for output fields). An `ignore` entry naming that id (config, `--ignore`,
   * the matchers' policy) still drops them, so a policy written then keeps its meaning.
   */
  formerly?: string
}

/** Declares a change kind. */
export function defineKind(kind: ChangeKind): ChangeKind {
  return kind
}

/** A severity that does not depend on anything. */
export function fixed(severity: Severity): SeverityRule {
  return () => severity
}

/**
 * One severity per direction, declared together so a rule cannot forget its mirror.
 * @example byDirection({ input: 'breaking', output: 'additive' })
 */
export function byDirection(severities: Record<Direction, Severity>): SeverityRule {
  return ({ change }) => severities[change.direction ?? 'input']
}

const RELATION_SEVERITY: Record<Relation, Record<Direction, Severity>> = {
  widened: { input: 'additive', output: 'breaking' },
  narrowed: { input: 'breaking', output: 'additive' },
  incomparable: { input: 'breaking', output: 'breaking' },
  equal: { input: 'cosmetic', output: 'cosmetic' },
  unknown: { input: 'risky', output: 'risky' },
}

/**
 * The table in CLASSIFICATION.md: how the set of valid values moved, mapped by direction
 * (inputs contravariant, outputs covariant). Never derived by flipping one side.
 */
export function relationSeverity(relation: Relation, direction: Direction): Severity {
  return RELATION_SEVERITY[relation][direction]
}

/** A severity decided by the change's relation and direction (`relationSeverity`). */
export function byRelation(): SeverityRule {
  return ({ change }) => relationSeverity(change.relation ?? 'unknown', change.direction ?? 'input')
}

/**
 * The message of a text change: `title added` when there was none, `title removed` when there
 * is none now, `title changed` otherwise.
 * @example message: textChange('description')
 */
export function textChange(field: string): (change: { before?: unknown; after?: unknown }) => string {
  return (change) => `${field} ${change.before === undefined ? 'added' : change.after === undefined ? 'removed' : 'changed'}`
}
