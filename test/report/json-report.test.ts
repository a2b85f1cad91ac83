import { describe, expect, test } from 'vitest'
import { diffSurfaces } from '../../src/diff/diff-surfaces.js'
import { KINDS } from '../../src/diff/registry.js'
import type { Policy } from '../../src/diff/policy.js'
import { toJsonReport } from '../../src/report/format-report.js'
import type { Json, Schema, Surface, SurfaceTool } from '../../src/surface/types.js'
import { objectSchema, prompt, surface, tool } from '../support/build-surface.js'

/** A tool `t` whose argument `v` has the given schema. */
const withArgument = (schema: unknown): Surface => surface({ tools: [tool('t', { inputSchema: objectSchema({ v: schema as Schema }) })] })
const withTool = (fields: Partial<SurfaceTool>): Surface => surface({ tools: [tool('t', fields as never)] })
const withResource = (mimeType: string, title: string): Surface =>
  surface({ resources: [{ uri: 'file:///a', name: 'a', title, mimeType }], resourceTemplates: [{ uriTemplate: 'file:///{x}', name: 'x', title, mimeType }] })

interface MovedRow {
  kind: string
  before: Surface
  after: Surface
  /** The two sides as the JSON report prints them (JSON values, not JSON text); `null` where that side had none. */
  expected: [Json | null, Json | null]
  /** The policy the kind needs to be reported at all (a token budget). */
  policy?: Policy
}

