import { Ajv } from 'ajv'
import { describe, expect, test } from 'vitest'
import type { Direction } from '../../src/diff/change.js'
import { ajvAccepts, canon, findingsOf, severityOf } from './support.js'

// Why a second oracle: draft-07 spellings (`dependencies`, tuple `items`) are judged by draft-07 Ajv.
const ajv07 = new Ajv({ strict: false, allowUnionTypes: true })

/** A schema edit the engine used to miss, the values that prove it, and the severity it must get. */
interface Miss {
  title: string
  before: unknown
  after: unknown
  direction: Direction
  /** Accepted before, rejected after. */
  lost?: unknown[]
  /** Rejected before, accepted after. */
  gained?: unknown[]
  /** `breaking` when the engine can prove it; `risky` when it answers unknown. */
  severity: 'breaking' | 'risky'
}

const obj = (more: Record<string, unknown>) => ({ type: 'object', ...more })
const arr = (more: Record<string, unknown>) => ({ type: 'array', ...more })
const str = { type: 'string' }
const num = { type: 'number' }
const nul = { type: 'null' }

const misses: Miss[] = [
  // 1. Pattern coverage is judged by the names each region covers.
  { title: 'a pattern added beside an overlapping one on a closed object', before: obj({ patternProperties: { '^[a-z]+$': true }, additionalProperties: false }), after: obj({ patternProperties: { '^[a-z]+$': true, '^x': nul }, additionalProperties: false }), direction: 'input', lost: [{ xa: 1 }], severity: 'breaking' },
  { title: 'a pattern replaced by a narrower one with a schema', before: obj({ patternProperties: { '^[a-z_]{1,4}$': true }, additionalProperties: false }), after: obj({ patternProperties: { '^x_': nul }, additionalProperties: false }), direction: 'input', lost: [{ ab: 1 }], gained: [{ x_abcde: null }], severity: 'breaking' },
  { title: 'output: a typed pattern becomes a closed object with ^.*$: true', before: obj({ patternProperties: { '^meta\\.': str } }), after: obj({ patternProperties: { '^.*$': true }, additionalProperties: false }), direction: 'output', gained: [{ 'meta.a': 0 }], severity: 'breaking' },
  // 2. What unevaluatedProperties / unevaluatedItems cover.
  { title: 'patternProperties removed beside unevaluatedProperties: false', before: obj({ patternProperties: { '^x_': true }, unevaluatedProperties: false }), after: obj({ unevaluatedProperties: false }), direction: 'input', lost: [{ x_a: 0 }], severity: 'breaking' },
  { title: 'an allOf member removed beside unevaluatedProperties: false', before: obj({ allOf: [{ properties: { a: true } }, { properties: { c: true } }], unevaluatedProperties: false }), after: obj({ allOf: [{ properties: { a: true } }], unevaluatedProperties: false }), direction: 'input', lost: [{ c: 1 }], severity: 'breaking' },
  { title: 'output: additionalProperties: true added beside unevaluatedProperties: false', before: obj({ properties: { a: str }, unevaluatedProperties: false }), after: obj({ properties: { a: str }, additionalProperties: true, unevaluatedProperties: false }), direction: 'output', gained: [{ b: 1 }], severity: 'breaking' },
  { title: 'a property added beside unevaluatedProperties: {type: string}', before: obj({ unevaluatedProperties: str }), after: obj({ properties: { bar: num }, unevaluatedProperties: str }), direction: 'input', lost: [{ bar: '' }], severity: 'breaking' },
  { title: 'prefixItems removed beside unevaluatedItems: {type: string}', before: arr({ prefixItems: [num], unevaluatedItems: str }), after: arr({ unevaluatedItems: str }), direction: 'input', lost: [[1]], gained: [['a']], severity: 'breaking' },
  { title: 'output: an allOf member removed beside unevaluatedProperties: false reads as the property removed', before: obj({ allOf: [{ properties: { a: true } }, { properties: { c: true } }], unevaluatedProperties: false }), after: obj({ allOf: [{ properties: { a: true } }], unevaluatedProperties: false }), direction: 'output', lost: [{ c: 1 }], severity: 'breaking' },
  { title: 'a property added beside unevaluatedProperties: false under anyOf: risky', before: obj({ anyOf: [{ required: ['a'] }, { properties: { b: num } }], unevaluatedProperties: false }), after: obj({ properties: { c: true }, anyOf: [{ required: ['a'] }, { properties: { b: num } }], unevaluatedProperties: false }), direction: 'input', gained: [{ c: 1 }], severity: 'risky' },
  // 3. contains with maxContains.
  { title: 'output: contains tightened under maxContains: 1', before: arr({ contains: {}, maxContains: 1 }), after: arr({ contains: { minLength: 4 }, maxContains: 1 }), direction: 'output', gained: [['', 1]], severity: 'breaking' },
  { title: 'contains loosened under maxContains: 2', before: arr({ contains: str, maxContains: 2 }), after: arr({ contains: {}, maxContains: 2 }), direction: 'input', lost: [[0, 'b', 0.5]], severity: 'breaking' },
  { title: 'contains loosened under maxContains: 2, inside additionalProperties', before: obj({ additionalProperties: arr({ contains: str, maxContains: 2 }) }), after: obj({ additionalProperties: arr({ contains: {}, maxContains: 2 }) }), direction: 'input', lost: [{ k: [0, 'b', 0.5] }], severity: 'breaking' },
  { title: 'contains loosened under maxContains: 2, inside a prefixItems slot', before: arr({ prefixItems: [arr({ contains: str, maxContains: 2 })] }), after: arr({ prefixItems: [arr({ contains: {}, maxContains: 2 })] }), direction: 'input', lost: [[[0, 'b', 0.5]]], severity: 'breaking' },
]

