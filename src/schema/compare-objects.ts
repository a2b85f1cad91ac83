import type { Relation } from './types.js'
import { encodePointerSegment } from './json-pointer.js'
import type { Json, Schema } from './types.js'
import { compareCountBound } from './compare-bounds.js'
import type { Walker } from './walker.js'
import { found, NodeReport, type NodeResult, type SchemaObject } from './finding.js'
import { compareText, isPlainObject } from './keywords.js'
import { mergeInto } from './merge-schemas.js'
import { conjunction } from './relation.js'
import { MAX_REGION_PATTERNS, MAX_REGIONS, patternRegions } from './pattern-regions.js'
import { patternMatches } from './bounded-pattern.js'
import { keywordConstraining } from './property-constrained-elsewhere.js'

/** What an object schema says about a key it does not declare in `properties`. */
interface Extras {
  schema: Schema
  /** Which keyword decides, when it is a schema (not plain open `true` or closed `false`). */
  governedBy?: 'additionalProperties' | 'patternProperties'
  /** Pointer suffix of that schema, for `$ref` cycle keys. */
  pointer: string
}

/**
 * Object keywords: properties (added, removed, now required, now optional, changed at any
 * depth), `additionalProperties`, `patternProperties`, `propertyNames`, `min/maxProperties`,
 * `dependentRequired`, `dependentSchemas`.
 */
export function compareObjects(walker: Walker, a: SchemaObject, b: SchemaObject): NodeResult {
  const report = new NodeReport()
  const propsA = properties(a)
  const propsB = properties(b)
  const requiredA = new Set(names(a.required))
  const requiredB = new Set(names(b.required))
  const all = new Set([...Object.keys(propsA), ...Object.keys(propsB), ...requiredA, ...requiredB])
  const rename = soleRename(all, propsA, propsB, requiredA, requiredB)
  for (const name of [...all].sort(compareText)) {
    const inA = name in propsA || requiredA.has(name)
    const inB = name in propsB || requiredB.has(name)
    if (inA && inB) {
      const [schemaA, pointerA] = name in propsA ? [declared(a, name), `/properties/${encodePointerSegment(name)}`] : [extrasFor(a, name).schema, extrasFor(a, name).pointer]
      const [schemaB, pointerB] = name in propsB ? [declared(b, name), `/properties/${encodePointerSegment(name)}`] : [extrasFor(b, name).schema, extrasFor(b, name).pointer]
      report.add(walker.child(schemaA, schemaB, { segment: name, a: pointerA, b: pointerB }))
      if (requiredA.has(name) !== requiredB.has(name)) {
        const nowRequired = requiredB.has(name)
        const [was, now] = nowRequired ? ['optional', 'required'] : ['required', 'optional']
        report.change(found(nowRequired ? 'argument-now-required' : 'argument-now-optional', nowRequired ? 'narrowed' : 'widened', { path: [name], before: was, after: now }))
      }
    } else if (inB) {
      propertyAdded(walker, a, name, name in propsB ? declared(b, name) : extrasFor(b, name).schema, requiredB.has(name), report, rename?.from)
    } else {
      propertyRemoved(walker, b, name, name in propsA ? declared(a, name) : extrasFor(a, name).schema, requiredA.has(name), report, rename?.to)
    }
  }
  compareUndeclaredKeys(walker, a, b, report, [...all])
  compareSchemaKeyword(walker, a, b, 'propertyNames', report)
  compareCountBound(a, b, 'minProperties', 'lower', report)
  compareCountBound(a, b, 'maxProperties', 'upper', report)
  compareDependentRequired(a, b, report)
  compareDependentSchemas(walker, a, b, report)
  return report.result()
}

/**
 * A property the new schema declares and the old one did not. Its relation is how the values
 * at that key moved: from what the old object said about undeclared keys (open `true`, closed
 * `false`, or a schema S) to the new property's schema; required adds a narrowing. The kind's
 * severity rule reads the details (required, open object, governed by S) for the contract view.
 */