// One row per kind that moves a value; a kind marked `movesValue` without a row fails the first test.
const rows: MovedRow[] = [
  { kind: 'tool-description-changed', before: withTool({ description: 'Find.' }), after: withTool({ description: 'Find by text.' }), expected: ['Find.', 'Find by text.'] },
  { kind: 'tool-title-changed', before: withTool({}), after: withTool({ title: 'Search' }), expected: [null, 'Search'] },
  { kind: 'tool-renamed', before: surface({ tools: [tool('find', { inputSchema: objectSchema({ q: { type: 'string' } }) })] }), after: surface({ tools: [tool('search', { inputSchema: objectSchema({ q: { type: 'string' } }) })] }), expected: ['find', 'search'] },
  { kind: 'hint-reversed', before: withTool({ hints: { readOnlyHint: true } } as never), after: withTool({}), expected: [true, false] },
  { kind: 'hint-relaxed', before: withTool({}), after: withTool({ hints: { openWorldHint: false } } as never), expected: [true, false] },
  { kind: 'task-support-changed', before: withTool({}), after: withTool({ taskSupport: 'optional' }), expected: ['forbidden', 'optional'] },
  { kind: 'argument-now-required', before: withTool({ inputSchema: objectSchema({ q: { type: 'string' } }) }), after: withTool({ inputSchema: objectSchema({ q: { type: 'string' } }, ['q']) }), expected: ['optional', 'required'] },
  { kind: 'argument-now-optional', before: withTool({ inputSchema: objectSchema({ q: { type: 'string' } }, ['q']) }), after: withTool({ inputSchema: objectSchema({ q: { type: 'string' } }) }), expected: ['required', 'optional'] },
  { kind: 'output-field-now-required', before: withTool({ outputSchema: objectSchema({ id: { type: 'string' } }) }), after: withTool({ outputSchema: objectSchema({ id: { type: 'string' } }, ['id']) }), expected: ['optional', 'required'] },
  { kind: 'output-field-now-optional', before: withTool({ outputSchema: objectSchema({ id: { type: 'string' } }, ['id']) }), after: withTool({ outputSchema: objectSchema({ id: { type: 'string' } }) }), expected: ['required', 'optional'] },
  { kind: 'argument-header-renamed', before: withTool({ inputSchema: objectSchema({ region: { type: 'string' } }), headers: { region: 'Region' } }), after: withTool({ inputSchema: objectSchema({ region: { type: 'string' } }), headers: { region: 'X-Region' } }), expected: ['Region', 'X-Region'] },
  { kind: 'argument-description-changed', before: withArgument({ type: 'string', description: 'a date' }), after: withArgument({ type: 'string', description: 'an ISO date' }), expected: ['a date', 'an ISO date'] },
  { kind: 'schema-type-changed', before: withArgument({ type: 'integer' }), after: withArgument({ type: 'string' }), expected: ['integer', 'string'] },
  { kind: 'schema-enum-changed', before: withArgument({ enum: ['a', 'b'] }), after: withArgument({ enum: ['a', 'c'] }), expected: [['a', 'b'], ['a', 'c']] },
  { kind: 'schema-bound-changed', before: withArgument({ type: 'number', maximum: 10 }), after: withArgument({ type: 'number', maximum: 5 }), expected: [10, 5] },
  { kind: 'schema-safe-integer-bound-changed', before: withArgument({ type: 'integer' }), after: withArgument({ type: 'integer', maximum: 9007199254740991 }), expected: [null, 9007199254740991] },
  { kind: 'schema-pattern-changed', before: withArgument({ type: 'string', pattern: '^a' }), after: withArgument({ type: 'string', pattern: '^b' }), expected: ['^a', '^b'] },
  { kind: 'schema-format-changed', before: withArgument({ type: 'string', format: 'email' }), after: withArgument({ type: 'string', format: 'uri' }), expected: ['email', 'uri'] },
  { kind: 'schema-constraint-changed', before: withArgument({ type: 'number', multipleOf: 10 }), after: withArgument({ type: 'number', multipleOf: 11 }), expected: [10, 11] },
  { kind: 'schema-additional-properties-changed', before: withArgument({ type: 'object', additionalProperties: false }), after: withArgument({ type: 'object' }), expected: [false, true] },
  { kind: 'schema-composition-changed', before: withArgument({ oneOf: [objectSchema({ x: { type: 'string' } }), objectSchema({ y: { type: 'string' } })] }), after: withArgument({ anyOf: [objectSchema({ x: { type: 'string' } }), objectSchema({ y: { type: 'string' } })] }), expected: ['oneOf', 'anyOf'] },
  { kind: 'schema-default-changed', before: withArgument({ type: 'integer', default: 10 }), after: withArgument({ type: 'integer', default: 50 }), expected: [10, 50] },
  { kind: 'schema-deprecated-changed', before: withArgument({ type: 'string' }), after: withArgument({ type: 'string', deprecated: true }), expected: [null, true] },
  { kind: 'schema-annotation-changed', before: withArgument({ type: 'string', title: 'A' }), after: withArgument({ type: 'string', title: 'B' }), expected: ['A', 'B'] },
  { kind: 'schema-keyword-changed', before: withArgument({ type: 'string', vendorRank: 'a' }), after: withArgument({ type: 'string', vendorRank: 'b' }), expected: ['a', 'b'] },
  { kind: 'schema-producer-hint-changed', before: withArgument({ type: 'string', contentMediaType: 'a' }), after: withArgument({ type: 'string', contentMediaType: 'b' }), expected: ['a', 'b'] },
  { kind: 'schema-reference-changed', before: withArgument({ $ref: 'https://example.com/a.json' }), after: withArgument({ $ref: 'https://example.com/b.json' }), expected: ['https://example.com/a.json', 'https://example.com/b.json'] },
  { kind: 'prompt-title-changed', before: surface({ prompts: [prompt('p')] }), after: surface({ prompts: [prompt('p', [], { title: 'P' })] }), expected: [null, 'P'] },
  { kind: 'prompt-description-changed', before: surface({ prompts: [prompt('p', [], { description: 'a' })] }), after: surface({ prompts: [prompt('p', [], { description: 'b' })] }), expected: ['a', 'b'] },
  { kind: 'prompt-argument-description-changed', before: surface({ prompts: [prompt('p', [], { arguments: [{ name: 'x', required: false, description: 'a' }] })] }), after: surface({ prompts: [prompt('p', [], { arguments: [{ name: 'x', required: false, description: 'b' }] })] }), expected: ['a', 'b'] },
  { kind: 'prompt-argument-now-required', before: surface({ prompts: [prompt('p', ['x'])] }), after: surface({ prompts: [prompt('p', ['x!'])] }), expected: ['optional', 'required'] },
  { kind: 'prompt-argument-now-optional', before: surface({ prompts: [prompt('p', ['x!'])] }), after: surface({ prompts: [prompt('p', ['x'])] }), expected: ['required', 'optional'] },
  { kind: 'resource-mime-type-changed', before: withResource('text/plain', 'A'), after: withResource('text/csv', 'A'), expected: ['text/plain', 'text/csv'] },
  { kind: 'resource-template-mime-type-changed', before: withResource('text/plain', 'A'), after: withResource('text/csv', 'A'), expected: ['text/plain', 'text/csv'] },
  { kind: 'resource-metadata-changed', before: withResource('text/plain', 'A'), after: withResource('text/plain', 'B'), expected: ['A', 'B'] },
  { kind: 'resource-template-metadata-changed', before: withResource('text/plain', 'A'), after: withResource('text/plain', 'B'), expected: ['A', 'B'] },
  { kind: 'server-identity-changed', before: surface(), after: surface({ server: { name: 'demo', title: 'Demo', capabilities: { tools: {} } } }), expected: [null, 'Demo'] },
  { kind: 'server-instructions-changed', before: surface({ server: { name: 'demo', capabilities: { tools: {} }, instructions: 'a' } }), after: surface(), expected: ['a', null] },
  { kind: 'server-token-budget-exceeded', before: withTool({ description: 'Find.' }), after: withTool({ description: 'Find products by name, brand or colour, newest first.' }), policy: { tokenBudget: { growth: 0 } }, expected: [16, 26] },
  { kind: 'server-cache-scope-changed', before: surface({ cacheScope: { tools: 'public' } }), after: surface({ cacheScope: { tools: 'private' } }), expected: ['public', 'private'] },
]

