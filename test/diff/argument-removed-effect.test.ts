import { describe, expect, test } from 'vitest'
import { diffSurfaces } from '../../src/diff/diff-surfaces.js'
import { changeSentence } from '../../src/report/describe-change.js'
import type { Schema } from '../../src/surface/types.js'
import { surface, tool } from '../support/build-surface.js'

const removed = (before: Schema, after: Schema, policy = {}) =>
  diffSurfaces(surface({ tools: [tool('search', { inputSchema: before })] }), surface({ tools: [tool('search', { inputSchema: after })] }), policy)
    .changes.filter((change) => change.kind === 'argument-removed')
    .map(changeSentence)

// A removed argument's reason names the one case the schema decides, never both.
describe('argument-removed says what the schema decides', () => {
  test.each([
    {
      title: 'required, open object: the server no longer reads what every call sends',
      before: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
      after: { type: 'object', properties: {} },
      expected: ['search → q: argument removed; every call sends a value the server no longer reads (it was required)'],
    },
    {
      title: 'required, closed object: every call is rejected',
      before: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'], additionalProperties: false },
      after: { type: 'object', properties: {}, additionalProperties: false },
      expected: ['search → q: argument removed; every call sends it (it was required), and the object now refuses it: every call is rejected'],
    },
    {
      title: 'optional, closed object: calls that send it are rejected',
      before: { type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer' } }, additionalProperties: false },
      after: { type: 'object', properties: { q: { type: 'string' } }, additionalProperties: false },
      expected: ['search → limit: argument removed; calls that send it are now rejected (the object refuses undeclared keys)'],
    },
    {
      title: 'optional, undeclared keys now judged by additionalProperties',
      before: { type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer' } }, additionalProperties: { type: 'string' } },
      after: { type: 'object', properties: { q: { type: 'string' } }, additionalProperties: { type: 'string' } },
      expected: ['search → limit: argument removed; calls that send it may now be rejected (additionalProperties now decides what it may be)'],
    },
    {
      title: 'optional, open object: risky, the reason of its severity',
      before: { type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer' } } },
      after: { type: 'object', properties: { q: { type: 'string' } } },
      expected: ['search → limit: argument removed; calls that send it still validate (the object accepts undeclared keys), but the server no longer reads it'],
    },
  ] as { title: string; before: Schema; after: Schema; expected: string[] }[])('$title', ({ before, after, expected }) => {
    expect(removed(before, after)).toEqual(expected)
  })

  test('optional, open object under contentModel strict: breaking, and says why', () => {
    const before: Schema = { type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer' } } }
    const after: Schema = { type: 'object', properties: { q: { type: 'string' } } }
    expect(removed(before, after, { contentModel: 'strict' })).toEqual([
      'search → limit: argument removed; calls that send it still validate (the object accepts undeclared keys), but the server no longer reads it (breaking under contentModel strict)',
    ])
  })
})
