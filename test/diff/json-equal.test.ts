import { isDeepStrictEqual } from 'node:util'
import { expect, test } from 'vitest'
import { jsonEqual } from '../../src/diff/json-equal.js'

test.each([
  { title: 'same primitives', a: 1, b: 1, equal: true },
  { title: 'number vs string', a: 1, b: '1', equal: false },
  { title: 'null vs object', a: null, b: {}, equal: false },
  { title: 'key order ignored', a: { a: 1, b: [1, { c: 2 }] }, b: { b: [1, { c: 2 }], a: 1 }, equal: true },
  { title: 'array order matters', a: [1, 2], b: [2, 1], equal: false },
  { title: 'array vs object with index keys', a: [1], b: { 0: 1 }, equal: false },
  { title: 'extra key', a: { a: 1 }, b: { a: 1, b: 2 }, equal: false },
  { title: 'missing key vs undefined member', a: { a: 1, b: undefined }, b: { a: 1 }, equal: true },
  { title: 'same key count, different keys', a: { a: 1, b: undefined }, b: { a: 1, c: 2 }, equal: false },
  { title: 'nested difference', a: { p: { q: { r: [true] } } }, b: { p: { q: { r: [false] } } }, equal: false },
])('$title', ({ a, b, equal }) => {
  expect(jsonEqual(a, b)).toBe(equal)
  expect(jsonEqual(b, a)).toBe(equal)
  // Why: on JSON (where undefined members vanish) it must agree with Node's own deep equality.
  const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown
  expect(isDeepStrictEqual(roundTrip(a), roundTrip(b))).toBe(equal)
})
