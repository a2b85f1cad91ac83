import { describe, expect, test } from 'vitest'
import type { Change, Direction, Relation, Severity } from '../../src/diff/change.js'
import { resolvePolicy, type Policy } from '../../src/diff/policy.js'
import { SCHEMA_KINDS } from '../../src/diff/kinds/schema-kinds.js'
import { describeChange } from '../../src/report/describe-change.js'
import type { Json } from '../../src/surface/types.js'
import { SCHEMA_KIND_IDS } from '../../src/schema/finding.js'
import { findingsOf, messageOf, object, severityOf } from './support.js'

const str = { type: 'string' }
const num = { type: 'number' }
const closed = { additionalProperties: false }

test('every kind the engine emits is a registered record, and nothing else is', () => {
  expect(SCHEMA_KINDS.map((kind) => kind.id).sort()).toEqual([...SCHEMA_KIND_IDS].sort())
})

interface KindRow {
  title: string
  before: unknown
  after: unknown
  kind: string
  /** The kind on the output side, where it has its own name. */
  outputKind?: string
  input: Severity
  output: Severity
  message: string
  policy?: Policy
}

const rows: KindRow[] = [
  { title: 'optional argument added', before: object({ q: str }), after: object({ q: str, r: num }), kind: 'argument-added', outputKind: 'output-field-added', input: 'additive', output: 'additive', message: 'optional argument added' },
  { title: 'optional argument added, contentModel strict, open object', before: object({ q: str }), after: object({ q: str, r: num }), kind: 'argument-added', outputKind: 'output-field-added', input: 'risky', output: 'additive', message: 'optional argument added', policy: { contentModel: 'strict' } },
  { title: 'optional argument added, contentModel strict, closed object', before: object({ q: str }, [], closed), after: object({ q: str, r: num }, [], closed), kind: 'argument-added', outputKind: 'output-field-added', input: 'additive', output: 'additive', message: 'optional argument added', policy: { contentModel: 'strict' } },
  { title: 'required argument added', before: object({ q: str }), after: object({ q: str, r: num }, ['r']), kind: 'argument-added', outputKind: 'output-field-added', input: 'breaking', output: 'additive', message: 'required argument added' },
  { title: 'argument under additionalProperties S, S ⊄ new', before: object({}, [], { additionalProperties: str }), after: object({ n: { type: 'string', maxLength: 2 } }, [], { additionalProperties: str }), kind: 'argument-added', outputKind: 'output-field-added', input: 'breaking', output: 'additive', message: 'optional argument added' },
  { title: 'argument under additionalProperties S, S ⊂ new', before: object({}, [], { additionalProperties: str }), after: object({ n: { type: ['number', 'string'] } }, [], { additionalProperties: str }), kind: 'argument-added', outputKind: 'output-field-added', input: 'additive', output: 'breaking', message: 'optional argument added' },
  { title: 'optional argument removed, open object: still accepted, no longer read', before: object({ q: str, r: num }), after: object({ q: str }), kind: 'argument-removed', outputKind: 'output-field-removed', input: 'risky', output: 'breaking', message: 'argument removed' },
  { title: 'optional argument removed, open object, contentModel strict', before: object({ q: str, r: num }), after: object({ q: str }), kind: 'argument-removed', outputKind: 'output-field-removed', input: 'breaking', output: 'breaking', message: 'argument removed', policy: { contentModel: 'strict' } },
  { title: 'optional argument removed, closed object: rejected', before: object({ q: str, r: num }, [], closed), after: object({ q: str }, [], closed), kind: 'argument-removed', outputKind: 'output-field-removed', input: 'breaking', output: 'breaking', message: 'argument removed' },
  { title: 'required argument removed, open object', before: object({ q: str, r: num }, ['r']), after: object({ q: str }), kind: 'argument-removed', outputKind: 'output-field-removed', input: 'breaking', output: 'breaking', message: 'argument removed' },
  { title: 'argument removed under additionalProperties S that accepts it', before: object({ q: str, r: str }, [], { additionalProperties: str }), after: object({ q: str }, [], { additionalProperties: str }), kind: 'argument-removed', outputKind: 'output-field-removed', input: 'risky', output: 'breaking', message: 'argument removed' },
  { title: 'argument removed under additionalProperties S that refuses it', before: object({ q: str, r: num }, [], { additionalProperties: str }), after: object({ q: str }, [], { additionalProperties: str }), kind: 'argument-removed', outputKind: 'output-field-removed', input: 'breaking', output: 'breaking', message: 'argument removed' },
  { title: 'optional → required', before: object({ q: str }), after: object({ q: str }, ['q']), kind: 'argument-now-required', outputKind: 'output-field-now-required', input: 'breaking', output: 'additive', message: 'was optional, now required' },
  { title: 'required → optional', before: object({ q: str }, ['q']), after: object({ q: str }), kind: 'argument-now-optional', outputKind: 'output-field-now-optional', input: 'additive', output: 'breaking', message: 'was required, now optional' },
  { title: 'description changed', before: object({ q: { type: 'string', description: 'a' } }), after: object({ q: { type: 'string', description: 'b' } }), kind: 'argument-description-changed', input: 'routing', output: 'routing', message: 'description changed' },
  { title: 'type widened', before: { type: 'integer' }, after: num, kind: 'schema-type-changed', input: 'additive', output: 'breaking', message: 'type integer → number' },
  { title: 'type narrowed', before: { type: ['number', 'string'] }, after: str, kind: 'schema-type-changed', input: 'breaking', output: 'additive', message: 'type ["number","string"] → string' },
  { title: 'type replaced', before: str, after: { type: 'object' }, kind: 'schema-type-changed', input: 'breaking', output: 'breaking', message: 'type string → object' },
  { title: 'type added', before: {}, after: str, kind: 'schema-type-changed', input: 'breaking', output: 'additive', message: 'type any → string' },
  { title: 'became nullable', before: str, after: { type: ['null', 'string'] }, kind: 'schema-nullable-changed', input: 'additive', output: 'breaking', message: 'now accepts null' },
  { title: 'no longer nullable', before: { anyOf: [str, { type: 'null' }] }, after: str, kind: 'schema-nullable-changed', input: 'breaking', output: 'additive', message: 'no longer accepts null' },
  { title: 'enum value added', before: { enum: ['a'] }, after: { enum: ['a', 'b'] }, kind: 'schema-enum-changed', input: 'additive', output: 'breaking', message: 'enum values added b' },
  { title: 'enum value removed', before: { enum: ['a', 'b'] }, after: { enum: ['a'] }, kind: 'schema-enum-changed', input: 'breaking', output: 'additive', message: 'enum values removed b' },
  { title: 'enum values replaced', before: { enum: ['a', 'b'] }, after: { enum: ['a', 'c'] }, kind: 'schema-enum-changed', input: 'breaking', output: 'breaking', message: 'enum values added c; removed b' },
  { title: 'enum introduced', before: str, after: { enum: ['a', 'b'] }, kind: 'schema-enum-changed', input: 'breaking', output: 'additive', message: 'enum introduced: a, b' },
  { title: 'const dropped', before: { const: 'x' }, after: str, kind: 'schema-enum-changed', input: 'additive', output: 'breaking', message: 'enum x dropped' },
  { title: 'maximum lowered', before: { type: 'number', maximum: 10 }, after: { type: 'number', maximum: 5 }, kind: 'schema-bound-changed', input: 'breaking', output: 'additive', message: 'maximum 10 → 5' },
  { title: 'maxLength removed', before: { type: 'string', maxLength: 10 }, after: str, kind: 'schema-bound-changed', input: 'additive', output: 'breaking', message: 'maxLength 10 removed' },
  { title: 'minimum added', before: num, after: { type: 'number', minimum: 0 }, kind: 'schema-bound-changed', input: 'breaking', output: 'additive', message: 'minimum 0 added' },
  { title: 'minimum → exclusiveMinimum', before: { type: 'number', minimum: 0 }, after: { type: 'number', exclusiveMinimum: 0 }, kind: 'schema-bound-changed', input: 'breaking', output: 'additive', message: 'minimum 0 → exclusiveMinimum 0' },
  { title: 'multipleOf changed otherwise', before: { type: 'number', multipleOf: 10 }, after: { type: 'number', multipleOf: 11 }, kind: 'schema-constraint-changed', input: 'breaking', output: 'breaking', message: 'multipleOf 10 → 11' },
  { title: 'uniqueItems added', before: { type: 'array' }, after: { type: 'array', uniqueItems: true }, kind: 'schema-constraint-changed', input: 'breaking', output: 'additive', message: 'uniqueItems false → true' },
  { title: 'propertyNames tightened', before: { type: 'object' }, after: { type: 'object', propertyNames: { maxLength: 3 } }, kind: 'schema-constraint-changed', input: 'breaking', output: 'additive', message: 'propertyNames tightened' },
  { title: 'dependentRequired loosened', before: { type: 'object', dependentRequired: { a: ['b'] } }, after: { type: 'object' }, kind: 'schema-constraint-changed', input: 'additive', output: 'breaking', message: 'dependentRequired a loosened' },
  { title: 'pattern added', before: str, after: { type: 'string', pattern: '^a' }, kind: 'schema-pattern-changed', input: 'breaking', output: 'additive', message: 'pattern ^a added' },
  { title: 'pattern changed, not proved', before: { type: 'string', pattern: '^(a+)\\1' }, after: { type: 'string', pattern: '^b' }, kind: 'schema-pattern-changed', input: 'risky', output: 'risky', message: 'pattern ^(a+)\\1 → ^b' },
  { title: 'pattern widened', before: { type: 'string', pattern: '^[a-z]+$' }, after: { type: 'string', pattern: '^[a-z0-9]+$' }, kind: 'schema-pattern-changed', input: 'additive', output: 'breaking', message: 'pattern ^[a-z]+$ → ^[a-z0-9]+$' },
  { title: 'pattern replaced by a disjoint one', before: { type: 'string', pattern: '^a' }, after: { type: 'string', pattern: '^b' }, kind: 'schema-pattern-changed', input: 'breaking', output: 'breaking', message: 'pattern ^a → ^b' },
  { title: 'format added', before: str, after: { type: 'string', format: 'email' }, kind: 'schema-format-changed', input: 'breaking', output: 'additive', message: 'format email added' },
  { title: 'format added, format annotate', before: str, after: { type: 'string', format: 'email' }, kind: 'schema-format-changed', input: 'risky', output: 'risky', message: 'format email added', policy: { format: 'annotate' } },
  { title: 'format widened to its IDN extension', before: { type: 'string', format: 'email' }, after: { type: 'string', format: 'idn-email' }, kind: 'schema-format-changed', input: 'additive', output: 'breaking', message: 'format email → idn-email' },
  { title: 'format replaced', before: { type: 'string', format: 'email' }, after: { type: 'string', format: 'uri' }, kind: 'schema-format-changed', input: 'breaking', output: 'breaking', message: 'format email → uri' },
  { title: 'additionalProperties closed', before: object({}), after: object({}, [], closed), kind: 'schema-additional-properties-changed', input: 'breaking', output: 'additive', message: 'additionalProperties true → false' },
  { title: 'additionalProperties opened', before: object({}, [], closed), after: object({}), kind: 'schema-additional-properties-changed', input: 'additive', output: 'breaking', message: 'additionalProperties false → true' },
  { title: 'additionalProperties opened, contentModel lenient', before: object({}, [], closed), after: object({}), kind: 'schema-additional-properties-changed', input: 'additive', output: 'risky', message: 'additionalProperties false → true', policy: { contentModel: 'lenient' } },
  { title: 'anyOf branch added', before: { anyOf: [object({ k: { const: 'a' } }, ['k']), object({ k: { const: 'b' } }, ['k'])] }, after: { anyOf: [object({ k: { const: 'a' } }, ['k']), object({ k: { const: 'b' } }, ['k']), object({ k: { const: 'c' } }, ['k'])] }, kind: 'schema-branch-added', input: 'additive', output: 'breaking', message: 'anyOf branch added' },
  { title: 'oneOf branch added that overlaps', before: { oneOf: [object({ k: { const: 'a' } }, ['k']), str] }, after: { oneOf: [object({ k: { const: 'a' } }, ['k']), str, object({ x: str })] }, kind: 'schema-branch-added', input: 'breaking', output: 'breaking', message: 'oneOf branch added over an existing one' },
  { title: 'anyOf branch removed', before: { anyOf: [object({ k: { const: 'a' } }, ['k']), object({ k: { const: 'b' } }, ['k'])] }, after: object({ k: { const: 'a' } }, ['k']), kind: 'schema-branch-removed', input: 'breaking', output: 'additive', message: 'anyOf branch removed' },
  { title: 'oneOf → anyOf', before: { oneOf: [object({ x: str }), object({ y: str })] }, after: { anyOf: [object({ x: str }), object({ y: str })] }, kind: 'schema-composition-changed', input: 'additive', output: 'breaking', message: 'oneOf → anyOf' },
  { title: 'allOf member added', before: object({ a: str }), after: object({ a: str }, [], { allOf: [closed] }), kind: 'schema-branch-added', input: 'breaking', output: 'additive', message: 'allOf member added' },
  { title: 'default changed', before: { type: 'integer', default: 10 }, after: { type: 'integer', default: 50 }, kind: 'schema-default-changed', input: 'risky', output: 'cosmetic', message: 'default 10 → 50' },
  { title: 'deprecated added', before: str, after: { type: 'string', deprecated: true }, kind: 'schema-deprecated-changed', input: 'routing', output: 'routing', message: 'marked deprecated' },
  { title: 'title changed', before: { type: 'string', title: 'A' }, after: { type: 'string', title: 'B' }, kind: 'schema-annotation-changed', input: 'cosmetic', output: 'cosmetic', message: 'title changed' },
  { title: 'x-* changed', before: { type: 'string', 'x-a': 1 }, after: { type: 'string', 'x-a': 2 }, kind: 'schema-annotation-changed', input: 'cosmetic', output: 'cosmetic', message: 'x-a changed' },
  { title: 'unknown keyword changed', before: { type: 'string', vendorRank: 'a' }, after: { type: 'string', vendorRank: 'b' }, kind: 'schema-keyword-changed', input: 'risky', output: 'risky', message: 'vendorRank changed' },
  { title: 'contentMediaType changed', before: { type: 'string', contentMediaType: 'image/png' }, after: { type: 'string', contentMediaType: 'image/jpeg' }, kind: 'schema-producer-hint-changed', input: 'routing', output: 'cosmetic', message: 'contentMediaType changed' },
  { title: 'contentEncoding dropped', before: { type: 'string', contentEncoding: 'base64' }, after: str, kind: 'schema-producer-hint-changed', input: 'routing', output: 'cosmetic', message: 'contentEncoding changed' },
  { title: 'discriminator added', before: { oneOf: [object({ k: { const: 'a' } }, ['k']), object({ k: { const: 'b' } }, ['k'])] }, after: { oneOf: [object({ k: { const: 'a' } }, ['k']), object({ k: { const: 'b' } }, ['k'])], discriminator: { propertyName: 'k' } }, kind: 'schema-producer-hint-changed', input: 'routing', output: 'cosmetic', message: 'discriminator changed' },
  { title: 'can no longer match anything', before: { type: 'integer', maximum: 3 }, after: { type: 'integer', minimum: 5, maximum: 3 }, kind: 'schema-satisfiability-changed', input: 'breaking', output: 'risky', message: 'can no longer match any value (minimum 5 > maximum 3)' },
  { title: 'can match values again', before: false, after: str, kind: 'schema-satisfiability-changed', input: 'additive', output: 'breaking', message: 'can match values again' },
  { title: 'external $ref changed', before: { $ref: 'https://example.com/a.json' }, after: { $ref: 'https://example.com/b.json' }, kind: 'schema-reference-changed', input: 'risky', output: 'risky', message: '$ref https://example.com/a.json → https://example.com/b.json' },
]

