/**
 * What the SDKs emit for ordinary code, linted on real servers: the findings a user cannot fix in
 * their own code are marked as the SDK's, and the text says so instead of asking for a fix.
 */
import { McpServer as McpServer1 } from '@modelcontextprotocol/sdk/server/mcp.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { McpServer as McpServer2 } from '@modelcontextprotocol/server'
import { describe, expect, test } from 'vitest'
import * as z4 from 'zod'
import * as z3 from 'zod/v3'
import { captureRaw } from '../../src/capture/capture-raw.js'
import { lintSurface } from '../../src/lint/lint-surface.js'
import { PROFILES } from '../../src/lint/profile-registry.js'
import { formatLint } from '../../src/report/format-lint.js'

/** The zod API both majors share, as far as these tools use it. */
type Zod = typeof z4

/** Tools as people write them: described, optional, defaulted, nullable, reused, unions, recursion, formats, no arguments. */
function ordinaryTools(z: Zod): Record<string, { input: Record<string, unknown>; output?: Record<string, unknown> }> {
  const address = z.object({ city: z.string(), zip: z.string().regex(/^\d{5}$/) })
  const node: z4.ZodType = z.lazy(() => z.object({ value: z.string(), children: z.array(node).optional() }))
  return {
    search: { input: { query: z.string().describe('Free text'), limit: z.number().int().min(1).max(100).optional() }, output: { items: z.array(z.string()), total: z.number().int() } },
    schedule: { input: { when: z.string().datetime().nullable(), mode: z.enum(['fast', 'slow']).default('fast'), tags: z.array(z.string()).default([]) }, output: { at: z.string().nullable(), ok: z.boolean().default(true) } },
    ship: { input: { home: address, work: address }, output: { home: address, work: address } },
    lookup: {
      input: { id: z.union([z.string(), z.number()]), kind: z.literal('sku'), extra: z.record(z.string(), z.number()).optional() },
      output: { value: z.discriminatedUnion('type', [z.object({ type: z.literal('a'), a: z.string() }), z.object({ type: z.literal('b'), b: z.number() })]) },
    },
    walk: { input: { root: node }, output: { root: node } },
    ping: { input: {} },
    contact: { input: { email: z.string().email(), site: z.string().url(), pair: z.tuple([z.string(), z.number()]), even: z.number().positive().multipleOf(2) }, output: { email: z.string().email() } },
  }
}

function register(server: { registerTool: (...args: never[]) => unknown }, z: Zod, names?: string[]): void {
  for (const [name, { input, output }] of Object.entries(ordinaryTools(z))) {
    if (names && !names.includes(name)) continue
    const config = { description: `The ${name} tool.`, inputSchema: input, ...(output ? { outputSchema: output } : {}), annotations: { readOnlyHint: true } }
    ;(server.registerTool as (...args: unknown[]) => unknown)(name, config, async () => ({ content: [] }))
  }
}

const SDKS = [
  { sdk: '@modelcontextprotocol/sdk 1.x, zod 4', create: () => new McpServer1({ name: 'ordinary', version: '1.0.0' }), z: z4, rules: ['mcp-2025-11-25 tool-schema-dialect', 'mcp-2026-07-28 tool-schema-dialect'] },
  { sdk: '@modelcontextprotocol/sdk 1.x, zod 3', create: () => new McpServer1({ name: 'ordinary', version: '1.0.0' }), z: z3 as unknown as Zod, rules: ['mcp-2025-11-25 tool-schema-dialect', 'mcp-2026-07-28 tool-schema-dialect'] },
  { sdk: '@modelcontextprotocol/server 2.x, zod 4', create: () => new McpServer2({ name: 'ordinary', version: '1.0.0' }), z: z4, rules: [] },
]

// Why the MCP profiles only: what a model API refuses in these tools is test/lint/model-profiles.test.ts's.
const PROFILE_NAMES = PROFILES.filter((profile) => profile.modelApi === undefined).map((profile) => profile.name)

describe.each(SDKS)('$sdk, ordinary tools, every MCP profile', ({ create, z, rules }) => {
  test('every finding is one the SDK emits, and is marked as such', async () => {
    const server = create()
    register(server as never, z)
    const report = lintSurface({ raw: await captureRaw(server) }, PROFILE_NAMES)
    expect([...new Set(report.violations.map((violation) => `${violation.profile} ${violation.rule}`))]).toEqual(rules)
    expect(report.violations.filter((violation) => !violation.sdkEmitted)).toEqual([])
  })
})

describe('the text report', () => {
  test('says the SDK emits it and what to do, marks each place, and counts it in the summary', async () => {
    const server = new McpServer1({ name: 'ordinary', version: '1.0.0' })
    register(server as never, z4, ['search'])
    expect(formatLint(lintSurface({ raw: await captureRaw(server) }))).toMatchInlineSnapshot(`
      "mcp-2025-11-25 — MCP specification 2025-11-25
        warning tool-schema-dialect (2, all emitted by the SDK)
            A tool schema that declares a $schema other than JSON Schema 2020-12 relies on a dialect clients need not support; they must support 2020-12 only.
            emitted by the SDK: a tool registered through McpServer of @modelcontextprotocol/sdk 1.x breaks it with nothing wrong in its code: the SDK writes "$schema": "http://json-schema.org/draft-07/schema#" into every schema it converts from zod (3 or 4). There is nothing to change in the tool; the 2.x packages (@modelcontextprotocol/server), which declare 2020-12, clear it.
            source: MCP 2025-11-25: Overview, JSON Schema usage <https://modelcontextprotocol.io/specification/2025-11-25/basic#json-schema-usage>
          search → inputSchema.$schema: $schema is "http://json-schema.org/draft-07/schema#" (emitted by the SDK)
          search → outputSchema.$schema: $schema is "http://json-schema.org/draft-07/schema#" (emitted by the SDK)

      sdk-typescript — TypeScript SDK clients (@modelcontextprotocol/sdk 1.x, @modelcontextprotocol/client 2.x)
        no rule broken
      0 errors · 2 warnings (2 emitted by the SDK, not by your code) in 2 profiles — passes
      "
    `)
  })

  test('draft-07 a low-level Server lists by hand is the code’s own: not marked', async () => {
    const server = new Server({ name: 'hand-written', version: '1.0.0' }, { capabilities: { tools: {} } })
    const inputSchema = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { q: { type: 'string' } } }
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name: 'search', inputSchema }] }))
    const report = lintSurface({ raw: await captureRaw(server) }, ['mcp-2025-11-25'])
    expect(report.violations).toEqual([
      { profile: 'mcp-2025-11-25', rule: 'tool-schema-dialect', severity: 'warning', entity: 'tool', name: 'search', path: 'inputSchema.$schema', detail: '$schema is "http://json-schema.org/draft-07/schema#"', refusesListing: false },
    ])
    expect(formatLint(report)).not.toContain('SDK')
  })
})
