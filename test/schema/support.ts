import { Ajv2020 } from 'ajv/dist/2020.js'
import * as ajvFormats from 'ajv-formats'
import { expect } from 'vitest'
import type { Direction, PathSegment, Relation, Severity } from '../../src/diff/change.js'
import { resolvePolicy, type Policy } from '../../src/diff/policy.js'
import { kindById } from '../../src/diff/registry.js'
import { compareSchemas, type SchemaFinding } from '../../src/schema/compare-schemas.js'
import { invert } from '../../src/schema/relation.js'
import { canonicalizeSchema } from '../../src/schema/canonicalize-schema.js'
import type { Schema } from '../../src/surface/types.js'

/** The canonical form of a raw schema. */
export function canon(schema: unknown): Schema {
  return canonicalizeSchema(schema).schema
}

/** Findings of comparing two raw schemas (canonicalized first, as the product does). */
export function findingsOf(before: unknown, after: unknown, direction: Direction = 'input'): SchemaFinding[] {
  return compareSchemas(canon(before), canon(after), { direction }).findings
}

/** The severity a finding gets under a policy, as `diffSurfaces` would decide it. */
export function severityOf(finding: SchemaFinding, direction: Direction, policy: Policy = {}): Severity {
  const change = { ...finding, entity: 'tool' as const, name: 't', direction }
  return kindById(finding.kind).severity({ change, policy: resolvePolicy(policy) })
}

/** The message a finding renders to. */
export function messageOf(finding: SchemaFinding, direction: Direction = 'input'): string {
  const change = { ...finding, entity: 'tool' as const, name: 't', direction, severity: severityOf(finding, direction) }
  return kindById(finding.kind).message(change)
}

// Why: ajv-formats is CommonJS; under NodeNext its default export sits one level down.
const addFormats = ((ajvFormats as unknown as { default: unknown }).default ?? ajvFormats) as (ajv: Ajv2020) => Ajv2020
// Why: Ajv divides floats for multipleOf (0.3 / 0.1 ≠ 3); a precision makes it read decimals as written.
const ajv = new Ajv2020({ strict: false, allowUnionTypes: true, multipleOfPrecision: 9 })
addFormats(ajv)
const compiled = new Map<string, (value: unknown) => boolean>()
/** Validators kept at once; a fuzz campaign compiles millions of schemas. */
const MAX_COMPILED = 2000

/** Ajv's validator for a canonical schema, compiled once per text. */
export function ajvValidator(schema: Schema): (value: unknown) => boolean {
  const key = JSON.stringify(schema)
  let validate = compiled.get(key)
  if (validate === undefined) {
    let fn: (value: unknown) => unknown
    try {
      fn = ajv.compile(typeof schema === 'boolean' ? schema : structuredClone(schema))
    } finally {
      // Why: Ajv registers a document under its `$id` (so its references can find it) and then
      // refuses another document with that `$id`; the fuzz makes many, each compiled on its own.
      for (const id of JSON.stringify(schema).matchAll(/"\$id":"([^"]*)"/g)) ajv.removeSchema(id[1].replace(/#$/, ''))
    }
    validate = (v: unknown) => fn(v) as boolean
    if (compiled.size >= MAX_COMPILED) {
      compiled.clear()
      ajv.removeSchema()
    }
    compiled.set(key, validate)
  }
  return validate
}

/** Whether Ajv (the reference validator) accepts `value` under a canonical schema. */
export function ajvAccepts(schema: Schema, value: unknown): boolean {
  return ajvValidator(schema)(value)
}

/** One table row: an edit, the finding it must give, and values that show it. */
export interface Row {
  title: string
  before: unknown
  after: unknown
  /** The one finding old → new gives (`null`: none). */
  kind: string | null
  relation?: Relation
  /** The kind new → old gives, when it is not the same kind. */
  reverseKind?: string | null
  path?: PathSegment[]
  /** Valid under `before`, invalid under `after`: proves something was lost. */
  oldOnly?: unknown[]
  /** Valid under `after`, invalid under `before`: proves something was gained. */
  newOnly?: unknown[]
  /** Valid under both. */
  both?: unknown[]
  /** The relation's truth is the contract reading, not the set (added/removed properties). */
  contract?: boolean
}

