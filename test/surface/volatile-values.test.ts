import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { captureSurface } from '../../src/capture/capture-surface.js'
import { parseContract, serializeContract } from '../../src/contract/contract-file.js'
import { diffSurfaces } from '../../src/diff/diff-surfaces.js'
import { policyProblem } from '../../src/diff/policy.js'
import { parseSurfaceSnapshot } from '../../src/report/parse-surface-snapshot.js'
import { printSurfaceSnapshot } from '../../src/report/surface-serializer.js'
import type { Surface, VolatileValue } from '../../src/surface/types.js'
import { detectVolatile, markVolatile } from '../../src/surface/detect-volatile.js'
import { maskTokens, tokenDifference } from '../../src/surface/volatile-formats.js'
import { parseVolatilePath, renderVolatilePath } from '../../src/surface/volatile-path.js'
import { keepRecordedVolatile, maskVolatile, namesNothing, sameByShape } from '../../src/surface/volatile-values.js'
import { createCatalogServer } from '../fixtures/servers/catalog-server.js'
import { createClockServer } from '../fixtures/servers/clock-server.js'

describe('tokens', () => {
  test.each([
    { before: 'data as of 2026-12-07', after: 'data as of 2026-12-08', formats: ['date'] },
    { before: 'since 2020, data as of 2026-12-07', after: 'since 2020, data as of 2026-12-08', formats: ['date'] },
    { before: 'at 2026-12-07T04:00:00.000Z', after: 'at 2026-12-07T04:00:01.512Z', formats: ['date-time'] },
    { before: 'session 0b6f2c1e-8a8e-4c47-9b1b-2a4c3e5d6f70', after: 'session 7d1e5a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b', formats: ['uuid'] },
    { before: 'build 3fa9c2e1d7', after: 'build 9b1c4d2e8f', formats: ['hex'] },
    { before: 'up to 10 results', after: 'up to 50 results', formats: ['digits'] },
    { before: 'Search the web', after: 'Search the catalog', formats: undefined },
    { before: 'as of 2026-12-07', after: 'as of 2026-12-07', formats: undefined },
  ])('$before → $after: $formats', ({ before, after, formats }) => {
    expect(tokenDifference(before, after)).toEqual(formats)
  })

  test('a masked text keeps the rest compared', () => {
    expect(maskTokens('Session 0b6f2c1e-8a8e-4c47-9b1b-2a4c3e5d6f70 started at 2026-12-07T04:00:00.000Z.', ['uuid', 'date-time'])).toBe('Session {uuid} started at {date-time}.')
  })
})

describe('paths', () => {
  test.each(['tools.search.inputSchema.properties.since.default', 'server.instructions', 'resources["session://{uuid}/status"].uri', 'prompts.*.description', 'tools["a.b"].description'])('%s reads back as written', (path) => {
    const parsed = parseVolatilePath(path)
    expect('segments' in parsed && renderVolatilePath(parsed.segments)).toBe(path)
  })

  test.each([
    { policy: { volatile: 'server.instructions' } },
    { policy: { volatile: ['search.description'] } },
    { policy: { volatile: ['tools.search['] } },
    { policy: { volatile: [{ path: 'tools.search.description', format: 'iso' }] } },
    { policy: { volatile: [{ path: 'tools.search.description', pattern: '(' }] } },
    { policy: { volatile: [{ path: 'tools.search.description', shape: 'date' }] } },
  ])('a declaration that is not one says what to write: $policy', ({ policy }) => {
    expect(policyProblem(policy)).toMatchSnapshot()
  })
})

describe('detection between two captures of one server', () => {
  test('a deterministic server read twice marks nothing; its order does not matter', async () => {
    const first = await captureSurface(createCatalogServer('v1'))
    const second = await captureSurface(createCatalogServer('v1'))
    second.tools?.reverse()
    expect(detectVolatile(first, second)).toEqual({ volatile: [], unexplained: [] })
    expect(markVolatile(first, second).surface).toEqual(first)
  })

  test('only what differed is marked: the dated description, the same on one day, is left compared exactly', async () => {
    const first = await captureSurface(createClockServer())
    await new Promise((resolve) => setTimeout(resolve, 5))
    const second = await captureSurface(createClockServer())
    const { volatile, unexplained } = detectVolatile(first, second)
    expect(unexplained).toEqual([])
    expect(volatile.map((value) => value.path)).not.toContain('tools.search.description')
    const next = await captureSurface(createClockServer('honors', { shiftDays: 1 }))
    expect(detectVolatile(first, next).volatile).toContainEqual({ path: 'tools.search.description', type: 'string', format: 'date' })
  })
})

