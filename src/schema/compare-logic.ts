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
    // the definition it points at changed.
    else if (canonicalJson(a.if) === canonicalJson(b.if) && walker.relation(a.if as Schema, b.if as Schema, { a: '/if', b: '/if' }) === 'equal') {
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

function pick(schema: SchemaObject, ...keys: string[]): Json | undefined {
  const out: Record<string, Json> = {}
  for (const key of keys) if (schema[key] !== undefined) out[key] = schema[key]
  return Object.keys(out).length === 0 ? undefined : out
}
