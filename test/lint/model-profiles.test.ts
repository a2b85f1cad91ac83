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
import { MODEL_PROFILES } from '../../src/lint/profile-registry.js'
import { undeclaredModelRefusals } from '../../src/lint/undeclared-models.js'
import { modelApiWarning } from '../../src/report/describe-undeclared.js'
import { formatLint } from '../../src/report/format-lint.js'
import type { RawSurface } from '../../src/surface/types.js'
import { ROOT } from '../support/run-cli-process.js'

const MODELS = MODEL_PROFILES.map((profile) => profile.name)
const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra })
const rawOf = (...tools: Record<string, unknown>[]): RawSurface => ({ tools }) as RawSurface
/** The error rules of `profile` that `tool` breaks, as `rule` ids. */
const errorsUnder = (profile: string, tool: Record<string, unknown>) => [...new Set(lintSurface({ raw: rawOf(tool) }, [profile]).violations.filter((violation) => violation.severity === 'error').map((violation) => violation.rule))]

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
    report: 'https://github.com/cyanheads/atlas-mcp-server/issues/14 (dots in tool names; v2.0.6 uses underscores)',
    profile: 'anthropic',
    rule: 'tool-name-format',
    shape: { name: 'project.list', inputSchema: object({}) },
    fix: { name: 'project_list', inputSchema: object({}) },
  },
  {
    report: 'https://github.com/browserbase/stagehand/issues/1159 (parameters without a root type "object")',
    profile: 'openai',
    rule: 'tool-parameters-object-root',
    shape: { name: 'json', inputSchema: { anyOf: [object({ a: { type: 'string' } }), object({ b: { type: 'number' } })] } },
    fix: { name: 'json', inputSchema: object({ a: { type: 'string' }, b: { type: 'number' } }) },
  },
  {
    report: 'https://github.com/home-assistant/core/issues/147760 (dots in names, refused by OpenAI\'s pattern too)',
    profile: 'openai',
    rule: 'tool-name-format',
    shape: { name: 'caldav-mcp.create-event', inputSchema: object({}) },
    fix: { name: 'caldav-mcp_create-event', inputSchema: object({}) },
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

describe.each(REPORTS)('$report', ({ profile, rule, shape, fix }) => {
  test(`the shape breaks ${profile} ${rule}, an error`, () => {
    expect(errorsUnder(profile, shape)).toContain(rule)
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

// The published servers the project installs as npm aliases (package.json devDependencies).
const PUBLISHED = ['filesystem-2025-3-28', 'filesystem-2025-7-29', 'filesystem-2025-11-25', 'filesystem-2026-8-31', 'memory-2025-4-25', 'memory-2025-8-4', 'memory-2025-11-25', 'memory-2026-8-31']

describe('the published servers under every model profile', () => {
  test('how many of the 8 each API refuses (the README states these counts)', async () => {
    const refused: Record<string, string[]> = Object.fromEntries(MODELS.map((profile) => [profile, []]))
    const undeclared: string[] = []
    for (const name of PUBLISHED) {
      const args = [join(ROOT, 'node_modules', name, 'dist/index.js'), ...(name.startsWith('filesystem') ? [ROOT] : [])]
      const raw = await captureRaw({ command: 'node', args })
      for (const profile of MODELS) {
        const rules = [...new Set(lintSurface({ raw }, [profile]).violations.filter((violation) => violation.severity === 'error').map((violation) => violation.rule))]
        if (rules.length > 0) refused[profile].push(`${name}: ${rules.join(', ')}`)
      }
      if (undeclaredModelRefusals(raw, ['mcp-2025-11-25', 'sdk-typescript']).length > 0) undeclared.push(name)
    }
    expect({ refused, undeclared }).toMatchSnapshot()
  }, 60_000)
})
