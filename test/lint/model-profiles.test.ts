/**
 * The model API profiles on the shapes public reports show, and on the fixes their projects
 * shipped: each shape is an error under its API's profile, the fix passes, and a plain tool passes
 * every model profile. Then real SDK servers and the published servers under every model profile.
 */
import { join } from 'node:path'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { McpServer as McpServer1 } from '@modelcontextprotocol/sdk/server/mcp.js'
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { McpServer as McpServer2 } from '@modelcontextprotocol/server'
import { describe, expect, test } from 'vitest'
import * as z4 from 'zod'
import * as z3 from 'zod/v3'
import { captureRaw } from '../../src/capture/capture-raw.js'
import { lintSurface } from '../../src/lint/lint-surface.js'
import { HOST_PROFILES, MODEL_PROFILES, ruleById } from '../../src/lint/profile-registry.js'
import { PUBLISHED_COUNTS } from '../../src/lint/published-counts.js'
import { undeclaredModelRefusals } from '../../src/lint/undeclared-models.js'
import { modelApiWarning } from '../../src/report/describe-undeclared.js'
import { formatLint } from '../../src/report/format-lint.js'
import type { RawSurface } from '../../src/surface/types.js'
import { ROOT } from '../support/run-cli-process.js'

const MODELS = MODEL_PROFILES.map((profile) => profile.name)
const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra })
const rawOf = (...tools: Record<string, unknown>[]): RawSurface => ({ tools }) as RawSurface
/** The error rules of `profile` that `shape` breaks, as `rule` ids; `shape` is one tool, or a whole `{ tools }` list. */
const errorsUnder = (profile: string, shape: Record<string, unknown>) => {
  const raw = Array.isArray(shape.tools) ? ({ tools: shape.tools } as RawSurface) : rawOf(shape)
  return [...new Set(lintSurface({ raw }, [profile]).violations.filter((violation) => violation.severity === 'error').map((violation) => violation.rule))]
}
/** A report's thread as a rule's source names it: `owner/repo #N`, or the URL itself. */
const threadOf = (report: string) => {
  const [, repo, number] = /^https:\/\/github\.com\/([^/]+\/[^/]+)\/(?:issues|pull)\/(\d+)/.exec(report) ?? []
  return repo === undefined ? report.split(' ')[0] : `${repo} #${number}`
}

interface Report {
  report: string
  profile: string
  rule: string
  shape: Record<string, unknown>
  /** What the project shipped, or the accepted spelling the finding gives when the report shows no fix. */
  fix: Record<string, unknown>
}

