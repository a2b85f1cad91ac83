import { describe, expect, test } from 'vitest'
import { canonicalJson, valueKey } from '../../src/schema/keywords.js'
import { findingsOf } from './support.js'

/** The canonical text built piece by piece, as the engine wrote it before native JSON was used for sorted values. */
function reference(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort()
    return `{${keys.map((k) => `${JSON.stringify(k)}:${reference((value as Record<string, unknown>)[k])}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

describe('canonical JSON text: native where keys are sorted, rebuilt where they are not', () => {
  const values: [string, unknown][] = [
    ['sorted keys', { a: 1, b: [{ c: null, d: 'x' }] }],
    ['unsorted keys deep inside sorted ones', { a: [{ z: 1, y: 2 }], b: { d: { f: 1, e: 2 } } }],
    ['keys that look like array indexes (enumerated before the others)', { b: 1, '10': 2, '9': 3, a: { '2': 0, '1': 1 } }],
    ['undefined members, which native JSON drops or turns into null', { a: undefined, b: [undefined, 1] }],
    ['numbers native JSON rewrites', { a: -0, b: 1e400, c: Number.NaN }],
    ['a sorted tree deeper than the quick check walks', nest(300, { b: 1, a: 2 })],
  ]
  test.each(values)('%s', (_, value) => expect(canonicalJson(value)).toBe(reference(value)))

  test('a value equal to a sorted one gets the same text whatever its key order', () => {
    expect(canonicalJson({ type: 'object', properties: { b: true, a: false } })).toBe(canonicalJson({ properties: { a: false, b: true }, type: 'object' }))
  })
})

function nest(levels: number, leaf: unknown): unknown {
  let value = leaf
  for (let i = 0; i < levels; i++) value = { a: value, b: [i] }
  return value
}

describe('value keys: a string keyed as itself never meets another value', () => {
  // Each pair is two different values whose keys could meet if strings were not told apart.
  const pairs: [unknown, unknown][] = [
    ['1', 1],
    ['-1', -1],
    ['null', null],
    ['true', true],
    ['false', false],
    ['"a"', 'a'],
    ['{}', {}],
    ['[1]', [1]],
    ['', '""'],
    ['no', '"no"'],
  ]
  test.each(pairs)('%j and %j have different keys and are different enum members', (left, right) => {
    expect(valueKey(left)).not.toBe(valueKey(right))
    expect(findingsOf({ enum: [left] }, { enum: [right] }).map((f) => f.kind)).toEqual(['schema-enum-changed'])
  })

  test('equal values have equal keys; a plain string is its own key', () => {
    expect(valueKey({ b: 1, a: 2 })).toBe(valueKey({ a: 2, b: 1 }))
    expect(valueKey('value_1')).toBe('value_1')
  })
})
