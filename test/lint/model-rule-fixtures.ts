import type { RawLists, RuleFixture } from './rule-fixtures.js'

const tools = (...list: Record<string, unknown>[]): RawLists => ({ tools: list })
const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra })
/** An object schema every model profile but `gemini` accepts: closed, every property required (the spelling openai-strict needs). */
const closed = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => object(properties, { required: Object.keys(properties), additionalProperties: false, ...extra })
const named = (name: string) => tools({ name, inputSchema: closed({}) })
const input = (inputSchema: Record<string, unknown>) => tools({ name: 'search', inputSchema })
const many = (count: number) => ({ tools: Array.from({ length: count }, (_, index) => ({ name: `tool_${index}`, inputSchema: closed({}) })) })
const nested = (depth: number): Record<string, unknown> => (depth === 0 ? { type: 'string' } : closed({ a: nested(depth - 1) }))

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
    satisfies: input(closed({ a: { type: 'string' } })),
  },
  {
    profile,
    rule: 'tool-parameters-array-items',
    title: 'an array without items, at any depth',
    violates: [input(closed({ tags: { type: 'array' } })), input(closed({ rows: { type: 'array', items: closed({ ids: { type: 'array' } }) } }))],
    satisfies: input(closed({ tags: { type: 'array', items: { type: 'string' } } })),
  },
  {
    profile,
    rule: 'tool-parameters-object-properties',
    title: 'an object root without properties',
    violates: [input({ type: 'object', additionalProperties: false }), input({ type: 'object' })],
    satisfies: input(closed({})),
  },
  {
    profile,
    rule: 'tool-parameters-valid-schema',
    title: 'not valid JSON Schema: properties as a list, a draft-4 boolean exclusiveMinimum',
    violates: [input({ type: 'object', properties: [] }), input(closed({ ttl: { type: 'integer', minimum: 0, exclusiveMinimum: true } }))],
    satisfies: input(closed({ ttl: { type: 'integer', minimum: 1 } })),
  },
  {
    profile,
    rule: 'tool-count',
    title: '129 tools',
    violates: [many(129)],
    satisfies: many(128),
  },
]

/** The rules Gemini's `parameters` path keeps whether or not the client strips `$schema` and `additionalProperties`. */
const parametersRules = (profile: 'gemini' | 'gemini-sanitized'): RuleFixture[] => [
  {
    profile,
    rule: 'tool-name-format',
    title: 'a leading digit or hyphen, a space, or 65 characters',
    violates: [named('3d_view'), named('-view'), named('get items'), named('a'.repeat(65))],
    satisfies: named('get_items_v2'),
  },
  {
    profile,
    rule: 'tool-parameters-unsupported-keywords',
    title: 'const, exclusiveMinimum, exclusiveMaximum, propertyNames, multipleOf, uniqueItems, examples or $id, inside anyOf too',
    violates: [
      input(object({ a: { anyOf: [{ const: 'x' }] } })),
      input(object({ n: { type: 'number', exclusiveMinimum: 0 } })),
      input(object({ n: { type: 'number', exclusiveMaximum: 10 } })),
      input(object({ m: { type: 'object', propertyNames: { pattern: '^a' } } })),
      input(object({ n: { type: 'integer', multipleOf: 2 } })),
      input(object({ t: { type: 'array', items: { type: 'string' }, uniqueItems: true } })),
      input(object({ q: { type: 'string', examples: ['shoes'] } })),
      input(object({ q: { type: 'string' } }, { $id: 'https://example.com/search' })),
    ],
    satisfies: input(closed({ a: { type: 'string', enum: ['x'] }, n: { type: 'number', minimum: 1, maximum: 10 }, const: { type: 'string' } })),
  },
  {
    profile,
    rule: 'tool-parameters-type-list',
    title: 'a type list, in items too',
    violates: [input(object({ a: { type: ['string', 'null'] } })), input(object({ rows: { type: 'array', items: { type: ['object', 'null'] } } }))],
    satisfies: input(closed({ a: { type: 'string', nullable: true } })),
  },
  {
    profile,
    rule: 'tool-parameters-string-format',
    title: 'format uri, email or uuid on a string',
    violates: [input(object({ url: { type: 'string', format: 'uri' } })), input(object({ to: { type: 'string', format: 'email' } })), input(object({ id: { type: 'string', format: 'uuid' } }))],
    satisfies: input(closed({ at: { type: 'string', format: 'date-time' }, count: { type: 'integer', format: 'int32' } })),
  },
  {
    profile,
    rule: 'tool-parameters-enum-type',
    title: 'an enum of numbers, of booleans, or without type "string"',
    violates: [input(object({ level: { type: 'integer', enum: [1, 2, 3] } })), input(object({ on: { type: 'boolean', enum: [true] } })), input(object({ mode: { enum: ['a', 'b'] } }))],
    satisfies: input(closed({ level: { type: 'string', enum: ['1', '2', '3'] } })),
  },
  {
    profile,
    rule: 'tool-parameters-ref',
    title: '$ref and $defs',
    violates: [input(object({ a: { $ref: '#/$defs/A' } }, { $defs: { A: { type: 'string' } } })), input(object({ a: { $ref: '#/definitions/A' } }, { definitions: { A: { type: 'string' } } }))],
    satisfies: input(closed({ a: { type: 'string' } })),
  },
  {
    profile,
    rule: 'tool-parameters-array-items',
    title: 'an array without items, at any depth',
    violates: [input(object({ fields: { type: 'array' } })), input(object({ operations: object({ update: { type: 'array' } }) }))],
    satisfies: input(closed({ fields: { type: 'array', items: { type: 'string' } } })),
  },
  {
    profile,
    rule: 'tool-parameters-properties-type',
    title: 'properties on a type list or on a string',
    violates: [input(object({ owner: { type: ['object', 'null'], properties: { id: { type: 'string' } } } })), input(object({ q: { type: 'string', properties: {} } }))],
    satisfies: input(closed({ owner: closed({ id: { type: 'string' } }, { nullable: true }) })),
  },
]