const REPORTS: Report[] = [
  {
    report: 'https://github.com/zereight/gitlab-mcp/pull/551 (a z.union at the root, serialized as a root oneOf)',
    profile: 'anthropic',
    rule: 'tool-input-schema-root-combinator',
    shape: { name: 'get_ci_catalog_resource', inputSchema: { type: 'object', oneOf: [object({ id: { type: 'string' } }, { required: ['id'] }), object({ full_path: { type: 'string' } }, { required: ['full_path'] })] } },
    fix: { name: 'get_ci_catalog_resource', inputSchema: object({ id: { type: 'string' }, full_path: { type: 'string' } }) },
  },
  {
    report: 'https://github.com/marianfoo/mcp-sap-docs/pull/51 (a root anyOf: one of version, from_version, to_version)',
    profile: 'anthropic',
    rule: 'tool-input-schema-root-combinator',
    shape: { name: 'ui5_version_diff', inputSchema: object({ version: { type: 'string' }, from_version: { type: 'string' }, to_version: { type: 'string' } }, { anyOf: [{ required: ['version'] }, { required: ['from_version'] }, { required: ['to_version'] }] }) },
    fix: { name: 'ui5_version_diff', inputSchema: object({ version: { type: 'string' }, from_version: { type: 'string' }, to_version: { type: 'string' } }) },
  },
  {
    report: 'https://github.com/kenn-io/kata/pull/365 (a one-member root allOf becomes a root if/then/else)',
    profile: 'anthropic',
    rule: 'tool-input-schema-root-combinator',
    shape: { name: 'kata.recurrence_update', inputSchema: object({ mode: { type: 'string' }, at: { type: 'string' } }, { allOf: [{ if: { properties: { mode: { const: 'at' } } }, then: { required: ['at'] } }] }) },
    fix: { name: 'kata_recurrence_update', inputSchema: object({ mode: { type: 'string' }, at: { type: 'string' } }, { if: { properties: { mode: { const: 'at' } } }, then: { required: ['at'] } }) },
  },
  {
    report: 'https://github.com/kenn-io/kata/pull/365 (field exclusions in a root anyOf become a root not)',
    profile: 'anthropic',
    rule: 'tool-input-schema-root-combinator',
    shape: { name: 'kata_list', inputSchema: object({ open: { type: 'boolean' }, closed: { type: 'boolean' } }, { anyOf: [{ not: { required: ['open'] } }, { not: { required: ['closed'] } }] }) },
    fix: { name: 'kata_list', inputSchema: object({ open: { type: 'boolean' }, closed: { type: 'boolean' } }, { not: { required: ['open', 'closed'] } }) },
  },
  {
    report: 'https://github.com/mobile-next/mobile-mcp/issues/344 (exactly one of yaml, files, dir as a root oneOf)',
    profile: 'anthropic',
    rule: 'tool-input-schema-root-combinator',
    shape: { name: 'run', inputSchema: object({ yaml: { type: 'string' }, files: { type: 'array', items: { type: 'string' } }, dir: { type: 'string' } }, { oneOf: [{ required: ['yaml'] }, { required: ['files'] }, { required: ['dir'] }] }) },
    fix: { name: 'run', inputSchema: object({ yaml: { type: 'string' }, files: { type: 'array', items: { type: 'string' } }, dir: { type: 'string' } }, { if: { required: ['yaml'] }, then: { not: { anyOf: [{ required: ['files'] }, { required: ['dir'] }] } } }) },
  },
  {
    report: 'https://github.com/barryw/ImmichMCP/issues/3 (dots in tool names; underscores instead)',
    profile: 'anthropic',
    rule: 'tool-name-format',
    shape: { name: 'immich.assets.list', inputSchema: object({}) },
    fix: { name: 'immich_assets_list', inputSchema: object({}) },
  },
  {
    report: 'https://github.com/Dokploy/mcp/issues/74 (a draft-4 boolean exclusiveMinimum under a 2020-12 $schema; fixed in #76)',
    profile: 'anthropic',
    rule: 'tool-input-schema-valid',
    shape: { name: 'dnsProvider-createRecord', inputSchema: object({ ttl: { type: 'integer', exclusiveMinimum: true, minimum: 0, maximum: 9007199254740991 } }, { $schema: 'https://json-schema.org/draft/2020-12/schema' }) },
    fix: { name: 'dnsProvider-createRecord', inputSchema: object({ ttl: { type: 'integer', exclusiveMinimum: 0, maximum: 9007199254740991 } }, { $schema: 'https://json-schema.org/draft/2020-12/schema' }) },
  },
  {
    report: 'https://github.com/mark3labs/mcphost/issues/35 (mcp.WithArray without mcp.Items: "array schema missing items")',
    profile: 'openai',
    rule: 'tool-parameters-array-items',
    shape: { name: 'translate', inputSchema: object({ texts: { type: 'array', description: '词汇列表' } }, { required: ['texts'] }) },
    fix: { name: 'translate', inputSchema: object({ texts: { type: 'array', items: { type: 'string' }, description: '词汇列表' } }, { required: ['texts'] }) },
  },
  {
    report: 'https://github.com/spacelift-io/spacectl/issues/402 (targets without items; fixed by #435)',
    profile: 'openai',
    rule: 'tool-parameters-array-items',
    shape: { name: 'spacelift_local_preview', inputSchema: object({ targets: { type: 'array' } }) },
    fix: { name: 'spacelift_local_preview', inputSchema: object({ targets: { type: 'array', items: { type: 'string' } } }) },
  },
  {
    report: 'https://github.com/github/github-mcp-server/issues/1548 (get_me, a tool without arguments: "object schema missing properties")',
    profile: 'openai',
    rule: 'tool-parameters-object-properties',
    shape: { name: 'get_me', inputSchema: { type: 'object' } },
    fix: { name: 'get_me', inputSchema: object({}) },
  },
  {
    report: 'https://github.com/Azure/azure-mcp/issues/197 (azmcp-bestpractices-get: "object schema missing properties")',
    profile: 'openai',
    rule: 'tool-parameters-object-properties',
    shape: { name: 'azmcp-bestpractices-get', inputSchema: { type: 'object' } },
    fix: { name: 'azmcp-bestpractices-get', inputSchema: object({}) },
  },
  {
    report: 'https://github.com/nerding-io/n8n-nodes-mcp/issues/83 (properties sent as []: "[] is not of type \'object\'")',
    profile: 'openai',
    rule: 'tool-parameters-valid-schema',
    shape: { name: 'MCP_List', inputSchema: { type: 'object', properties: [] } },
    fix: { name: 'MCP_List', inputSchema: object({}) },
  },
  {
    report: 'https://github.com/anomalyco/opencode/issues/4909 (142 tools: "Invalid \'tools\': array too long")',
    profile: 'openai',
    rule: 'tool-count',
    shape: { tools: Array.from({ length: 142 }, (_, index) => ({ name: `tool_${index}`, inputSchema: object({}) })) },
    fix: { tools: Array.from({ length: 128 }, (_, index) => ({ name: `tool_${index}`, inputSchema: object({}) })) },
  },
  {
    report: 'https://github.com/can1357/oh-my-pi/issues/206 (Firecrawl\'s url with format uri, through Copilot\'s strict mode)',
    profile: 'openai-strict',
    rule: 'tool-parameters-format',
    shape: { name: 'firecrawl_scrape', inputSchema: object({ url: { type: 'string', format: 'uri' } }, { required: ['url'], additionalProperties: false }) },
    fix: { name: 'firecrawl_scrape', inputSchema: object({ url: { type: 'string', description: 'An https URL' } }, { required: ['url'], additionalProperties: false }) },
  },
  {
    report: 'https://github.com/ai-dynamo/dynamo/pull/15153 (a z.discriminatedUnion in a property: "\'oneOf\' is not permitted")',
    profile: 'openai-strict',
    rule: 'tool-parameters-strict-keywords',
    shape: { name: 'choose', inputSchema: object({ data: { oneOf: [object({ type: { type: 'string', enum: ['a'] } }, { required: ['type'], additionalProperties: false }), object({ type: { type: 'string', enum: ['b'] } }, { required: ['type'], additionalProperties: false })] } }, { required: ['data'], additionalProperties: false }) },
    fix: { name: 'choose', inputSchema: object({ data: { anyOf: [object({ type: { type: 'string', enum: ['a'] } }, { required: ['type'], additionalProperties: false }), object({ type: { type: 'string', enum: ['b'] } }, { required: ['type'], additionalProperties: false })] } }, { required: ['data'], additionalProperties: false }) },
  },
  {
    report: 'https://github.com/chatboxai/chatbox/issues/2583 (an optional search_depth once Chatbox sent strict: true)',
    profile: 'openai-strict',
    rule: 'tool-parameters-all-required',
    shape: { name: 'tavily-search', inputSchema: object({ query: { type: 'string' }, search_depth: { type: 'string', enum: ['basic', 'advanced'] } }, { required: ['query'], additionalProperties: false }) },
    fix: { name: 'tavily-search', inputSchema: object({ query: { type: 'string' }, search_depth: { type: ['string', 'null'], enum: ['basic', 'advanced', null] } }, { required: ['query', 'search_depth'], additionalProperties: false }) },
  },
  {
    report: 'https://github.com/google-gemini/gemini-cli/issues/3178 (a url with format uri inside items: "only \'enum\' and \'date-time\' are supported for STRING type")',
    profile: 'gemini',
    rule: 'tool-parameters-string-format',
    shape: { name: 'save_links', inputSchema: object({ links: { type: 'array', items: object({ url: { type: 'string', format: 'uri' } }) } }) },
    fix: { name: 'save_links', inputSchema: object({ links: { type: 'array', items: object({ url: { type: 'string', description: 'An https URL' } }) } }) },
  },
  {
    report: 'https://github.com/anomalyco/opencode/issues/12784 (a numeric enum: "Invalid value at … (TYPE_STRING), 1")',
    profile: 'gemini',
    rule: 'tool-parameters-enum-type',
    shape: { name: 'set_priority', inputSchema: object({ priority: { type: 'integer', enum: [1, 2, 3, 4] } }) },
    fix: { name: 'set_priority', inputSchema: object({ priority: { type: 'string', enum: ['1', '2', '3', '4'] } }) },
  },
  {
    report: 'https://github.com/router-for-me/CLIProxyAPI/issues/2123 (uniqueItems: "Unknown name \\"uniqueItems\\" … Cannot find field")',
    profile: 'gemini',
    rule: 'tool-parameters-unsupported-keywords',
    shape: { name: 'tag', inputSchema: object({ tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } }) },
    fix: { name: 'tag', inputSchema: object({ tags: { type: 'array', items: { type: 'string' }, description: 'Distinct tags' } }) },
  },
  {
    report: 'https://github.com/AstrBotDevs/AstrBot/issues/7572 (examples on a property: "Unknown name \\"examples\\"")',
    profile: 'gemini',
    rule: 'tool-parameters-unsupported-keywords',
    shape: { name: 'claude_code', inputSchema: object({ prompt: { type: 'string', examples: ['fix the build'] } }) },
    fix: { name: 'claude_code', inputSchema: object({ prompt: { type: 'string', description: 'What to do, e.g. "fix the build"' } }) },
  },
  {
    report: 'https://github.com/decolua/9router/issues/1036 ($ref inside items: "Unknown name \\"ref\\" … Cannot find field")',
    profile: 'gemini',
    rule: 'tool-parameters-ref',
    shape: { name: 'batch', inputSchema: object({ ops: { type: 'array', items: { $ref: '#/$defs/Op' } } }, { $defs: { Op: object({ kind: { type: 'string' } }) } }) },
    fix: { name: 'batch', inputSchema: object({ ops: { type: 'array', items: object({ kind: { type: 'string' } }) } }) },
  },
  {
    report: 'https://github.com/pixelsock/directus-mcp/issues/12 (operations.update without items: "items: missing field")',
    profile: 'gemini',
    rule: 'tool-parameters-array-items',
    shape: { name: 'items', inputSchema: object({ operations: object({ update: { type: 'array' }, delete: { type: 'array' } }) }) },
    fix: { name: 'items', inputSchema: object({ operations: object({ update: { type: 'array', items: object({}) }, delete: { type: 'array', items: { type: 'string' } } }) }) },
  },
  {
    report: 'https://github.com/anomalyco/opencode/pull/43495 (nullable objects: "properties: only allowed for OBJECT type")',
    profile: 'gemini',
    rule: 'tool-parameters-properties-type',
    shape: { name: 'dataset', inputSchema: object({ owner: { type: ['object', 'null'], properties: { id: { type: 'string' } } } }) },
    fix: { name: 'dataset', inputSchema: object({ owner: { type: 'object', nullable: true, properties: { id: { type: 'string' } } } }) },
  },
  {
    report: 'https://github.com/google-gemini/gemini-cli/issues/13326 (a $ref to #/$defs/Issue the schema does not hold: "reference to undefined schema")',
    profile: 'gemini-json-schema',
    rule: 'tool-parameters-ref-resolves',
    shape: { name: 'create_object', inputSchema: object({ target_object: { anyOf: [{ type: 'string' }, { $ref: '#/$defs/Issue' }] } }) },
    fix: { name: 'create_object', inputSchema: object({ target_object: { anyOf: [{ type: 'string' }, { $ref: '#/$defs/Issue' }] } }, { $defs: { Issue: object({ id: { type: 'string' } }) } }) },
  },
  {
    report: 'https://github.com/browserbase/stagehand/issues/1159 (parameters without a root type "object")',
    profile: 'openai',
    rule: 'tool-parameters-object-root',
    shape: { name: 'json', inputSchema: { anyOf: [object({ a: { type: 'string' } }), object({ b: { type: 'number' } })] } },
    fix: { name: 'json', inputSchema: object({ a: { type: 'string' }, b: { type: 'number' } }) },
  },
  {
    report: 'https://github.com/anomalyco/opencode/issues/3523 (an MCP server name and tool name joined into 65 characters)',
    profile: 'openai',
    rule: 'tool-name-format',
    shape: { name: `${'a'.repeat(40)}_${'b'.repeat(24)}`, inputSchema: object({}) },
    fix: { name: `${'a'.repeat(39)}_${'b'.repeat(24)}`, inputSchema: object({}) },
  },
  {
    report: 'https://github.com/trycompai/comp/pull/2792 (strict mode: an open object and an optional property)',
    profile: 'openai-strict',
    rule: 'tool-parameters-closed-objects',
    shape: { name: 'parse_questions', inputSchema: object({ questions: { type: 'array', items: object({ question: { type: 'string' }, answer: { type: 'string' } }, { required: ['question'] }) } }, { required: ['questions'] }) },
    fix: { name: 'parse_questions', inputSchema: object({ questions: { type: 'array', items: object({ question: { type: 'string' }, answer: { type: ['string', 'null'] } }, { required: ['question', 'answer'], additionalProperties: false }) } }, { required: ['questions'], additionalProperties: false }) },
  },
  {
    report: 'https://github.com/Finerestaurant/kicad-mcp-python/issues/2 and https://github.com/cline/cline/issues/7339 (a name that starts with a digit)',
    profile: 'gemini',
    rule: 'tool-name-format',
    shape: { name: '3d_view', inputSchema: object({}) },
    fix: { name: 'view_3d', inputSchema: object({}) },
  },
  {
    report: 'https://github.com/promptfoo/promptfoo/issues/6902 (additionalProperties from the SDK\'s zod conversion)',
    profile: 'gemini',
    rule: 'tool-parameters-json-schema-fields',
    shape: { name: 'echo', inputSchema: object({ text: { type: 'string' } }, { additionalProperties: false, $schema: 'http://json-schema.org/draft-07/schema#' }) },
    fix: { name: 'echo', inputSchema: object({ text: { type: 'string' } }) },
  },
  {
    report: 'https://github.com/openswarm-ai/openswarm/issues/24 (exclusiveMinimum, propertyNames, const)',
    profile: 'gemini',
    rule: 'tool-parameters-unsupported-keywords',
    shape: { name: 'page', inputSchema: object({ limit: { type: 'number', exclusiveMinimum: 0 }, tags: { type: 'object', propertyNames: { pattern: '^[a-z]+$' } }, mode: { anyOf: [{ const: 'a' }, { const: 'b' }] } }) },
    fix: { name: 'page', inputSchema: object({ limit: { type: 'number', minimum: 1 }, tags: { type: 'object' }, mode: { type: 'string', enum: ['a', 'b'] } }) },
  },
  {
    report: 'https://github.com/zed-industries/zed/issues/53919 and https://github.com/github/copilot-cli/issues/4623 (type lists)',
    profile: 'gemini',
    rule: 'tool-parameters-type-list',
    shape: { name: 'rows', inputSchema: object({ rows: { type: 'array', items: { type: ['object', 'null'], properties: { a: { type: 'string' } } } } }) },
    fix: { name: 'rows', inputSchema: object({ rows: { type: 'array', items: { type: 'object', nullable: true, properties: { a: { type: 'string' } } } } }) },
  },
]