function propertyAdded(walker: Walker, a: SchemaObject, name: string, schema: Schema, required: boolean, report: NodeReport, renamedFrom?: string): void {
  const extras = extrasFor(a, name)
  let relation: Relation
  if (extras.schema === true) relation = required || schema !== true ? 'narrowed' : 'equal'
  else if (extras.schema === false) relation = required ? 'incomparable' : 'widened'
  else {
    const governed = walker.relation(extras.schema, schema, { a: extras.pointer, b: `/properties/${encodePointerSegment(name)}` })
    relation = required ? conjunction([governed, 'narrowed']) : governed
  }
  const details = { required, openObject: extras.schema === true, governedBy: governingKeyword(a, name, extras), renamedFrom }
  report.change(found('argument-added', relation, { path: [name], after: schema, details }))
}

/** A property the old schema declared and the new one does not (the mirror of `propertyAdded`). */
function propertyRemoved(walker: Walker, b: SchemaObject, name: string, schema: Schema, required: boolean, report: NodeReport, renamedTo?: string): void {
  const extras = extrasFor(b, name)
  let relation: Relation
  if (extras.schema === true) relation = required || schema !== true ? 'widened' : 'equal'
  else if (extras.schema === false) relation = required ? 'incomparable' : 'narrowed'
  else {
    const governed = walker.relation(schema, extras.schema, { a: `/properties/${encodePointerSegment(name)}`, b: extras.pointer })
    relation = required ? conjunction([governed, 'widened']) : governed
  }
  const details = { required, openObject: extras.schema === true, governedBy: governingKeyword(b, name, extras), renamedTo }
  report.change(found('argument-removed', relation, { path: [name], before: schema, details }))
}

/**
 * The keyword that already said what the key may hold on the side without the property:
 * `additionalProperties` or `patternProperties` when one holds a schema for it, else an
 * applicator beside them (`not`, `anyOf`, …) whose subschemas name the key. Why the second: a
 * property added under a `not` that mentioned it moves values the other keyword allowed, so it
 * is judged by its relation like one governed by `additionalProperties`, not as a plain addition.
 */
function governingKeyword(schema: SchemaObject, name: string, extras: Extras): string | undefined {
  return extras.governedBy ?? (extras.schema === true ? keywordConstraining(schema, name) : undefined)
}

/**
 * The one property removed and the one added in the same object, when there is exactly one of
 * each: a suspected rename. Why only then: with several on either side any pairing is a guess,
 * and the findings stay a removal and an addition either way; the names only help the reader.
 */
function soleRename(all: Set<string>, propsA: Record<string, Schema>, propsB: Record<string, Schema>, requiredA: Set<string>, requiredB: Set<string>): { from: string; to: string } | undefined {
  const removed: string[] = []
  const added: string[] = []
  for (const name of all) {
    const inA = name in propsA || requiredA.has(name)
    const inB = name in propsB || requiredB.has(name)
    if (inA && !inB) removed.push(name)
    else if (inB && !inA) added.push(name)
  }
  return removed.length === 1 && added.length === 1 ? { from: removed[0], to: added[0] } : undefined
}

/**
 * The schema a declared property's value must match: its `properties` entry, together with
 * every `patternProperties` schema whose pattern matches the name.
 */
function declared(schema: SchemaObject, name: string): Schema {
  const own = properties(schema)[name]
  const patterns = isPlainObject(schema.patternProperties) ? (schema.patternProperties as Record<string, Schema>) : {}
  const matching = Object.keys(patterns).filter((p) => patternMatches(p, name) === true)
  if (matching.length === 0) return own
  let combined: Schema = own
  for (const pattern of matching) combined = conjoin(combined, patterns[pattern])
  return combined
}

/** Two schemas that must both hold, merged into one object when that keeps their meaning. */
function conjoin(a: Schema, b: Schema): Schema {
  if (a === true) return b
  if (b === true) return a
  if (a === false || b === false) return false
  const merged: Record<string, unknown> = { ...a }
  return mergeInto(merged, b) ? (merged as Schema) : { allOf: [a, b] }
}

