import { HOST_RULE_FIXTURES, MODEL_RULE_FIXTURES } from './model-rule-fixtures.js'
import type { RawSurface } from '../../src/surface/types.js'

/** The lists of a raw surface, as a server would send them. */
export type RawLists = Omit<RawSurface, 'initialize'>

/** The SDK client majors a fixture is run against. */
export type SdkClient = '1.x' | '2.x'

/** One rule's fixtures: surfaces that break it and one that does not. */
export interface RuleFixture {
  profile: string
  rule: string
  title: string
  violates: RawLists[]
  satisfies: RawLists
  /** sdk-typescript only: the clients whose list call refuses the violating surfaces (the others accept them). */
  refusedBy?: SdkClient[]
}

const tool = (fields: Record<string, unknown> = {}) => ({ name: 'search', inputSchema: { type: 'object' }, ...fields })
const tools = (...list: Record<string, unknown>[]): RawLists => ({ tools: list })
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#'
const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema'

/** The rules both MCP revisions share, with fixtures. */
function specFixtures(profile: 'mcp-2025-11-25' | 'mcp-2026-07-28'): RuleFixture[] {
  return [
    {
      profile,
      rule: 'tool-input-schema-object-root',
      title: 'no type, draft-07 $schema only, a type list, a root anyOf, a root allOf of one member',
      violates: [
        tools(tool({ inputSchema: { allOf: [{ type: 'object', properties: { q: { type: 'string' } } }] } })),
        tools(tool({ inputSchema: { $schema: DRAFT_07 } })),
        tools(tool({ inputSchema: { type: ['object'] } })),
        tools(tool({ inputSchema: { anyOf: [{ type: 'object' }] } })),
        tools({ name: 'search' }),
      ],
      satisfies: tools(tool({ inputSchema: { type: 'object', allOf: [{ properties: { q: { type: 'string' } } }] } })),
    },
    {
      profile,
      rule: 'tool-name-format',
      title: 'a space, a slash, 129 characters',
      violates: [tools(tool({ name: 'search files' })), tools(tool({ name: 'files/search' })), tools(tool({ name: 'x'.repeat(129) }))],
      satisfies: tools(tool({ name: 'admin.tools_list-v2' })),
    },
    {
      profile,
      rule: 'tool-schema-dialect',
      title: 'a draft-07 input or 2019-09 output $schema',
      violates: [
        tools(tool({ inputSchema: { type: 'object', $schema: DRAFT_07 } })),
        tools(tool({ outputSchema: { type: 'object', $schema: 'https://json-schema.org/draft/2019-09/schema' } })),
      ],
      satisfies: tools(tool({ inputSchema: { type: 'object', $schema: DRAFT_2020 }, outputSchema: { type: 'object', $schema: `${DRAFT_2020}#` } })),
    },
    {
      profile,
      rule: 'prompt-required-fields',
      title: 'a prompt or an argument without a name',
      violates: [{ prompts: [{ description: 'Summarize' }] }, { prompts: [{ name: 'summarize', arguments: [{ description: 'topic' }] }] }],
      satisfies: { prompts: [{ name: 'summarize', arguments: [{ name: 'topic' }] }] },
    },
    {
      profile,
      rule: 'resource-required-fields',
      title: 'a resource without a name or a uri',
      violates: [{ resources: [{ uri: 'file:///notes.md' }] }, { resources: [{ name: 'notes' }] }],
      satisfies: { resources: [{ uri: 'file:///notes.md', name: 'notes' }] },
    },
    {
      profile,
      rule: 'resource-template-required-fields',
      title: 'a template without a name or a uriTemplate',
      violates: [{ resourceTemplates: [{ uriTemplate: 'file:///{path}' }] }, { resourceTemplates: [{ name: 'file' }] }],
      satisfies: { resourceTemplates: [{ uriTemplate: 'file:///{path}', name: 'file' }] },
    },
  ]
}