describe.each(REPORTS)('$report', ({ report, profile, rule, shape, fix }) => {
  test(`the shape breaks ${profile} ${rule}, an error, and the rule cites the report's thread`, () => {
    expect(errorsUnder(profile, shape)).toContain(rule)
    const cited = ruleById(profile, rule)
    expect(`${cited.source.title} ${cited.source.url} ${cited.fix ?? ''}`).toContain(threadOf(report))
  })
  test('the fix passes that rule', () => {
    expect(errorsUnder(profile, fix)).not.toContain(rule)
  })
})

describe('a plain tool', () => {
  const plain = { name: 'search_items', description: 'Search.', inputSchema: object({ query: { type: 'string' }, limit: { type: 'integer', minimum: 1 } }, { required: ['query'] }) }
  test.each(MODELS.filter((profile) => profile !== 'openai-strict'))('passes %s', (profile) => {
    expect(lintSurface({ raw: rawOf(plain) }, [profile]).violations).toEqual([])
  })
  // Why two spellings: strict mode wants additionalProperties: false where Gemini's parameters
  // refuses it; Gemini clients strip it (or send parametersJsonSchema), so the closed one is the one to publish for strict.
  const closed = { ...plain, inputSchema: object({ query: { type: 'string' }, limit: { type: ['integer', 'null'], minimum: 1 } }, { required: ['query', 'limit'], additionalProperties: false }) }
  test('the same tool, closed and all required, passes openai-strict, and what gemini refuses in it is only what its clients strip or rewrite', () => {
    expect(errorsUnder('openai-strict', plain)).toEqual(['tool-parameters-closed-objects', 'tool-parameters-all-required'])
    expect(lintSurface({ raw: rawOf(closed) }, ['anthropic', 'openai', 'openai-strict', 'gemini-json-schema']).violations).toEqual([])
    expect(errorsUnder('gemini', closed)).toEqual(['tool-parameters-json-schema-fields', 'tool-parameters-type-list'])
  })
})

