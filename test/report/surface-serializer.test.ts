import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { format } from 'pretty-format'
import { describe, expect, test } from 'vitest'
import { parseSurfaceSnapshot, SurfaceSnapshotSyntaxError } from '../../src/report/parse-surface-snapshot.js'
import { printSurfaceSnapshot, surfaceSerializer } from '../../src/report/surface-serializer.js'
import { diffSurfaces } from '../../src/diff/diff-surfaces.js'
import { captureSurface } from '../../src/capture/capture-surface.js'
import { HINT_DEFAULTS } from '../../src/surface/tool-defaults.js'
import type { Surface } from '../../src/surface/types.js'
import { objectSchema, surface, tool } from '../support/build-surface.js'
import { printedWithEveryHint } from '../support/earlier-snapshot-format.js'
import { SURFACE_FIXTURES } from './surface-fixtures.js'
import { z } from 'zod'

const fixtures = Object.entries(SURFACE_FIXTURES).map(([title, surface]) => ({ title, surface }))

describe('parse(print(surface)) equals surface (hints a read-only tool cannot mean at their defaults)', () => {
  test.each(fixtures)('$title', ({ surface }) => {
    const text = printSurfaceSnapshot(surface)
    expect(parseSurfaceSnapshot(text)).toStrictEqual(withMeaninglessHintsAtDefaults(surface))
  })

  test.each(fixtures)('$title (4-space indent, nested under other values)', ({ surface }) => {
    const text = format({ before: 1, surface, after: [surface] }, { plugins: [surfaceSerializer], indent: 4 })
    expect(parseSurfaceSnapshot(firstNestedSurface(text))).toStrictEqual(withMeaninglessHintsAtDefaults(surface))
  })

  test.each(fixtures)('$title: no change between the surface and what its text reads back as', ({ surface }) => {
    expect(diffSurfaces(surface, parseSurfaceSnapshot(printSurfaceSnapshot(surface)), { failOn: 'cosmetic' }).changes).toEqual([])
  })
})

describe('hints and task support: only what differs from the spec defaults is printed', () => {
  test.each([
    { title: 'read-only, the rest at defaults', hints: { readOnlyHint: true }, taskSupport: 'forbidden', printed: ['hints: readOnlyHint=true'] },
    { title: 'read-only: destructiveHint and idempotentHint mean nothing', hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }, taskSupport: 'forbidden', printed: ['hints: readOnlyHint=true, openWorldHint=false'] },
    { title: 'every hint at its default', hints: {}, taskSupport: 'forbidden', printed: [] },
    { title: 'a writing tool that is not destructive', hints: { destructiveHint: false, idempotentHint: true }, taskSupport: 'forbidden', printed: ['hints: destructiveHint=false, idempotentHint=true'] },
    { title: 'task support other than forbidden', hints: { openWorldHint: false }, taskSupport: 'optional', printed: ['hints: openWorldHint=false', 'taskSupport: "optional"'] },
  ] as const)('$title', ({ hints, taskSupport, printed }) => {
    const text = printSurfaceSnapshot(surface({ tools: [tool('t', { hints, taskSupport })] }))
    expect(text.split('\n').slice(text.split('\n').indexOf('    tool t') + 1, -2).map((line) => line.trim())).toEqual(printed)
  })

  test('the snapshot of a read-only tool that declares nothing else', () => {
    expect(printSurfaceSnapshot(surface({ tools: [tool('list_todos', { hints: { readOnlyHint: true } })] }))).toMatchInlineSnapshot(`
      "McpSurface {
        server
          name: "demo"
          capabilities: {"tools":{}}
        tools (1)
          tool list_todos
            hints: readOnlyHint=true
            input: object
      }"
    `)
  })
})