/** The worst severity the findings of an edit get (`none` when there are none). */
function worst(before: unknown, after: unknown, direction: Direction): string {
  const order = ['breaking', 'risky', 'routing', 'additive', 'cosmetic']
  const severities = findingsOf(before, after, direction).map((f) => severityOf(f, direction))
  return severities.sort((x, y) => order.indexOf(x) - order.indexOf(y))[0] ?? 'none'
}

describe('edits that change which keys and items a keyword covers are judged by what they cover', () => {
  test('an allOf member removed beside unevaluatedProperties: false is the one property it evaluated, removed', () => {
    const before = obj({ allOf: [{ properties: { a: true } }, { properties: { c: true } }], unevaluatedProperties: false })
    const after = obj({ allOf: [{ properties: { a: true } }], unevaluatedProperties: false })
    expect(findingsOf(before, after)).toEqual([{ kind: 'argument-removed', path: ['c'], relation: 'narrowed', before: true, details: { required: false, openObject: false } }])
  })

  test.each(misses.map((m) => [m.title, m] as const))('%s', (_, miss) => {
    for (const value of miss.lost ?? []) {
      expect(ajvAccepts(canon(miss.before), value), `old accepts ${JSON.stringify(value)}`).toBe(true)
      expect(ajvAccepts(canon(miss.after), value), `new rejects ${JSON.stringify(value)}`).toBe(false)
    }
    for (const value of miss.gained ?? []) {
      expect(ajvAccepts(canon(miss.after), value), `new accepts ${JSON.stringify(value)}`).toBe(true)
      expect(ajvAccepts(canon(miss.before), value), `old rejects ${JSON.stringify(value)}`).toBe(false)
    }
    // The raw schemas agree with the canonical ones on the examples.
    for (const value of [...(miss.lost ?? []), ...(miss.gained ?? [])]) {
      expect(ajvAccepts(miss.before as never, value)).toBe(ajvAccepts(canon(miss.before), value))
      expect(ajvAccepts(miss.after as never, value)).toBe(ajvAccepts(canon(miss.after), value))
    }
    expect(worst(miss.before, miss.after, miss.direction), JSON.stringify(findingsOf(miss.before, miss.after, miss.direction))).toBe(miss.severity)
  })
})