describe('what lint and the undeclared warning say', () => {
  const versionDiff = { name: 'version_diff', inputSchema: object({ from: { type: 'string' }, to: { type: 'string' } }, { anyOf: [{ required: ['from'] }, { required: ['to'] }] }) }
  test('lint --profile anthropic names the API, the path it judges, the way out and the source', () => {
    expect(formatLint(lintSurface({ raw: rawOf(versionDiff) }, ['anthropic']))).toMatchSnapshot()
  })
  test('one warning line when no model profile is declared; none once one is', () => {
    const renamed = { name: 'get items:v2', inputSchema: object({ at: { type: ['string', 'null'] } }) }
    expect(modelApiWarning(rawOf(versionDiff, renamed))).toMatchInlineSnapshot(`
      "mcp-contract: warning: Claude's API refuses this tool list: version_diff has anyOf at its root, get items:v2 has a name that is not letters, digits, underscores and hyphens, at most 128; OpenAI's API refuses it: get items:v2 has a name that is not letters, digits, underscores and hyphens, at most 64; Gemini's API refuses it: get items:v2 has a name that is not a letter or underscore, then letters, digits, underscores, dots, colons and hyphens, at most 64 (declare the model APIs you serve in the config's profiles, e.g. "anthropic", "openai", "gemini", to fail on it)
      "
    `)
    expect(modelApiWarning(rawOf(versionDiff), ['sdk-typescript', 'gemini'])).toBe('')
  })
  test('what Gemini clients strip does not warn undeclared', () => {
    const zodLike = { name: 'echo', inputSchema: object({ text: { type: 'string' } }, { additionalProperties: false, $schema: 'http://json-schema.org/draft-07/schema#' }) }
    expect(undeclaredModelRefusals(rawOf(zodLike), ['mcp-2025-11-25'])).toEqual([])
  })
})

