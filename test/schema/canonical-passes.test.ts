import { describe, expect, test } from 'vitest'
import { sortTexts } from '../../src/schema/keywords.js'
import { canonicalizeSchema } from '../../src/schema/canonicalize-schema.js'

describe('sortTexts orders like Array.prototype.sort', () => {
  test.each([
    { title: 'empty', input: [] },
    { title: 'one key', input: ['type'] },
    { title: 'zod key order', input: ['type', 'properties', 'required', 'additionalProperties'] },
    { title: 'integer-like keys sort as text', input: ['9', '10', 'a', 'B', '_'] },
    { title: 'non-ASCII by UTF-16 code units', input: ['é', 'e\u0301', 'z', '\u{1F600}', '\uFFFF'] },
    { title: 'more keys than the insertion sort takes', input: Array.from({ length: 40 }, (_, i) => `k${(i * 7919) % 40}`) },
  ])('$title', ({ input }) => {
    expect(sortTexts([...input])).toEqual([...input].sort())
  })
})

// Why: passes are skipped when no keyword of a node can give them work; a keyword rewritten to
// another (tuple `items` to `prefixItems`, …) must still wake the passes of what it becomes.
describe('rewritten keywords still reach the passes that read them', () => {
  test.each([
    { title: 'tuple items: trailing true slots trimmed', input: { type: 'array', items: [{ type: 'string' }, {}] }, output: { prefixItems: [{ type: 'string' }], type: 'array' } },
    { title: 'additionalItems: true beside a tuple dropped', input: { type: 'array', items: [{ type: 'string' }], additionalItems: {} }, output: { prefixItems: [{ type: 'string' }], type: 'array' } },
    { title: 'dependencies names sorted', input: { type: 'object', dependencies: { a: ['c', 'b', 'c'] } }, output: { dependentRequired: { a: ['b', 'c'] }, type: 'object' } },
    { title: 'dependencies on a string dropped', input: { type: 'string', dependencies: { a: ['b'] } }, output: { type: 'string' } },
    { title: 'draft-04 exclusive bound on an integer', input: { type: 'integer', minimum: 1, exclusiveMinimum: true }, output: { minimum: 2, type: 'integer' } },
    { title: 'nullable enum', input: { type: 'string', enum: ['a'], nullable: true }, output: { enum: ['a', null] } },
    { title: 'const beside a bound it fails', input: { type: 'number', const: 5, maximum: 3 }, output: false },
    { title: 'a leaf with nothing to do', input: { type: 'string' }, output: { type: 'string' } },
  ])('$title', ({ input, output }) => {
    expect(canonicalizeSchema(input).schema).toEqual(output)
  })
})
