/**
 * The keywords beside the value rules: annotations (each change has its own kind, the valid values
 * never move) and keywords the engine does not reason about (any change to them is unknown).
 */
import { found, type NodeReport, type SchemaObject } from './finding.js'
import { ASSERTION_KEYWORDS, canonicalJson, isAnnotationKeyword, PRODUCER_HINT_KEYWORDS } from './keywords.js'

const NOT_KEYWORDS = new Set(['$defs', '$ref', '$dynamicRef', '$recursiveRef'])

/** A keyword the engine does not reason about: any change to it is unknown, never silent. */
export function compareUnknownKeywords(a: SchemaObject, b: SchemaObject, report: NodeReport): void {
  for (const keyword of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (ASSERTION_KEYWORDS.has(keyword) || isAnnotationKeyword(keyword) || NOT_KEYWORDS.has(keyword)) continue
    if (canonicalJson(a[keyword]) === canonicalJson(b[keyword])) continue
    report.change(found('schema-keyword-changed', 'unknown', { before: a[keyword], after: b[keyword], details: { keyword } }))
  }
}

/** Annotations never move the valid values; each has its own kind for its own severity. */
export function compareAnnotations(a: SchemaObject, b: SchemaObject, report: NodeReport): void {
  for (const keyword of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    if (!isAnnotationKeyword(keyword) || canonicalJson(a[keyword]) === canonicalJson(b[keyword])) continue
    const fields = { before: a[keyword], after: b[keyword] }
    if (keyword === 'description') report.note(found('argument-description-changed', 'equal', fields))
    else if (keyword === 'default') report.note(found('schema-default-changed', 'equal', fields))
    else if (keyword === 'deprecated') report.note(found('schema-deprecated-changed', 'equal', fields))
    else if (PRODUCER_HINT_KEYWORDS.has(keyword)) report.note(found('schema-producer-hint-changed', 'equal', { ...fields, details: { keyword } }))
    else report.note(found('schema-annotation-changed', 'equal', { ...fields, details: { keyword } }))
  }
}