/** Every rule of every profile, with fixtures; a test fails when a rule has none. */
export const RULE_FIXTURES: RuleFixture[] = [
  ...specFixtures('mcp-2025-11-25'),
  ...specFixtures('mcp-2026-07-28'),
  {
    profile: 'mcp-2025-11-25',
    rule: 'tool-output-schema-object-root',
    title: 'an array or a oneOf output root',
    violates: [tools(tool({ outputSchema: { type: 'array', items: { type: 'string' } } })), tools(tool({ outputSchema: { oneOf: [{ type: 'object' }, { type: 'null' }] } }))],
    satisfies: tools(tool({ outputSchema: { type: 'object', properties: { hits: { type: 'array' } } } })),
  },
  {
    profile: 'sdk-typescript',
    rule: 'tool-input-schema-object-root',
    title: 'no type, draft-07 $schema only, a type list, a root oneOf, a root allOf of one member, no inputSchema',
    violates: [
      tools(tool({ inputSchema: { allOf: [{ type: 'object', properties: { q: { type: 'string' } } }] } })),
      tools(tool({ inputSchema: {} })),
      tools(tool({ inputSchema: { $schema: DRAFT_07 } })),
      tools(tool({ inputSchema: { type: ['object'] } })),
      tools(tool({ inputSchema: { type: ['object', 'null'] } })),
      tools(tool({ inputSchema: { oneOf: [{ type: 'object' }] } })),
      tools({ name: 'search' }),
    ],
    satisfies: tools(tool({ inputSchema: { type: 'object', $schema: DRAFT_07, allOf: [{ properties: { q: { type: 'string' } } }] } })),
    refusedBy: ['1.x', '2.x'],
  },
  {
    profile: 'sdk-typescript',
    rule: 'tool-output-schema-object-root',
    title: 'an array or a typeless output root',
    violates: [tools(tool({ outputSchema: { type: 'array' } })), tools(tool({ outputSchema: { anyOf: [{ type: 'object' }] } }))],
    satisfies: tools(tool({ outputSchema: { type: 'object', $schema: DRAFT_2020 } })),
    refusedBy: ['1.x', '2.x'],
  },
  {
    profile: 'sdk-typescript',
    rule: 'tool-schema-required-list',
    title: 'required as text, required with a number',
    violates: [tools(tool({ inputSchema: { type: 'object', required: 'q' } })), tools(tool({ outputSchema: { type: 'object', required: [1] } }))],
    satisfies: tools(tool({ inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } })),
    refusedBy: ['1.x', '2.x'],
  },
  {
    profile: 'sdk-typescript',
    rule: 'tool-schema-property-objects',
    title: 'a property schema true, an output property false',
    violates: [tools(tool({ inputSchema: { type: 'object', properties: { q: true } } })), tools(tool({ outputSchema: { type: 'object', properties: { hits: false } } }))],
    satisfies: tools(tool({ inputSchema: { type: 'object', properties: { q: {} } } })),
    refusedBy: ['1.x'],
  },
  {
    profile: 'sdk-typescript',
    rule: 'tool-output-schema-compiles',
    title: 'an unresolvable $ref, a remote $ref, a broken pattern, an unknown type',
    violates: [
      tools(tool({ outputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } } })),
      tools(tool({ outputSchema: { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } } })),
      tools(tool({ outputSchema: { type: 'object', properties: { a: { type: 'string', pattern: '(' } } } })),
      tools(tool({ outputSchema: { type: 'object', properties: { a: { type: 'strin' } } } })),
    ],
    satisfies: tools(
      tool({
        outputSchema: { type: 'object', $schema: DRAFT_2020, $defs: { id: { type: 'string', pattern: '^\\p{L}+$', format: 'zip-code' } }, properties: { a: { $ref: '#/$defs/id' } } },
      }),
    ),
    refusedBy: ['1.x'],
  },
  {
    profile: 'sdk-typescript',
    rule: 'tool-field-types',
    title: 'no name, a number description, a text hint, an unknown task support, an icon without src',
    violates: [
      tools({ inputSchema: { type: 'object' } }),
      tools(tool({ description: 5 })),
      tools(tool({ title: 5 })),
      tools(tool({ annotations: { readOnlyHint: 'yes' } })),
      tools(tool({ execution: { taskSupport: 'sometimes' } })),
      tools(tool({ icons: [{ url: 'https://example.com/a.png' }] })),
    ],
    satisfies: tools(
      tool({ title: 'Search', description: 'Finds', annotations: { title: 'Search', readOnlyHint: true }, execution: { taskSupport: 'optional' }, icons: [{ src: 'https://example.com/a.png' }] }),
    ),
    refusedBy: ['1.x', '2.x'],
  },
  {
    profile: 'sdk-typescript',
    rule: 'prompt-field-types',
    title: 'no name, an argument without a name, required as text',
    violates: [
      { prompts: [{ description: 'Summarize' }] },
      { prompts: [{ name: 'summarize', arguments: [{ description: 'topic' }] }] },
      { prompts: [{ name: 'summarize', arguments: [{ name: 'topic', required: 'yes' }] }] },
    ],
    satisfies: { prompts: [{ name: 'summarize', arguments: [{ name: 'topic', required: true }] }] },
    refusedBy: ['1.x', '2.x'],
  },
  {
    profile: 'sdk-typescript',
    rule: 'resource-field-types',
    title: 'no name, no uri',
    violates: [{ resources: [{ uri: 'file:///notes.md' }] }, { resources: [{ name: 'notes' }] }],
    satisfies: { resources: [{ uri: 'not even a uri', name: 'notes' }] },
    refusedBy: ['1.x', '2.x'],
  },
  {
    profile: 'sdk-typescript',
    rule: 'resource-template-field-types',
    title: 'no name, no uriTemplate',
    violates: [{ resourceTemplates: [{ uriTemplate: 'file:///{path}' }] }, { resourceTemplates: [{ name: 'file' }] }],
    satisfies: { resourceTemplates: [{ uriTemplate: 'file:///{path}', name: 'file' }] },
    refusedBy: ['1.x', '2.x'],
  },
  ...MODEL_RULE_FIXTURES,
  ...HOST_RULE_FIXTURES,
]