describe('severity by direction (and policy), and the message', () => {
  test.each(rows)('$title', ({ before, after, kind, outputKind, input, output, message, policy }) => {
    for (const [direction, expected] of [
      ['input', input],
      ['output', output],
    ] as const) {
      const findings = findingsOf(before, after, direction)
      expect(findings.map((f) => f.kind)).toEqual([direction === 'output' ? (outputKind ?? kind) : kind])
      expect(severityOf(findings[0], direction, policy)).toBe(expected)
    }
    const [finding] = findingsOf(before, after, 'input')
    expect(messageOf(finding, 'input')).toBe(message)
  })

  test('the output side names a field, not an argument', () => {
    const [finding] = findingsOf(object({ id: str }), object({ id: str, name: str }, ['name']), 'output')
    expect(messageOf(finding, 'output')).toBe('required field added')
  })

  test('one argument removed and one added in the same object name each other', () => {
    const findings = findingsOf(object({ q: str, city: str }), object({ q: str, location: str }, ['location']), 'input')
    expect(findings.map((finding) => `${finding.kind}: ${messageOf(finding, 'input')}`)).toMatchInlineSnapshot(`
      [
        "argument-removed: argument removed (perhaps renamed to location)",
        "argument-added: required argument added (perhaps renamed from city)",
      ]
    `)
    const [removed] = findingsOf(object({ city: str }), object({ location: str }), 'output')
    expect(`${removed.kind}: ${messageOf(removed, 'output')}`).toMatchInlineSnapshot(`"output-field-removed: field removed (perhaps renamed to location)"`)
  })

  test('the budget kind is risky both ways', () => {
    const finding = { kind: 'schema-comparison-incomplete', path: [], relation: 'unknown' as const, details: { reason: 'comparison stopped after 1 steps (work budget)' } }
    expect(severityOf(finding, 'input')).toBe('risky')
    expect(severityOf(finding, 'output')).toBe('risky')
    expect(messageOf(finding)).toBe('not fully compared: comparison stopped after 1 steps (work budget)')
  })
})

