import { compareSchemas } from '../../src/schema/compare-schemas.js'
import { canonicalizeSchema } from '../../src/schema/canonicalize-schema.js'
import type { Direction } from '../../src/schema/types.js'
import { candidateValues, type Edit, type RawSchema } from './schema-arbitraries.js'
import { ajvValidator, severityOf } from './support.js'

/** A value one side accepts and the other rejects, where the report says the edit is harmless. */
export interface Counterexample {
  before: RawSchema
  after: RawSchema
  edit: string
  direction: Direction
  value: unknown
  findings: unknown[]
}

/** What one edit checked against Ajv gave. */
export interface EditVerdict {
  /** Ajv could not compile a side, so nothing was checked. */
  skipped?: boolean
  counterexample?: Counterexample
  /** The edit keeps the value set and still got a breaking or risky finding. */
  falseAlarm: boolean
  /** For a false alarm: both sides, the edit and what the engine reported. */
  alarm?: { before: RawSchema; after: RawSchema; edit: string; findings: unknown[] }
}

const SERIOUS = new Set(['breaking', 'risky'])

/** Thrown when Ajv cannot judge a value: a reference that loops without reading the value. */
class Unjudged extends Error {}

/**
 * Ajv's validator for a raw schema, or undefined when Ajv cannot compile it (a dangling `$ref`,
 * …). Why a wrapper: a schema whose reference loops without reading the value (`Node: {not:
 * {$ref: Node}}`) has no meaning and overflows Ajv's stack; such a pair is skipped.
 */
function validator(schema: unknown): ((value: unknown) => boolean) | undefined {
  try {
    const validate = ajvValidator(schema as never)
    return (value) => {
      try {
        return validate(value)
      } catch {
        throw new Unjudged()
      }
    }
  } catch {
    return undefined
  }
}

/** `f()`, or `skipped` when Ajv could not judge a value on the way. */
function unlessUnjudged<T>(f: () => T, skipped: T): T {
  try {
    return f()
  } catch (error) {
    if (error instanceof Unjudged) return skipped
    throw error
  }
}

/**
 * Whether a value moved only as the safe-integer policy allows: an integer beyond ±(2^53−1),
 * with the listed safe-integer bound finding that says so.
 */
function bySafeIntegerPolicy(value: unknown, findings: { kind: string }[]): boolean {
  const beyond = typeof value === 'number' && Number.isInteger(value) && Math.abs(value) > Number.MAX_SAFE_INTEGER
  return beyond && findings.some((f) => f.kind === 'schema-safe-integer-bound-changed')
}

/**
 * Applies `edit` to `raw`, compares the two as the product does (canonicalized), and asks Ajv
 * which candidate values moved. An input that loses a value, or an output that gains one, must
 * get a breaking or risky finding; anything else is a counterexample.
 */
export function checkEdit(raw: RawSchema, edit: Edit): EditVerdict {
  return unlessUnjudged(() => checkJudgedEdit(raw, edit), { skipped: true, falseAlarm: false })
}

function checkJudgedEdit(raw: RawSchema, edit: Edit): EditVerdict {
  const edited = edit.apply(raw)
  const [acceptsOld, acceptsNew] = [validator(raw), validator(edited)]
  if (acceptsOld === undefined || acceptsNew === undefined) return { skipped: true, falseAlarm: false }
  const before = canonicalizeSchema(raw).schema
  const after = canonicalizeSchema(edited).schema
  const values = candidateValues(raw, edited)
  let lost: unknown
  let gained: unknown
  for (const value of values) {
    const [old, now] = [acceptsOld(value), acceptsNew(value)]
    if (old === true && now === false && lost === undefined) lost = { value }
    if (old === false && now === true && gained === undefined) gained = { value }
  }
  const serious = (direction: Direction) => {
    const findings = compareSchemas(before, after, { direction }).findings
    return { findings, serious: findings.some((f) => SERIOUS.has(severityOf(f, direction))) }
  }
  for (const [direction, moved] of [['input', lost], ['output', gained]] as const) {
    if (moved === undefined) continue
    const report = serious(direction)
    if (!report.serious && !bySafeIntegerPolicy((moved as { value: unknown }).value, report.findings)) return { counterexample: { before: raw, after: edited, edit: edit.name, direction, value: (moved as { value: unknown }).value, findings: report.findings }, falseAlarm: false }
  }
  if (!edit.keepsValues || lost !== undefined || gained !== undefined) return { falseAlarm: false }
  const reports = [serious('input'), serious('output')].filter((report) => report.serious)
  if (reports.length === 0) return { falseAlarm: false }
  return { falseAlarm: true, alarm: { before: raw, after: edited, edit: edit.name, findings: reports.flatMap((report) => report.findings) } }
}

/** What comparing a schema with a rewrite that keeps its values gave. */
export interface EqualPairVerdict {
  /** Ajv could not compile a side, or a candidate value moved (the rewrite was not equal here). */
  skipped: boolean
  /** The most serious severity reported in either direction, when breaking or risky. */
  alarm?: 'breaking' | 'risky'
  before: RawSchema
  after: RawSchema
  findings: unknown[]
}

/**
 * Applies a rewrite meant to keep the accepted values, confirms with Ajv on the candidate values
 * that none moved, and reports the most serious severity the comparison gave either way.
 */
export function checkEqualPair(raw: RawSchema, edit: Edit): EqualPairVerdict {
  return unlessUnjudged(() => checkJudgedEqualPair(raw, edit), { skipped: true, before: raw, after: raw, findings: [] })
}

function checkJudgedEqualPair(raw: RawSchema, edit: Edit): EqualPairVerdict {
  const edited = edit.apply(raw)
  const [acceptsOld, acceptsNew] = [validator(raw), validator(edited)]
  if (acceptsOld === undefined || acceptsNew === undefined) return { skipped: true, before: raw, after: edited, findings: [] }
  for (const value of candidateValues(raw, edited)) if (acceptsOld(value) !== acceptsNew(value)) return { skipped: true, before: raw, after: edited, findings: [] }
  const before = canonicalizeSchema(raw).schema
  const after = canonicalizeSchema(edited).schema
  let alarm: EqualPairVerdict['alarm']
  const findings: unknown[] = []
  for (const direction of ['input', 'output'] as const) {
    for (const finding of compareSchemas(before, after, { direction }).findings) {
      const severity = severityOf(finding, direction)
      if (severity === 'breaking') alarm = 'breaking'
      else if (severity === 'risky' && alarm === undefined) alarm = 'risky'
      if (SERIOUS.has(severity)) findings.push({ direction, severity, ...finding })
    }
  }
  return { skipped: false, alarm, before: raw, after: edited, findings }
}

/** Counts of false alarms over equal pairs. */
export interface FalseAlarmRate {
  pairs: number
  breaking: number
  risky: number
}

/** The rate as the line `npm run fuzz` and the property test print. */
export function describeRate(rate: FalseAlarmRate): string {
  const percent = (n: number) => (rate.pairs === 0 ? '0.00' : ((100 * n) / rate.pairs).toFixed(2))
  return `false alarms over ${rate.pairs} equal pairs: ${percent(rate.breaking)}% breaking (${rate.breaking}), ${percent(rate.risky)}% risky (${rate.risky})`
}
