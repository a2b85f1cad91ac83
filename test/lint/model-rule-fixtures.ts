import type { RawLists, RuleFixture } from './rule-fixtures.js'

const tools = (...list: Record<string, unknown>[]): RawLists => ({ tools: list })
const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra })
const named = (name: string) => tools({ name, inputSchema: object({}) })
const input = (inputSchema: Record<string, unknown>) => tools({ name: 'search', inputSchema })

const openaiRules = (profile: 'openai' | 'openai-strict'): RuleFixture[] => [
  {
    profile,
    rule: 'tool-name-format',
    title: 'a dot, a space or a colon, or 65 characters',
    violates: [named('get.items'), named('get items:v2'), named('a'.repeat(65))],
    satisfies: named('get_items-v2'),
  },
  {
    profile,
    rule: 'tool-parameters-object-root',
    title: 'a root anyOf without type "object"',
    violates: [input({ anyOf: [object({ a: { type: 'string' } }), object({ b: { type: 'string' } })] })],
    satisfies: input(object({ a: { type: 'string' } }, profile === 'openai-strict' ? { required: ['a'], additionalProperties: false } : {})),
  },
]

/** The model API profiles' rules, with fixtures (the public reports behind them: test/lint/model-profiles.test.ts). */
export const MODEL_RULE_FIXTURES: RuleFixture[] = [
  {
    profile: 'anthropic',
    rule: 'tool-input-schema-root-combinator',
    title: 'oneOf, allOf or anyOf at the root',
    violates: ['oneOf', 'allOf', 'anyOf'].map((keyword) => input(object({ a: { type: 'string' } }, { [keyword]: [{ required: ['a'] }] }))),
    satisfies: input(object({ a: { type: 'string' }, b: { anyOf: [{ type: 'string' }, { type: 'number' }] } }, { if: { required: ['a'] }, then: { not: { required: ['b'] } } })),
  },
  {
    profile: 'anthropic',
    rule: 'tool-name-format',
    title: 'a dot, a space or a colon, or 129 characters',
    violates: [named('get.items'), named('get items:v2'), named('a'.repeat(129))],
    satisfies: named('a'.repeat(128)),
  },
  ...openaiRules('openai'),
  ...openaiRules('openai-strict'),
  {
    profile: 'openai-strict',
    rule: 'tool-parameters-closed-objects',
    title: 'an object, at any depth, without additionalProperties: false',
    violates: [input(object({ a: { type: 'string' } }, { required: ['a'] })), input(object({ a: object({ b: { type: 'string' } }, { required: ['b'] }) }, { required: ['a'], additionalProperties: false }))],
    satisfies: input(object({ a: object({ b: { type: 'string' } }, { required: ['b'], additionalProperties: false }) }, { required: ['a'], additionalProperties: false })),
  },
  {
    profile: 'openai-strict',
    rule: 'tool-parameters-all-required',
    title: 'a property left out of required',
    violates: [input(object({ a: { type: 'string' }, b: { type: 'string' } }, { required: ['a'], additionalProperties: false }))],
    satisfies: input(object({ a: { type: 'string' }, b: { type: ['string', 'null'] } }, { required: ['a', 'b'], additionalProperties: false })),
  },
  ...(['gemini', 'gemini-json-schema'] as const).map(
    (profile): RuleFixture => ({
      profile,
      rule: 'tool-name-format',
      title: 'a leading digit or hyphen, a space, or 65 characters',
      violates: [named('3d_view'), named('-view'), named('get items'), named('a'.repeat(65))],
      satisfies: named('mcp.get_items:v2-beta'),
    }),
  ),
  {
    profile: 'gemini',
    rule: 'tool-parameters-json-schema-fields',
    title: '$schema or additionalProperties, at any depth',
    violates: [input(object({}, { $schema: 'http://json-schema.org/draft-07/schema#' })), input(object({ a: object({}, { additionalProperties: false }) }))],
    satisfies: input(object({ a: object({ b: { type: 'string' } }) })),
  },
  {
    profile: 'gemini',
    rule: 'tool-parameters-unsupported-keywords',
    title: 'const, exclusiveMinimum or propertyNames, inside anyOf too',
    violates: [input(object({ a: { anyOf: [{ const: 'x' }] } })), input(object({ n: { type: 'number', exclusiveMinimum: 0 } })), input(object({ m: { type: 'object', propertyNames: { pattern: '^a' } } }))],
    satisfies: input(object({ a: { type: 'string', enum: ['x'] }, n: { type: 'number', minimum: 1 }, const: { type: 'string' } })),
  },
  {
    profile: 'gemini',
    rule: 'tool-parameters-type-list',
    title: 'a type list, in items too',
    violates: [input(object({ a: { type: ['string', 'null'] } })), input(object({ rows: { type: 'array', items: { type: ['object', 'null'] } } }))],
    satisfies: input(object({ a: { type: 'string', nullable: true } })),
  },
]