/** What governs an undeclared key: matching `patternProperties`, else `additionalProperties`. */
function extrasFor(schema: SchemaObject, name: string): Extras {
  const patterns = isPlainObject(schema.patternProperties) ? (schema.patternProperties as Record<string, Schema>) : {}
  const matching = Object.keys(patterns).filter((p) => patternMatches(p, name) !== false)
  if (matching.length === 1) return { schema: patterns[matching[0]], governedBy: 'patternProperties', pointer: `/patternProperties/${encodePointerSegment(matching[0])}` }
  if (matching.length > 1) return { schema: { allOf: matching.map((p) => patterns[p]) as Json[] }, governedBy: 'patternProperties', pointer: '/patternProperties' }
  const additional = (schema.additionalProperties ?? true) as Schema
  return { schema: additional, governedBy: typeof additional === 'boolean' ? undefined : 'additionalProperties', pointer: '/additionalProperties' }
}

/**
 * `additionalProperties` and `patternProperties` together: what an undeclared key must match.
 * With the same patterns on both sides each pattern's schema (and `additionalProperties`, for
 * keys no pattern matches) is compared on its own: the regions they cover did not move. When
 * the patterns differ, a key may now match several patterns, or none, so the name space is cut
 * into the regions where each set of patterns applies and the schemas compared region by
 * region; the per-keyword findings stand only when that agrees with them.
 */
function compareUndeclaredKeys(walker: Walker, a: SchemaObject, b: SchemaObject, report: NodeReport, listed: string[]): void {
  const perKeyword = new NodeReport()
  compareAdditionalProperties(walker, a, b, perKeyword)
  comparePatternProperties(walker, a, b, perKeyword)
  const patternsA = patternMap(a)
  const patternsB = patternMap(b)
  const keysA = Object.keys(patternsA).sort(compareText)
  const keysB = Object.keys(patternsB).sort(compareText)
  const result = perKeyword.result()
  if (keysA.join('\u0000') === keysB.join('\u0000')) return report.add(result)
  const patterns = [...new Set([...keysA, ...keysB])].sort(compareText)
  // Why only names every pattern gives a verdict on: those are compared with exactly the
  // patterns that match them; a name some pattern leaves open stays in the regions.
  const decided = listed.length > MAX_LISTED_NAMES ? [] : listed.filter((name) => patterns.every((p) => patternMatches(p, name) !== undefined))
  const regions = patternRegions(patterns, decided.sort(compareText))
  let truth: Relation
  if (regions === undefined) {
    walker.notJudged(`patternProperties changed over more patterns or regions than are compared (${MAX_REGION_PATTERNS} patterns, ${MAX_REGIONS} regions), or a pattern regular languages cannot express`)
    truth = 'unknown'
  } else {
    truth = conjunction(regions.map((inside) => walker.relation(regionSchema(a, patternsA, inside), regionSchema(b, patternsB, inside), { a: regionPointer(patternsA, inside), b: regionPointer(patternsB, inside) })))
  }
  if (truth === result.relation) return report.add(result)
  if (truth === 'equal') return
  report.change(found('schema-constraint-changed', truth, { before: a.patternProperties, after: b.patternProperties, details: { keyword: 'patternProperties' } }))
}

/** Declared names taken out of the pattern regions; past this many they are left in (a false alarm at worst, never a miss). */
const MAX_LISTED_NAMES = 200

/** What a key in a region must match on one side: every pattern of that side matching it, else `additionalProperties`. */
function regionSchema(schema: SchemaObject, patterns: Record<string, Schema>, inside: string[]): Schema {
  const own = inside.filter((p) => p in patterns)
  if (own.length === 0) return (schema.additionalProperties ?? true) as Schema
  return own.reduce<Schema>((combined, p) => conjoin(combined, patterns[p]), true)
}

function regionPointer(patterns: Record<string, Schema>, inside: string[]): string {
  const own = inside.filter((p) => p in patterns)
  if (own.length === 0) return '/additionalProperties'
  return own.length === 1 ? `/patternProperties/${encodePointerSegment(own[0])}` : '/patternProperties'
}

function patternMap(schema: SchemaObject): Record<string, Schema> {
  return isPlainObject(schema.patternProperties) ? (schema.patternProperties as Record<string, Schema>) : {}
}