describe('what a change does to a caller reads from the side of its direction', () => {
  const change = (kind: string, direction: Direction, severity: Severity): Change => ({ kind, entity: 'tool', name: 't', direction, path: ['q'], severity })

  test.each([
    { title: 'required argument added', before: object({ q: str }), after: object({ q: str, r: num }, ['r']), input: 'every call that omits it is now rejected (or it no longer fits what the object accepted)', output: 'readers that do not know the field are unaffected' },
    { title: 'anyOf branch added', before: { anyOf: [object({ k: { const: 'a' } }, ['k']), object({ k: { const: 'b' } }, ['k'])] }, after: { anyOf: [object({ k: { const: 'a' } }, ['k']), object({ k: { const: 'b' } }, ['k']), object({ k: { const: 'c' } }, ['k'])] }, input: 'every value callers could send is still accepted', output: 'readers may now get values of the new branch that they were not written for' },
    { title: 'allOf member added', before: object({ a: str }), after: object({ a: str }, [], { allOf: [closed] }), input: 'calls that were valid may now be rejected', output: 'readers only get values they could already get' },
    { title: 'became nullable', before: str, after: { type: ['string', 'null'] }, input: 'callers may now send null; every call that was valid still is', output: 'readers that cannot handle null may now get it' },
  ])('$title', ({ before, after, input, output }) => {
    for (const [direction, expected] of [
      ['input', input],
      ['output', output],
    ] as const) {
      const [finding] = findingsOf(before, after, direction)
      const severity = severityOf(finding, direction)
      expect(describeChange({ ...finding, entity: 'tool', name: 't', direction, severity }).effect).toBe(expected)
    }
  })

  // Why: the severities a kind can take are enumerated over every relation, the details that
  // steer its rule and every policy, so a reason written for one side cannot surface on the other.
  test('inputs speak of calls and callers, outputs of readers, for every severity a kind can take', () => {
    const relations: Relation[] = ['widened', 'narrowed', 'incomparable', 'unknown', 'equal']
    const details: Record<string, Json>[] = [{}, { required: true }, { governedBy: 'additionalProperties' }, { openObject: true }, { satisfiable: false }, { satisfiable: true }]
    const policies: Policy[] = [{}, { contentModel: 'strict' }, { contentModel: 'lenient' }, { format: 'annotate' }]
    for (const kind of SCHEMA_KINDS) {
      for (const direction of ['input', 'output'] as const) {
        const severities = new Set<Severity>()
        for (const relation of relations) {
          for (const detail of details) {
            for (const policy of policies) {
              severities.add(kind.severity({ change: { kind: kind.id, entity: 'tool', name: 't', direction, path: ['q'], relation, details: detail }, policy: resolvePolicy(policy) }))
            }
          }
        }
        for (const severity of severities) {
          const effect = describeChange(change(kind.id, direction, severity)).effect
          const where = `${kind.id} ${severity} ${direction}: ${effect}`
          if (direction === 'input') expect(effect, where).not.toMatch(/\breaders?\b/)
          else expect(effect, where).not.toMatch(/\bcalls?\b|\bsend/)
        }
      }
    }
  })
})