/** Each model profile's error rules broken, per tool: `tool: rule, rule`. */
function errorsByProfile(raw: RawSurface): Record<string, string[]> {
  return Object.fromEntries(
    MODELS.map((profile) => {
      const errors = lintSurface({ raw }, [profile]).violations.filter((violation) => violation.severity === 'error')
      const byTool = new Map<string, Set<string>>()
      for (const violation of errors) byTool.set(violation.name, (byTool.get(violation.name) ?? new Set()).add(violation.rule))
      return [profile, [...byTool].map(([tool, rules]) => `${tool}: ${[...rules].join(', ')}`)]
    }),
  )
}

describe('real SDK servers under every model profile', () => {
  test('zod through McpServer (1.x with zod 3 and 4, 2.x) and raw JSON Schema through the low-level Server', async () => {
    const zodServer = (create: () => McpServer1 | McpServer2, z: typeof z4) => {
      const server = create()
      ;(server.registerTool as (...args: unknown[]) => unknown)('search', { description: 'Search.', inputSchema: { query: z.string(), limit: z.number().int().positive().optional(), when: z.string().nullable() } }, async () => ({ content: [] }))
      ;(server.registerTool as (...args: unknown[]) => unknown)('ping', { description: 'Ping.', inputSchema: {} }, async () => ({ content: [] }))
      return server
    }
    const raw = new Server({ name: 'raw', version: '1.0.0' }, { capabilities: { tools: {} } })
    raw.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [
        { name: 'search', inputSchema: object({ query: { type: 'string' } }, { required: ['query'] }) },
        { name: 'version_diff', inputSchema: object({ from: { type: 'string' }, to: { type: 'string' } }, { anyOf: [{ required: ['from'] }, { required: ['to'] }] }) },
      ],
    }))
    const servers = {
      'sdk 1.x McpServer, zod 4': zodServer(() => new McpServer1({ name: 'z', version: '1.0.0' }), z4),
      'sdk 1.x McpServer, zod 3': zodServer(() => new McpServer1({ name: 'z', version: '1.0.0' }), z3 as unknown as typeof z4),
      'server 2.x McpServer, zod 4': zodServer(() => new McpServer2({ name: 'z', version: '1.0.0' }), z4),
      'sdk 1.x Server, raw JSON Schema': raw,
    }
    const results: Record<string, Record<string, string[]>> = {}
    for (const [label, server] of Object.entries(servers)) results[label] = errorsByProfile(await captureRaw(server as never))
    expect(results).toMatchSnapshot()
  })
})