function compareAdditionalProperties(walker: Walker, a: SchemaObject, b: SchemaObject, report: NodeReport): void {
  const before = (a.additionalProperties ?? true) as Schema
  const after = (b.additionalProperties ?? true) as Schema
  const relation = walker.relation(before, after, { a: '/additionalProperties', b: '/additionalProperties' })
  if (relation === 'equal') return
  const details = { openBefore: before === true, openAfter: after === true }
  report.change(found('schema-additional-properties-changed', relation, { before, after, details }))
}

function comparePatternProperties(walker: Walker, a: SchemaObject, b: SchemaObject, report: NodeReport): void {
  const patternsA = isPlainObject(a.patternProperties) ? (a.patternProperties as Record<string, Schema>) : {}
  const patternsB = isPlainObject(b.patternProperties) ? (b.patternProperties as Record<string, Schema>) : {}
  for (const pattern of [...new Set([...Object.keys(patternsA), ...Object.keys(patternsB)])].sort(compareText)) {
    // Why: keys matching a pattern that disappears fall back to `additionalProperties`, and the reverse.
    const before = patternsA[pattern] ?? ((a.additionalProperties ?? true) as Schema)
    const after = patternsB[pattern] ?? ((b.additionalProperties ?? true) as Schema)
    const pointerA = pattern in patternsA ? `/patternProperties/${encodePointerSegment(pattern)}` : '/additionalProperties'
    const pointerB = pattern in patternsB ? `/patternProperties/${encodePointerSegment(pattern)}` : '/additionalProperties'
    const relation = walker.relation(before, after, { a: pointerA, b: pointerB })
    if (relation === 'equal') continue
    report.change(found('schema-constraint-changed', relation, { before: patternsA[pattern], after: patternsB[pattern], details: { keyword: 'patternProperties', pattern } }))
  }
}

/** A keyword holding one schema that applies covariantly (`propertyNames`); absent reads as `true`. */
function compareSchemaKeyword(walker: Walker, a: SchemaObject, b: SchemaObject, keyword: string, report: NodeReport): void {
  if (a[keyword] === undefined && b[keyword] === undefined) return
  const before = a[keyword] as Schema | undefined
  const after = b[keyword] as Schema | undefined
  const relation = walker.relation(before ?? true, after ?? true, { a: `/${keyword}`, b: `/${keyword}` })
  if (relation !== 'equal') report.change(found('schema-constraint-changed', relation, { before, after, details: { keyword } }))
}

function compareDependentRequired(a: SchemaObject, b: SchemaObject, report: NodeReport): void {
  const before = isPlainObject(a.dependentRequired) ? (a.dependentRequired as Record<string, Json>) : {}
  const after = isPlainObject(b.dependentRequired) ? (b.dependentRequired as Record<string, Json>) : {}
  for (const property of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(compareText)) {
    const listA = new Set(names(before[property]))
    const listB = new Set(names(after[property]))
    const added = [...listB].some((n) => !listA.has(n))
    const removed = [...listA].some((n) => !listB.has(n))
    if (!added && !removed) continue
    const relation: Relation = added && removed ? 'incomparable' : added ? 'narrowed' : 'widened'
    report.change(found('schema-constraint-changed', relation, { before: before[property], after: after[property], details: { keyword: 'dependentRequired', property } }))
  }
}

function compareDependentSchemas(walker: Walker, a: SchemaObject, b: SchemaObject, report: NodeReport): void {
  const before = isPlainObject(a.dependentSchemas) ? (a.dependentSchemas as Record<string, Schema>) : {}
  const after = isPlainObject(b.dependentSchemas) ? (b.dependentSchemas as Record<string, Schema>) : {}
  for (const property of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(compareText)) {
    const pointer = `/dependentSchemas/${encodePointerSegment(property)}`
    const relation = walker.relation(before[property] ?? true, after[property] ?? true, { a: pointer, b: pointer })
    if (relation === 'equal') continue
    report.change(found('schema-constraint-changed', relation, { before: before[property], after: after[property], details: { keyword: 'dependentSchemas', property } }))
  }
}

function properties(schema: SchemaObject): Record<string, Schema> {
  return isPlainObject(schema.properties) ? (schema.properties as Record<string, Schema>) : {}
}

function names(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((n): n is string => typeof n === 'string') : []
}