/** The model API profiles' rules, with fixtures (the public reports behind them: test/lint/model-profiles.test.ts). */
export const MODEL_RULE_FIXTURES: RuleFixture[] = [
  {
    profile: 'anthropic',
    rule: 'tool-input-schema-root-combinator',
    title: 'oneOf, allOf or anyOf at the root',
    violates: ['oneOf', 'allOf', 'anyOf'].map((keyword) => input(object({ a: { type: 'string' } }, { [keyword]: [{ required: ['a'] }] }))),
    satisfies: input(closed({ id: { type: 'string' }, full_path: { type: 'string' }, kind: { anyOf: [{ type: 'string' }, { type: 'number' }] } })),
  },
  {
    profile: 'anthropic',
    rule: 'tool-name-format',
    title: 'a dot, a space or a colon, or 129 characters',
    violates: [named('get.items'), named('get items:v2'), named('a'.repeat(129))],
    satisfies: named('get_items_v2'),
  },
  {
    profile: 'anthropic',
    rule: 'tool-input-schema-valid',
    title: 'not valid JSON Schema 2020-12: a draft-4 boolean exclusiveMinimum, required as text',
    violates: [input(closed({ ttl: { type: 'integer', minimum: 0, exclusiveMinimum: true } })), input(object({ a: { type: 'string' } }, { required: 'a' }))],
    satisfies: input(closed({ ttl: { type: 'integer', minimum: 1 } }, { $schema: 'http://json-schema.org/draft-07/schema#' })),
  },
  ...openaiRules('openai'),
  ...openaiRules('openai-strict'),
  {
    profile: 'openai-strict',
    rule: 'tool-parameters-closed-objects',
    title: 'an object, at any depth, without additionalProperties: false',
    violates: [input(object({ a: { type: 'string' } }, { required: ['a'] })), input(object({ a: object({ b: { type: 'string' } }, { required: ['b'] }) }, { required: ['a'], additionalProperties: false }))],
    satisfies: input(closed({ a: closed({ b: { type: 'string' } }) })),
  },
  {
    profile: 'openai-strict',
    rule: 'tool-parameters-all-required',
    title: 'a property left out of required',
    violates: [input(object({ a: { type: 'string' }, b: { type: 'string' } }, { required: ['a'], additionalProperties: false }))],
    satisfies: input(closed({ a: { type: 'string' }, b: { type: ['string', 'null'] } })),
  },
  {
    profile: 'openai-strict',
    rule: 'tool-parameters-strict-keywords',
    title: 'oneOf, allOf, not, if/then/else or dependentRequired, at any depth',
    violates: [
      input(closed({ id: { oneOf: [{ type: 'string' }, { type: 'number' }] } })),
      input(closed({ a: { type: 'string' } }, { allOf: [{ required: ['a'] }] })),
      input(closed({ a: { type: 'string' }, b: { type: 'string' } }, { not: { required: ['a', 'b'] } })),
      input(closed({ mode: { type: 'string' } }, { if: { properties: { mode: { enum: ['at'] } } }, then: { required: ['mode'] } })),
      input(closed({ a: { type: 'string' } }, { dependentRequired: { a: ['a'] } })),
    ],
    satisfies: input(closed({ id: { anyOf: [{ type: 'string' }, { type: 'number' }] } })),
  },
  {
    profile: 'openai-strict',
    rule: 'tool-parameters-root-any-of',
    title: 'anyOf at the root, beside type "object" too',
    violates: [input(closed({ a: { type: 'string' } }, { anyOf: [{ required: ['a'] }] })), input({ anyOf: [closed({ a: { type: 'string' } })] })],
    satisfies: input(closed({ a: { anyOf: [{ type: 'string' }, { type: 'number' }] } })),
  },
  {
    profile: 'openai-strict',
    rule: 'tool-parameters-format',
    title: 'format uri, or one no JSON Schema names',
    violates: [input(closed({ url: { type: 'string', format: 'uri' } })), input(closed({ n: { type: 'string', format: 'semver' } })), input(closed({ n: { type: ['string', 'null'], format: 'uri' } }))],
    satisfies: input(closed({ at: { type: 'string', format: 'date-time' } })),
  },
  {
    profile: 'openai-strict',
    rule: 'tool-parameters-size',
    title: '5001 properties, 11 levels of nesting, 1001 enum values',
    violates: [
      input(closed(Object.fromEntries(Array.from({ length: 5001 }, (_, index) => [`p${index}`, { type: 'string' }])))),
      input(nested(11) as Record<string, unknown>),
      input(closed({ code: { type: 'string', enum: Array.from({ length: 1001 }, (_, index) => `c${index}`) } })),
    ],
    satisfies: input(closed({ deep: nested(9), code: { type: 'string', enum: Array.from({ length: 1000 }, (_, index) => `c${index}`) } })),
  },
  ...parametersRules('gemini'),
  ...parametersRules('gemini-sanitized'),
  {
    profile: 'gemini',
    rule: 'tool-parameters-json-schema-fields',
    title: '$schema or additionalProperties, at any depth',
    violates: [input(object({}, { $schema: 'http://json-schema.org/draft-07/schema#' })), input(object({ a: object({}, { additionalProperties: false }) }))],
    satisfies: input(object({ a: object({ b: { type: 'string' } }, { required: ['b'] }) }, { required: ['a'] })),
  },
  {
    profile: 'gemini-json-schema',
    rule: 'tool-name-format',
    title: 'a leading digit or hyphen, a space, or 65 characters',
    violates: [named('3d_view'), named('-view'), named('get items'), named('a'.repeat(65))],
    satisfies: named('get_items_v2'),
  },
  {
    profile: 'gemini-json-schema',
    rule: 'tool-parameters-ref-resolves',
    title: 'a $ref to nothing in the schema, to an anchor none declares, to another document',
    violates: [
      input(closed({ target: { anyOf: [{ type: 'string' }, { $ref: '#/$defs/Issue' }] } })),
      input(closed({ a: { $ref: '#thing' } })),
      input(closed({ a: { $ref: 'https://example.com/a.json' } })),
    ],
    satisfies: input(closed({ a: { type: 'string' } })),
  },
]