/** Runs a row one way: the finding, then the examples against Ajv and against the verdict. */
export function checkRow(row: Row, reverse: boolean): void {
  const before = reverse ? row.after : row.before
  const after = reverse ? row.before : row.after
  const kind = reverse ? (row.reverseKind === undefined ? row.kind : row.reverseKind) : row.kind
  const findings = findingsOf(before, after)
  if (kind === null) {
    expect(findings).toEqual([])
    return
  }
  const relation = reverse ? invert(row.relation ?? 'equal') : (row.relation ?? 'equal')
  expect(findings, JSON.stringify(findings)).toHaveLength(1)
  expect(findings[0]).toMatchObject({ kind, relation, path: row.path ?? [] })
  const lost = reverse ? (row.newOnly ?? []) : (row.oldOnly ?? [])
  const gained = reverse ? (row.oldOnly ?? []) : (row.newOnly ?? [])
  const oldSchema = canon(before)
  const newSchema = canon(after)
  for (const value of lost) {
    expect(ajvAccepts(oldSchema, value), `old accepts ${JSON.stringify(value)}`).toBe(true)
    expect(ajvAccepts(newSchema, value), `new rejects ${JSON.stringify(value)}`).toBe(false)
  }
  for (const value of gained) {
    expect(ajvAccepts(newSchema, value), `new accepts ${JSON.stringify(value)}`).toBe(true)
    expect(ajvAccepts(oldSchema, value), `old rejects ${JSON.stringify(value)}`).toBe(false)
  }
  for (const value of row.both ?? []) {
    expect(ajvAccepts(oldSchema, value), `old accepts ${JSON.stringify(value)}`).toBe(true)
    expect(ajvAccepts(newSchema, value), `new accepts ${JSON.stringify(value)}`).toBe(true)
  }
  if (row.contract) return
  // A proved relation must agree with the examples: a lost value refutes widened/equal, a
  // gained one refutes narrowed/equal.
  if (relation === 'widened' || relation === 'equal') expect(lost, 'a widened/equal edit loses no value').toEqual([])
  if (relation === 'narrowed' || relation === 'equal') expect(gained, 'a narrowed/equal edit gains no value').toEqual([])
  if (relation === 'widened') expect(gained.length, 'a widening is shown by a gained value').toBeGreaterThan(0)
  if (relation === 'narrowed') expect(lost.length, 'a narrowing is shown by a lost value').toBeGreaterThan(0)
  if (relation === 'incomparable') {
    expect(lost.length, 'incomparable: a lost value').toBeGreaterThan(0)
    expect(gained.length, 'incomparable: a gained value').toBeGreaterThan(0)
  }
}

/** Both directions of every row, as test cases titled from the row. */
export function bothWays(rows: Row[]): [string, Row, boolean][] {
  return rows.flatMap((row): [string, Row, boolean][] => [
    [`${row.title} (old → new)`, row, false],
    [`${row.title} (new → old)`, row, true],
  ])
}

/** An object schema from properties, the required names, and more keywords. */
export function object(properties: Record<string, unknown>, required: string[] = [], more: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), ...more }
}

/**
 * A soundness row (a counterexample the Ajv-judged search found, kept for good): values that
 * move between the two schemas, in either order. Ajv must agree that each value moves, and
 * every value lost must get a breaking or risky finding on an input, every value gained one on
 * an output, whichever way the edit is read.
 */
export interface SoundnessRow {
  title: string
  before: unknown
  after: unknown
  /** Values exactly one of the two schemas accepts. */
  moved: unknown[]
}

/** Checks a soundness row read old → new (or new → old when `reverse`). */
export function checkSoundnessRow(row: SoundnessRow, reverse: boolean): void {
  const [before, after] = reverse ? [row.after, row.before] : [row.before, row.after]
  const oldSchema = canon(before)
  const newSchema = canon(after)
  for (const value of row.moved) {
    const old = ajvAccepts(oldSchema, value)
    expect(ajvAccepts(newSchema, value), `exactly one side accepts ${JSON.stringify(value)}`).toBe(!old)
    // An input that loses a value, or an output that gains one, must be reported as serious.
    const direction: Direction = old ? 'input' : 'output'
    const findings = compareSchemas(oldSchema, newSchema, { direction }).findings
    const serious = findings.filter((f) => ['breaking', 'risky'].includes(severityOf(f, direction)))
    expect(serious.length, `${direction}: ${JSON.stringify(value)} ${old ? 'lost' : 'gained'}; findings ${JSON.stringify(findings)}`).toBeGreaterThan(0)
  }
}
