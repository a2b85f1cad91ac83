import { expect, test } from 'vitest'
import { decodePointerSegment, encodePointerSegment, pointerSegments } from '../../src/schema/json-pointer.js'

// RFC 6901 §5's document keys, each with the token a pointer writes for it.
test.each([
  ['foo', 'foo'],
  ['a/b', 'a~1b'],
  ['m~n', 'm~0n'],
  ['~1', '~01'],
  ['', ''],
  ['c%d', 'c%d'],
])('%j is written %j and read back', (key, token) => {
  expect(encodePointerSegment(key)).toBe(token)
  expect(decodePointerSegment(token)).toBe(key)
})

test.each([
  ['', []],
  ['/', ['']],
  ['/foo/0', ['foo', '0']],
  ['/a~1b/m~0n/~01', ['a/b', 'm~n', '~1']],
])('pointer %j has tokens %j', (pointer, tokens) => {
  expect(pointerSegments(pointer)).toEqual(tokens)
})