/** Spellings that accept exactly the same values: no finding either way. */
const same: { title: string; spellings: unknown[]; values: unknown[]; draft07?: boolean }[] = [
  { title: 'not: {not: X} ≡ X', spellings: [{ not: { not: str } }, str], values: ['a', 1, null] },
  {
    title: 'dependentRequired ≡ dependentSchemas required ≡ if required / then required',
    spellings: [obj({ dependentRequired: { a: ['b'] } }), obj({ dependentSchemas: { a: { required: ['b'] } } }), obj({ if: { required: ['a'] }, then: { required: ['b'] } })],
    values: [{ a: 1 }, { a: 1, b: 1 }, { b: 1 }, {}],
  },
  { title: "draft-07 dependencies, both forms", spellings: [obj({ dependencies: { a: ['b'] } }), obj({ dependencies: { a: { required: ['b'] } } }), obj({ dependentRequired: { a: ['b'] } })], values: [{ a: 1 }, { a: 1, b: 1 }], draft07: true },
  { title: 'additionalProperties: false ≡ unevaluatedProperties: false with nothing composed', spellings: [obj({ properties: { a: str }, additionalProperties: false }), obj({ properties: { a: str }, unevaluatedProperties: false })], values: [{ a: 'x' }, { b: 1 }] },
  { title: 'items: false ≡ maxItems: n after an n-slot tuple', spellings: [arr({ prefixItems: [str, num], items: false }), arr({ prefixItems: [str, num], maxItems: 2 })], values: [['a', 1], ['a', 1, 2], ['a']] },
  { title: 'prefixItems [{type: string}] beside unevaluatedItems: {type: string}', spellings: [arr({ unevaluatedItems: str }), arr({ prefixItems: [str], unevaluatedItems: str })], values: [['a'], [1], []] },
  { title: 'properties: {foo: false} on a closed object', spellings: [obj({ properties: { a: str, foo: false }, additionalProperties: false }), obj({ properties: { a: str }, additionalProperties: false })], values: [{ foo: 1 }, { a: 'x' }] },
  {
    title: 'a pattern that covers only listed names, and says nothing they do not already say',
    spellings: [
      obj({ properties: { a: { type: 'string', maxLength: 5 } }, additionalProperties: false }),
      obj({ properties: { a: { type: 'string', maxLength: 5 } }, patternProperties: { '^a$': str }, additionalProperties: false }),
    ],
    values: [{ a: 'x' }, { a: 'toolong' }, { a: 1 }, { b: 1 }, {}],
  },
  {
    title: 'a pattern over two listed names, open object',
    spellings: [
      obj({ properties: { id: num, ix: num }, required: ['id'] }),
      obj({ properties: { id: num, ix: num }, required: ['id'], patternProperties: { '^i[dx]$': num } }),
    ],
    values: [{ id: 1 }, { id: 1, ix: 'a' }, { id: 1, iy: 'a' }],
  },
]

describe('spellings that accept the same values give no finding', () => {
  test.each(same.map((s) => [s.title, s] as const))('%s', (_, row) => {
    for (const value of row.values) {
      const verdicts = row.spellings.map((s) => (row.draft07 && JSON.stringify(s).includes('dependencies') ? ajv07.validate(s as object, value) : ajvAccepts(canon(s), value)))
      expect(new Set(verdicts).size, `${JSON.stringify(value)}: ${JSON.stringify(verdicts)}`).toBe(1)
    }
    for (const a of row.spellings) {
      for (const b of row.spellings) {
        for (const direction of ['input', 'output'] as const) expect(findingsOf(a, b, direction), `${JSON.stringify(a)} → ${JSON.stringify(b)}`).toEqual([])
      }
    }
  })
})

// Why no clock here: the region caps are what keeps this fast (bench/ measures it); a test pins the verdict past them.
describe('pattern regions past their caps answer risky', () => {
  test('forty overlapping patterns changed: risky', () => {
    const patterns = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`^${String.fromCharCode(97 + (i % 26))}.{${i % 5}}`, num]))
    const before = obj({ patternProperties: patterns(40), additionalProperties: false })
    const after = obj({ patternProperties: { ...patterns(40), '^q': str }, additionalProperties: false })
    expect(worst(before, after, 'input')).toBe('risky')
  })

  test('twelve unanchored patterns that all overlap: past the region cap, risky', () => {
    const patterns = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [String.fromCharCode(97 + i), num]))
    const before = obj({ patternProperties: patterns, additionalProperties: false })
    const after = obj({ patternProperties: { ...patterns, '^[a-f]+$': str }, additionalProperties: false })
    expect(worst(before, after, 'input')).toBe('risky')
  })
})
