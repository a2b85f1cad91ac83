import { found, type NodeReport, type SchemaObject } from './finding.js'
import { canonicalJson } from './keywords.js'
import { conjunction, invert } from './relation.js'
import type { Json, Relation, Schema } from './types.js'
import type { Walker } from './walker.js'

/** `if`/`then`/`else` and `not`: judged as one constraint each. */
export function compareLogic(walker: Walker, a: SchemaObject, b: SchemaObject, report: NodeReport): void {
  const hasIfA = a.if !== undefined
  const hasIfB = b.if !== undefined
  if (hasIfA || hasIfB) {
    let relation: Relation
    if (!hasIfA) relation = 'narrowed'
    else if (!hasIfB) relation = 'widened'
    // Why the relation too: the same text `{$ref: '#/$defs/Node'}` is another condition when
    // the definition it points at changed. Why the text without reference targets: a condition
    // pointing at a definition that was only renamed is the same condition, which the relation
    // (following both references) then shows.
    else if (sameBesideReferences(a.if, b.if) && walker.relation(a.if as Schema, b.if as Schema, { a: '/if', b: '/if' }) === 'equal') {
      relation = conjunction([
        walker.relation((a.then ?? true) as Schema, (b.then ?? true) as Schema, { a: '/then', b: '/then' }),
        walker.relation((a.else ?? true) as Schema, (b.else ?? true) as Schema, { a: '/else', b: '/else' }),
      ])
    } else relation = 'unknown'
    if (relation !== 'equal') {
      report.change(found('schema-constraint-changed', relation, { before: pick(a, 'if', 'then', 'else'), after: pick(b, 'if', 'then', 'else'), details: { keyword: 'if' } }))
    }
  }
  if (a.not !== undefined || b.not !== undefined) {
    const relation =
      a.not === undefined ? 'narrowed' : b.not === undefined ? 'widened' : invert(walker.relation(a.not as Schema, b.not as Schema, { a: '/not', b: '/not' }))
    if (relation !== 'equal') report.change(found('schema-constraint-changed', relation, { before: a.not, after: b.not, details: { keyword: 'not' } }))
  }
}

/** Whether two schemas have the same canonical text once every `$ref` target is blanked. */
function sameBesideReferences(a: Json | undefined, b: Json | undefined): boolean {
  const textA = canonicalJson(a)
  const textB = canonicalJson(b)
  if (textA === textB) return true
  if (!textA.includes('"$ref"') || !textB.includes('"$ref"')) return false
  const blank = (_key: string, value: unknown) => (isReference(value) ? { ...value, $ref: '' } : value)
  return JSON.stringify(JSON.parse(textA), blank) === JSON.stringify(JSON.parse(textB), blank)
}

function isReference(value: unknown): value is { $ref: string } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { $ref?: unknown }).$ref === 'string'
}

function pick(schema: SchemaObject, ...keys: string[]): Json | undefined {
  const out: Record<string, Json> = {}
  for (const key of keys) if (schema[key] !== undefined) out[key] = schema[key]
  return Object.keys(out).length === 0 ? undefined : out
}
