import { found, type NodeReport, type SchemaObject } from './finding.js'
import { canonicalJson } from './keywords.js'

/** Keywords whose annotations say which keys / items `unevaluated*` beside them sees as evaluated. */
const EVALUATES = {
  unevaluatedProperties: ['properties', 'patternProperties', 'additionalProperties', 'dependentSchemas'],
  unevaluatedItems: ['prefixItems', 'items', 'contains'],
} as const
const IN_PLACE = ['allOf', 'anyOf', 'oneOf', 'if', 'then', 'else', '$ref', '$dynamicRef', '$recursiveRef']

/**
 * `unevaluated*` kept by canonicalization sits beside an in-place applicator (canonicalization
 * folds it into `additionalProperties` / `items` otherwise), so what it covers depends on which
 * branch matched. When it is unchanged but anything that evaluates beside it changed, how the
 * valid values moved is not proved: one unknown finding, never additive. A change of the
 * `unevaluated*` schema itself is unknown already (`compareUnknownKeywords`).
 */
export function compareUnevaluated(a: SchemaObject, b: SchemaObject, report: NodeReport): void {
  for (const keyword of ['unevaluatedProperties', 'unevaluatedItems'] as const) {
    if (a[keyword] === undefined || canonicalJson(a[keyword]) !== canonicalJson(b[keyword])) continue
    const changed = [...EVALUATES[keyword], ...IN_PLACE].filter((k) => canonicalJson(a[k] ?? null) !== canonicalJson(b[k] ?? null))
    if (changed.length === 0) continue
    report.change(found('schema-constraint-changed', 'unknown', { before: a[keyword], after: b[keyword], details: { keyword, changed } }))
  }
}