// The published servers the project installs as npm aliases (package.json devDependencies), and how each starts.
// Why everything, firecrawl, notion, dokploy and digitalocean: each breaks a rule the filesystem and memory releases break none
// of (formats, $ref, unknown Gemini fields, a draft-4 bound, arrays without items, more than 128 tools); their keys are
// placeholders, as listing needs none.
const PUBLISHED: Record<string, { path: string; args?: string[]; env?: Record<string, string> }> = {
  ...Object.fromEntries(
    ['filesystem-2025-3-28', 'filesystem-2025-7-29', 'filesystem-2025-11-25', 'filesystem-2026-8-31'].map((name) => [name, { path: 'dist/index.js', args: [ROOT] }]),
  ),
  ...Object.fromEntries(['memory-2025-4-25', 'memory-2025-8-4', 'memory-2025-11-25', 'memory-2026-8-31'].map((name) => [name, { path: 'dist/index.js' }])),
  'everything-2026-8-31': { path: 'dist/index.js', args: ['stdio'] },
  'firecrawl-3-26-0': { path: 'dist/index.js', env: { FIRECRAWL_API_KEY: 'fc-placeholder' } },
  'notion-2-5-2': { path: 'bin/cli.mjs' },
  'dokploy-0-30-2': { path: 'build/index.js', env: { DOKPLOY_URL: 'http://127.0.0.1:9/api', DOKPLOY_API_KEY: 'placeholder' } },
  'digitalocean-1-0-30': { path: 'index.js', env: { DIGITALOCEAN_API_TOKEN: 'placeholder' } },
}