describe('snapshots printed before defaults were left out (every hint and the task support listed)', () => {
  const earlier = `McpSurface {
  server
    name: "todo"
    capabilities: {"tools":{}}
  tools (2)
    tool add_todo
      title: "Add a to-do"
      hints: readOnlyHint=false, destructiveHint=true, idempotentHint=false, openWorldHint=false
      taskSupport: "forbidden"
      input: object
        text: string, required
    tool list_todos
      hints: readOnlyHint=true, destructiveHint=true, idempotentHint=false, openWorldHint=false
      taskSupport: "forbidden"
      input: object
}`
  const todo = surface({
    server: { name: 'todo', capabilities: { tools: {} } },
    tools: [
      tool('add_todo', { title: 'Add a to-do', hints: { openWorldHint: false }, inputSchema: objectSchema({ text: { type: 'string' } }, ['text']) }),
      tool('list_todos', { hints: { readOnlyHint: true, openWorldHint: false } }),
    ],
  })

  test('read back as the surface they were printed from', () => {
    expect(parseSurfaceSnapshot(earlier)).toStrictEqual(todo)
  })

  test('and the same surface printed today is no change from them', () => {
    expect(diffSurfaces(parseSurfaceSnapshot(earlier), parseSurfaceSnapshot(printSurfaceSnapshot(todo)), { failOn: 'cosmetic' }).changes).toEqual([])
    expect(printSurfaceSnapshot(parseSurfaceSnapshot(earlier))).toBe(printSurfaceSnapshot(todo))
  })

  test.each(fixtures.filter(({ title }) => title !== 'odd keys and strings'))('$title, printed as before, reads back as it reads today', ({ surface }) => {
    expect(parseSurfaceSnapshot(printedWithEveryHint(surface))).toStrictEqual(surface)
  })
})

describe('printing', () => {
  test('is deterministic: key order in the input does not matter', () => {
    const surface = SURFACE_FIXTURES['catalog: arguments, nested objects, arrays, output schema']
    const reversed = JSON.parse(JSON.stringify(surface), (_key, value) =>
      value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).reverse()) : value,
    ) as Surface
    expect(printSurfaceSnapshot(reversed)).toBe(printSurfaceSnapshot(surface))
  })

  test('reads as one line per argument with type, required-ness, constraints', () => {
    expect(printSurfaceSnapshot(SURFACE_FIXTURES['catalog: arguments, nested objects, arrays, output schema'])).toMatchSnapshot()
  })

  test('recursive schemas print their definitions once', () => {
    expect(printSurfaceSnapshot(SURFACE_FIXTURES['recursive schema with $defs and $ref'])).toMatchSnapshot()
  })

  test('odd names are quoted, odd strings escaped', () => {
    expect(printSurfaceSnapshot(SURFACE_FIXTURES['odd keys and strings'])).toMatchSnapshot()
  })

  test('nests inside another snapshotted value with the surrounding indentation', () => {
    const surface = SURFACE_FIXTURES['lists present but empty']
    expect(format({ label: 'x', surfaces: [surface] }, { plugins: [surfaceSerializer] })).toMatchInlineSnapshot(`
      "Object {
        "label": "x",
        "surfaces": Array [
          McpSurface {
            server
              name: "empty"
              capabilities: {"prompts":{},"resources":{},"tools":{}}
            tools (0)
            prompts (0)
            resources (0)
            resourceTemplates (0)
          },
        ],
      }"
    `)
  })

  test('leaves values that are not surfaces to other printers', () => {
    expect(surfaceSerializer.test({ server: {}, notRecorded: [] })).toBe(false)
    expect(surfaceSerializer.test(null)).toBe(false)
    expect(surfaceSerializer.test({ server: { capabilities: {} }, notRecorded: [] })).toBe(true)
  })
})

describe('parsing text that is not a printed surface', () => {
  test.each([
    { title: 'plain JSON', text: '{"server":{}}' },
    { title: 'no closing brace', text: 'McpSurface {\n  server\n    capabilities: {}' },
    { title: 'a bad value', text: 'McpSurface {\n  server\n    capabilities: {oops}\n}' },
    { title: 'a list count that does not match', text: 'McpSurface {\n  server\n    capabilities: {}\n  tools (2)\n}' },
    { title: 'an unknown list', text: 'McpSurface {\n  server\n    capabilities: {}\n  widgets (0)\n}' },
    { title: 'a property without required-ness', text: 'McpSurface {\n  server\n    capabilities: {}\n  tools (1)\n    tool a\n      input: object\n        q: string\n}' },
    {
      title: 'properties nested 10,000 levels deep',
      text: `McpSurface {\n  server\n    capabilities: {}\n  tools (1)\n    tool t\n      hints: readOnlyHint=false, destructiveHint=true, idempotentHint=false, openWorldHint=true\n      taskSupport: "forbidden"\n      input: object\n${Array.from({ length: 10_000 }, (_, level) => `${' '.repeat(8 + level)}a: object, optional`).join('\n')}\n}`,
    },
  ])('$title', ({ text }) => {
    expect(() => parseSurfaceSnapshot(text)).toThrow(SurfaceSnapshotSyntaxError)
    expect(() => parseSurfaceSnapshot(text)).toThrowErrorMatchingSnapshot()
  })
})

