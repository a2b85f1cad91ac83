import { describe, expect, test } from 'vitest'
import { compareSchemas } from '../../src/schema/compare-schemas.js'
import { canonicalizeSchema } from '../../src/schema/canonicalize-schema.js'
import { ajvAccepts } from './support.js'

/** A small seeded generator, so every run checks the same schemas. */
function generator(seed: number) {
  let state = seed
  const random = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff
    return state / 0x7fffffff
  }
  const pick = <T,>(items: T[]): T => items[Math.floor(random() * items.length)]
  const types = ['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']
  const schema = (depth: number): Record<string, unknown> | boolean => {
    if (depth > 2 || random() < 0.15) return pick<Record<string, unknown> | boolean>([true, {}, { type: pick(types) }, { const: pick([1, 'a', null, true]) }])
    const s: Record<string, unknown> = {}
    if (random() < 0.7) s.type = random() < 0.7 ? pick(types) : [pick(types), pick(types)]
    if (random() < 0.15) s.enum = [pick([1, 2, 'a', 'b', null, 1.5, true]), pick([1, 2, 'a', null])]
    if (random() < 0.2) s.minimum = pick([0, 1, 1.5, -2])
    if (random() < 0.2) s.maximum = pick([3, 5.5, 10])
    if (random() < 0.1) s.exclusiveMinimum = pick([0, 2])
    if (random() < 0.1) s.multipleOf = pick([0.5, 2, 3])
    if (random() < 0.2) s.minLength = pick([0, 1, 2])
    if (random() < 0.1) s.pattern = pick(['^a', '.*', 'b$'])
    if (random() < 0.3) s.properties = { a: schema(depth + 1), b: schema(depth + 1) }
    if (random() < 0.2) s.required = [pick(['a', 'b', 'c'])]
    if (random() < 0.15) s.additionalProperties = pick([false, true, schema(depth + 1)])
    if (random() < 0.2) s.items = schema(depth + 1)
    if (random() < 0.1) s.prefixItems = [schema(depth + 1)]
    if (random() < 0.1) s.uniqueItems = true
    if (random() < 0.15) s.anyOf = [schema(depth + 1), schema(depth + 1)]
    if (random() < 0.1) s.oneOf = [schema(depth + 1), schema(depth + 1)]
    if (random() < 0.1) s.allOf = [schema(depth + 1), schema(depth + 1)]
    if (random() < 0.05) s.not = schema(depth + 1)
    return s
  }
  const mutate = (x: unknown): unknown => {
    if (typeof x !== 'object' || x === null) return schema(2)
    const y = structuredClone(x) as Record<string, unknown>
    const keys = Object.keys(y)
    const roll = random()
    if (roll < 0.3 && keys.length > 0) delete y[pick(keys)]
    else if (roll < 0.6) {
      const extra = schema(1)
      const extraKeys = typeof extra === 'object' ? Object.keys(extra) : []
      const key = extraKeys.length > 0 ? pick(extraKeys) : 'type'
      y[key] = typeof extra === 'object' && key in extra ? extra[key] : pick(types)
    } else if (typeof y.properties === 'object' && y.properties !== null) {
      const properties = y.properties as Record<string, unknown>
      const name = pick(Object.keys(properties))
      properties[name] = mutate(properties[name])
    } else y.type = pick(types)
    return y
  }
  return { schema: () => schema(0), mutate }
}

/** The generator can write schemas the meta-schema rejects (`type: ['string', 'string']`); Ajv refuses those. */
function ajvCompiles(schema: unknown): boolean {
  try {
    ajvAccepts(schema as never, null)
    return true
  } catch {
    return false
  }
}

const VALUES = [0, 1, 2, 3, 1.5, -2, 10, 'a', '', 'ab', 'ba', null, true, false, [], [1], ['a'], [1, 1], ['a', 1], [null], {}, { a: 1 }, { a: 'a' }, { b: null }, { a: 1, b: 2 }, { c: 1 }, { a: [1] }, { a: {} }, { a: null }, { b: 'a' }]

describe.each([1, 2, 3])('seeded random schemas (seed %i)', (seed) => {
  test('canonicalization keeps what a schema accepts, and is idempotent', () => {
    const { schema } = generator(seed)
    for (let i = 0; i < 300; i++) {
      const raw = schema()
      const canonical = canonicalizeSchema(raw).schema
      expect(canonicalizeSchema(canonical).schema).toEqual(canonical)
      if (!ajvCompiles(raw)) continue
      for (const value of VALUES) expect(ajvAccepts(canonical, value), `${JSON.stringify(raw)} on ${JSON.stringify(value)}`).toBe(ajvAccepts(raw as never, value))
    }
  })

  test('an edit that loses (gains) a value always has a finding that can lose (gain) it', () => {
    const { schema, mutate } = generator(seed + 100)
    const canLose = new Set(['narrowed', 'incomparable', 'unknown'])
    const canGain = new Set(['widened', 'incomparable', 'unknown'])
    for (let i = 0; i < 300; i++) {
      const raw = schema()
      const before = canonicalizeSchema(raw).schema
      const after = canonicalizeSchema(mutate(raw)).schema
      const findings = compareSchemas(before, after, { direction: 'input' }).findings
      const lost = VALUES.some((v) => ajvAccepts(before, v) && !ajvAccepts(after, v))
      const gained = VALUES.some((v) => !ajvAccepts(before, v) && ajvAccepts(after, v))
      const context = `${JSON.stringify(before)} → ${JSON.stringify(after)}: ${JSON.stringify(findings)}`
      if (lost) expect(findings.some((f) => canLose.has(f.relation)), context).toBe(true)
      if (gained) expect(findings.some((f) => canGain.has(f.relation)), context).toBe(true)
      expect(compareSchemas(before, structuredClone(before), { direction: 'output' }).findings).toEqual([])
    }
  })
})