/** The host profiles' rules, with fixtures (the public reports behind them: test/lint/host-limits.test.ts). */
export const HOST_RULE_FIXTURES: RuleFixture[] = [
  {
    profile: 'claude-code',
    rule: 'tool-name-length',
    title: 'mcp__s__ and a 57-character name',
    violates: [named('a'.repeat(57))],
    satisfies: named('a'.repeat(56)),
  },
  {
    profile: 'claude-code',
    rule: 'tool-description-length',
    title: 'a description of 2,049 characters',
    violates: [tools({ name: 'records', description: 'a'.repeat(2049), inputSchema: closed({}) })],
    satisfies: tools({ name: 'records', description: 'a'.repeat(2048), inputSchema: closed({}) }),
  },
  {
    profile: 'claude-connectors',
    rule: 'tool-name-format',
    title: 'a space, a dot, or 65 characters',
    violates: [named('Create CIFS Share'), named('meho.broadcast.watch'), named('a'.repeat(65))],
    satisfies: named('get_items_v2'),
  },
  {
    profile: 'cursor',
    rule: 'tool-name-length',
    title: 'a 59-character name (60 with a one-letter server)',
    violates: [named('GOOGLESHEETS_SPREADSHEETS_VALUES_BATCH_CLEAR_BY_DATA_FILTER')],
    satisfies: named('a'.repeat(56)),
  },
  {
    profile: 'cursor',
    rule: 'tool-count',
    title: '81 tools',
    violates: [many(81)],
    satisfies: many(80),
  },
  ...(['vscode-copilot', 'zed'] as const).map((profile): RuleFixture => ({ profile, rule: 'tool-count', title: '129 tools', violates: [many(129)], satisfies: many(128) })),
  {
    profile: 'bedrock-converse',
    rule: 'tool-name-format',
    title: 'a dot, or 65 characters',
    violates: [named('get.items'), named('awslabs_cloudwatch_get_telemetry_evaluation_status_for_organization')],
    satisfies: named('get_items_v2'),
  },
]