describe('every change that moves a value carries both before and after in the JSON report', () => {
  test('each kind marked movesValue has a row here, and each row is such a kind', () => {
    const marked = KINDS.filter((kind) => kind.movesValue === true && kind.deprecated !== true).map((kind) => kind.id)
    expect(rows.map((row) => row.kind).sort()).toEqual([...marked].sort())
  })

  test.each(rows)('$kind', ({ kind, before, after, expected, policy }) => {
    const changes = toJsonReport(diffSurfaces(before, after, policy)).changes.filter((change) => change.kind === kind)
    expect(changes).toHaveLength(1)
    expect(changes[0]).toHaveProperty('before')
    expect(changes[0]).toHaveProperty('after')
    expect([changes[0].before, changes[0].after]).toEqual(expected)
  })

  test('a value that is not text stays a JSON value, and a side without one is null', () => {
    const [removed] = toJsonReport(diffSurfaces(withArgument({ type: 'string', maxLength: 3 }), withTool({ inputSchema: objectSchema({}) }))).changes
    expect(removed).toMatchObject({ kind: 'argument-removed', path: 'v', before: { type: 'string', maxLength: 3 }, after: null })
    const [bound] = toJsonReport(diffSurfaces(withArgument({ type: 'number', maximum: 10 }), withArgument({ type: 'number', maximum: 5 }))).changes
    expect(JSON.stringify({ before: bound.before, after: bound.after })).toBe('{"before":10,"after":5}')
  })

  test('a change that moves no value (a tool removed) prints neither', () => {
    const [change] = toJsonReport(diffSurfaces(withTool({}), surface())).changes
    expect(change.kind).toBe('tool-removed')
    expect(change).not.toHaveProperty('before')
    expect(change).not.toHaveProperty('after')
  })
})