describe('compared by shape', () => {
  test('a date-time default that becomes a number is not masked on the live side, so the diff reports it', async () => {
    const recorded = markVolatile(await captureSurface(createClockServer()), await captureSurface(createClockServer('honors', { shiftDays: 1 }))).surface
    const live = await captureSurface(createClockServer('since-number'))
    const { compared } = maskVolatile(recorded, live, recorded.volatile ?? [])
    expect(compared.map((value) => value.path)).not.toContain('tools.search.inputSchema.properties.since.default')
    expect(diffSurfaces(recorded, live).changes.map((change) => change.kind)).toEqual(['schema-type-changed', 'schema-default-changed'])
    expect(sameByShape(recorded, { ...(await captureSurface(createClockServer('honors', { shiftDays: 2 }))), volatile: recorded.volatile })).toBe(true)
  })
})

describe('keeping what was recorded', () => {
  test.each([
    { title: 'an id and a clock that moved keep their recorded text', variant: 'honors' as const, kept: true },
    { title: 'a since default that turned into a number keeps the live one: its shape changed', variant: 'since-number' as const, kept: false },
  ])('$title', async ({ variant, kept }) => {
    const recorded = markVolatile(await captureSurface(createClockServer()), await captureSurface(createClockServer())).surface
    const live = { ...(await captureSurface(createClockServer(variant, { shiftDays: 1 }))), volatile: recorded.volatile }
    const written = keepRecordedVolatile(recorded, live)
    const since = (surface: Surface) => (surface.tools!.find((tool) => tool.name === 'search')!.inputSchema as { properties: Record<string, { default?: unknown }> }).properties.since.default
    expect(written.server.instructions).toBe(recorded.server.instructions)
    expect(written.resources!.map((resource) => resource.uri)).toEqual(recorded.resources!.map((resource) => resource.uri))
    expect(since(written)).toEqual(kept ? since(recorded) : since(live))
    // Why the description stays live: the date in it is not recorded volatile, so its change is the one to review.
    expect(written.tools!.find((tool) => tool.name === 'search')!.description).toBe(live.tools!.find((tool) => tool.name === 'search')!.description)
  })

  test('a surface with nothing volatile is returned as it is', async () => {
    const live = await captureSurface(createCatalogServer())
    expect(keepRecordedVolatile(live, live)).toBe(live)
  })

  test.each([
    { declared: ['tools.search.description', 'server.instructions'], nothing: [] },
    { declared: ['tools.serch.description', { path: 'tools.search.inputSchema.properties.snice.default', format: 'date-time' as const }], nothing: ['tools.serch.description', 'tools.search.inputSchema.properties.snice.default'] },
    { declared: ['resources["session://{uuid}/status"].uri', 'tools.*.description'], nothing: [] },
  ])('declared $declared: names nothing $nothing', async ({ declared, nothing }) => {
    expect(namesNothing(await captureSurface(createClockServer()), declared)).toEqual(nothing)
  })
})

describe('the contract file', () => {
  test('volatile entries are written and read back; a file without them reads as before', async () => {
    const surface = markVolatile(await captureSurface(createClockServer()), await captureSurface(createClockServer('honors', { shiftDays: 1 }))).surface
    const text = serializeContract(surface)
    expect(parseContract(text).volatile).toEqual(surface.volatile)
    const { volatile: _volatile, ...older } = JSON.parse(text)
    const read = parseContract(JSON.stringify(older))
    expect(read.volatile).toBeUndefined()
    expect(diffSurfaces(read, read)).toMatchObject({ ok: true, changes: [] })
    expect(diffSurfaces(read, read).comparedByShape).toBeUndefined()
  })

  test('an entry of the wrong shape is refused, naming where', async () => {
    const surface = await captureSurface(createCatalogServer('v1'))
    const text = JSON.stringify({ ...JSON.parse(serializeContract(surface)), volatile: [{ path: 'server.instructions', type: 'date' }] })
    expect(() => parseContract(text, 'mcp-contract.json')).toThrowErrorMatchingSnapshot()
  })
})