describe('the published servers under every model and host profile', () => {
  test('which releases break each error rule, and which print the undeclared warning: what docs/profiles.md states (src/lint/published-counts.ts)', async () => {
    const profiles = [...MODEL_PROFILES, ...HOST_PROFILES]
    const rules = profiles.flatMap((profile) => profile.rules.filter((rule) => rule.severity === 'error').map((rule) => ({ profile: profile.name, rule: rule.id, releases: [] as string[] })))
    const undeclared: string[] = []
    for (const [name, { path, args = [], env = {} }] of Object.entries(PUBLISHED)) {
      const raw = await captureRaw({ command: 'node', args: [join(ROOT, 'node_modules', name, path), ...args], env })
      const broken = new Set(lintSurface({ raw }, profiles.map((profile) => profile.name)).violations.map((violation) => `${violation.profile} ${violation.rule}`))
      for (const row of rules) if (broken.has(`${row.profile} ${row.rule}`)) row.releases.push(name)
      if (undeclaredModelRefusals(raw, ['mcp-2025-11-25', 'sdk-typescript']).length > 0) undeclared.push(name)
    }
    expect({ servers: Object.keys(PUBLISHED), rules, warnUndeclared: undeclared }).toEqual(PUBLISHED_COUNTS)
  }, 60_000)
})