/** The surface with a read-only tool's `destructiveHint` and `idempotentHint` at the spec defaults, as its text reads back. */
function withMeaninglessHintsAtDefaults(value: Surface): Surface {
  if (!value.tools) return value
  const { destructiveHint, idempotentHint } = HINT_DEFAULTS
  return { ...value, tools: value.tools.map((item) => (item.hints.readOnlyHint ? { ...item, hints: { ...item.hints, destructiveHint, idempotentHint } } : item)) }
}

/** The text of the first surface inside a printed value: from its header to the brace at the header line's indentation. */
function firstNestedSurface(text: string): string {
  const lines = text.split('\n')
  const start = lines.findIndex((line) => line.includes('McpSurface {'))
  const indentation = lines[start].length - lines[start].trimStart().length
  const end = lines.findIndex((line, index) => index > start && line === `${' '.repeat(indentation)}},`)
  return [lines[start].trimStart(), ...lines.slice(start + 1, end), `${' '.repeat(indentation)}}`].join('\n')
}

describe('what a zod schema says is what the snapshot shows', () => {
  async function weatherSurface(): Promise<Surface> {
    const server = new McpServer({ name: 'weather', version: '1.0.0' })
    server.registerTool(
      'get_forecast',
      { inputSchema: { city: z.string(), units: z.enum(['celsius', 'fahrenheit']).optional(), days: z.number().int().max(14).optional(), offset: z.number().int() } },
      async () => ({ content: [] }),
    )
    return captureSurface(server)
  }

  test('a string enum is a string, and the safe-integer limits .int() writes show no bound', async () => {
    const live = await weatherSurface()
    expect(live.tools![0].inputSchema).toMatchObject({ properties: { offset: { minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER } } })
    expect(printSurfaceSnapshot(live)).toMatchInlineSnapshot(`
      "McpSurface {
        server
          name: "weather"
          capabilities: {"tools":{"listChanged":true}}
        tools (1)
          tool get_forecast
            input: object
              city: string, required
              days: integer, optional, maximum=14
              offset: integer, required
              units: string, optional, enum=["celsius","fahrenheit"]
      }"
    `)
  })

  test('a snapshot printed before (any, and the limits listed) reads back as the same surface, and reprints as today', async () => {
    const live = await weatherSurface()
    const before = printSurfaceSnapshot(live)
      .replace('units: string,', 'units: any,')
      .replace('offset: integer, required', 'offset: integer, required, maximum=9007199254740991, minimum=-9007199254740991')
      .replace('days: integer, optional, maximum=14', 'days: integer, optional, maximum=14, minimum=-9007199254740991')
    expect(before).toContain('units: any, optional, enum=["celsius","fahrenheit"]')
    // Why without serverVersion: a snapshot never holds it.
    const { serverVersion: _version, ...printed } = live
    expect(parseSurfaceSnapshot(before)).toStrictEqual(printed)
    expect(printSurfaceSnapshot(parseSurfaceSnapshot(before))).toBe(printSurfaceSnapshot(live))
  })

  test('a bound at the limit on a number that is not integer-only is shown', () => {
    const text = printSurfaceSnapshot(surface({ tools: [tool('t', { inputSchema: objectSchema({ n: { type: 'number', minimum: -Number.MAX_SAFE_INTEGER }, m: { type: ['integer', 'null'], maximum: Number.MAX_SAFE_INTEGER } }, []) })] }))
    expect(text).toContain('n: number, optional, minimum=-9007199254740991')
    expect(text).toContain('m: integer | null, optional\n')
  })
})