describe('hints', () => {
  test('a changed number in a text or a default is a change someone made: no hint', async () => {
    const recorded = await captureSurface(createCatalogServer('v1'))
    const live = structuredClone(recorded)
    const tool = live.tools![0]
    tool.description = `${tool.description ?? ''} Up to 50 results.`
    recorded.tools![0].description = `${recorded.tools![0].description ?? ''} Up to 10 results.`
    const report = diffSurfaces(recorded, live)
    expect(report.changes.map((change) => change.kind)).toEqual(['tool-description-changed'])
    expect(report.looksVolatile).toBeUndefined()
    expect(report.changes[0].details?.looksVolatile).toBeUndefined()
  })
})

describe('shapes in a snapshot text', () => {
  test('each kind of volatile value prints as its shape and reads back as its entry; a value that lost its shape prints as it is', async () => {
    const server = new McpServer({ name: 'shapes', version: '1.0.0' }, { instructions: 'Session 0b6f2c1e-8a8e-4c47-9b1b-2a4c3e5d6f70 is yours.' })
    const inputSchema = { since: z.number().int().default(1765000000000), tag: z.string().default('nightly'), limit: z.number().int().default(10) }
    server.registerTool('list', { description: 'Lists stamps (build 41).', inputSchema }, async () => ({ content: [] }))
    server.registerPrompt('brief', { argsSchema: { day: z.string().describe('A day such as 2026-12-07') } }, async () => ({ messages: [] }))
    server.registerResource('session', 'file:///s/7d1e5a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b.json', {}, async (uri) => ({ contents: [{ uri: uri.href, text: '{}' }] }))
    server.registerResource('about', 'file:///s/about.json', {}, async (uri) => ({ contents: [{ uri: uri.href, text: '{}' }] }))
    const volatile: VolatileValue[] = [
      { path: 'server.instructions', type: 'string', format: 'uuid' },
      { path: 'tools.list.inputSchema.properties.since.default', type: 'integer', format: 'epoch-ms' },
      { path: 'tools.list.inputSchema.properties.tag.default', type: 'string' },
      { path: 'tools.list.inputSchema.properties.limit.default', type: 'string', format: 'date-time' },
      { path: 'tools.list.description', type: 'string', pattern: 'build \\d+' },
      { path: 'prompts.brief.arguments.day.description', type: 'string', format: 'date' },
      { path: 'resources["file:///s/{uuid}.json"].uri', type: 'string', format: 'uuid' },
    ]
    const text = printSurfaceSnapshot({ ...(await captureSurface(server)), volatile })
    expect(text).toMatchInlineSnapshot(`
      "McpSurface {
        server
          name: "shapes"
          instructions: "Session ‹uuid› is yours."
          capabilities: {"prompts":{"listChanged":true},"resources":{"listChanged":true},"tools":{"listChanged":true}}
        tools (1)
          tool list
            description: "Lists stamps (‹volatile›)."
            input: object
              limit: integer, optional, default=10
              since: integer, optional, default="‹integer epoch-ms›"
              tag: string, optional, default="‹string›"
        prompts (1)
          prompt brief
            argument day: required
              description: "A day such as ‹date›"
        resources (2)
          resource "file:///s/about.json"
            name: "about"
          resource "file:///s/‹uuid›.json"
            name: "session"
        resourceTemplates (0)
      }"
    `)
    expect(parseSurfaceSnapshot(text).volatile).toEqual([
      { path: 'prompts.brief.arguments.day.description', type: 'string', format: 'date' },
      { path: 'resources["file:///s/{uuid}.json"].uri', type: 'string', format: 'uuid' },
      { path: 'server.instructions', type: 'string', format: 'uuid' },
      { path: 'tools.list.inputSchema.properties.since.default', type: 'integer', format: 'epoch-ms' },
      { path: 'tools.list.inputSchema.properties.tag.default', type: 'string' },
    ])
    const { volatile: _none, ...plain } = parseSurfaceSnapshot(text)
    expect(printSurfaceSnapshot(plain as Surface)).toBe(text)
  })
})