describe('Gemini as users send it', () => {
  test('the $schema the SDK 1.x writes is marked emitted by the SDK; a hand-written draft-07 is not', async () => {
    const server = new McpServer1({ name: 'z', version: '1.0.0' })
    ;(server.registerTool as (...args: unknown[]) => unknown)('echo', { description: 'Echo.', inputSchema: { text: z4.string() } }, async () => ({ content: [] }))
    const raw = await captureRaw(server as never)
    const handWritten = { name: 'plain', inputSchema: object({ q: { type: 'string' } }, { $schema: 'http://json-schema.org/draft-07/schema#' }) }
    const report = lintSurface({ raw: { ...raw, tools: [...(raw.tools ?? []), handWritten] } }, ['gemini'])
    expect(report.violations.map((violation) => `${violation.name} ${violation.path}${violation.sdkEmitted ? ' (emitted by the SDK)' : ''}`)).toEqual([
      'echo inputSchema.$schema (emitted by the SDK)',
      'plain inputSchema.$schema',
    ])
    expect(formatLint(report)).toContain('      emitted by the SDK: a tool registered through McpServer of @modelcontextprotocol/sdk 1.x carries "$schema"')
  })

  test('gemini-sanitized keeps every parameters rule but the one its clients strip', () => {
    const gemini = MODEL_PROFILES.find((profile) => profile.name === 'gemini')?.rules.map((rule) => rule.id) ?? []
    const sanitized = MODEL_PROFILES.find((profile) => profile.name === 'gemini-sanitized')?.rules.map((rule) => rule.id) ?? []
    expect(gemini.filter((rule) => !sanitized.includes(rule))).toEqual(['tool-parameters-json-schema-fields'])
    expect(sanitized.every((rule) => gemini.includes(rule))).toBe(true)
  })
})
