import { describe, expect, test } from 'vitest'
import { diffSurfaces } from '../../src/diff/diff-surfaces.js'
import { describeChange } from '../../src/report/describe-change.js'
import type { Surface } from '../../src/surface/types.js'
import { normalizeSurface } from '../../src/surface/normalize.js'
import { parseContract } from '../../src/contract/contract-file.js'
import { objectSchema, surface, tool } from '../support/build-surface.js'

/** Runs the diff and keeps what a table row pins: kind, severity, location and words. */
function changes(before: Surface, after: Surface) {
  return diffSurfaces(before, after).changes.map((change) => {
    const words = describeChange(change)
    return { kind: change.kind, severity: change.severity, where: words.location, says: `${words.what}; ${words.effect}` }
  })
}

const search = tool('search', { inputSchema: objectSchema({ region: { type: 'string' } }, ['region']) })
const withHeader = (header: string) => ({ ...search, headers: { region: header } })

describe('2026-07-28 era changes', () => {
  test.each([
    {
      title: 'header added to an argument',
      before: surface({ tools: [search] }),
      after: surface({ tools: [withHeader('Region')] }),
    },
    {
      title: 'header removed from an argument',
      before: surface({ tools: [withHeader('Region')] }),
      after: surface({ tools: [search] }),
    },
    {
      title: 'header renamed',
      before: surface({ tools: [withHeader('Region')] }),
      after: surface({ tools: [withHeader('Mcp-Region')] }),
    },
    {
      title: 'an outputSchema with an array root is compared like any schema',
      before: surface({ tools: [{ ...search, outputSchema: { type: 'array', items: { type: 'string' } } }] }),
      after: surface({ tools: [{ ...search, outputSchema: { type: 'array', items: { type: ['string', 'null'] } } }] }),
    },
    {
      title: 'tools/list private → public',
      before: { ...surface({ tools: [search] }), cacheScope: { tools: 'private' } },
      after: { ...surface({ tools: [search] }), cacheScope: { tools: 'public' } },
    },
    {
      title: 'tools/list public → private',
      before: { ...surface({ tools: [search] }), cacheScope: { tools: 'public' } },
      after: { ...surface({ tools: [search] }), cacheScope: { tools: 'private' } },
    },
    {
      title: 'recorded in the legacy era, the server now refuses initialize',
      before: surface({ tools: [search] }),
      after: { ...surface({ tools: [search] }), eras: ['2026-07-28'], refusedEras: ['legacy'] },
    },
    {
      title: 'a new difference between the eras',
      before: { ...surface({ tools: [search] }), eras: ['legacy', '2026-07-28'] },
      after: { ...surface({ tools: [search] }), eras: ['legacy', '2026-07-28'], eraDifferences: [{ entity: 'tool', name: 'search', field: 'description' }] },
    },
  ] as { title: string; before: Surface; after: Surface }[])('$title', ({ before, after }) => {
    expect(changes(before, after)).toMatchSnapshot()
  })

  test('a difference already recorded between the eras is not reported again', () => {
    const split = { ...surface({ tools: [search] }), eras: ['legacy', '2026-07-28'], eraDifferences: [{ entity: 'tool', name: 'search', field: 'description' }] } as Surface
    expect(changes(split, split)).toEqual([])
  })

  test('a read in one era never says the other era was dropped', () => {
    const both = { ...surface({ tools: [search] }), eras: ['legacy', '2026-07-28'] } as Surface
    expect(changes(both, { ...both, eras: ['legacy'] })).toEqual([])
  })
})

describe('eras normalize to one surface', () => {
  const inputSchema = { type: 'object', properties: { region: { type: 'string' } } }
  test('task support from execution (2025) and from the tasks extension (2026) is one field', () => {
    const legacy = normalizeSurface({ era: 'legacy', initialize: {}, tools: [{ name: 't', inputSchema, execution: { taskSupport: 'optional' } }] })
    const modern = normalizeSurface({ era: '2026-07-28', initialize: {}, tools: [{ name: 't', inputSchema, _meta: { 'io.modelcontextprotocol/tasks': { taskSupport: 'optional' } } }] })
    expect(modern.tools).toEqual(legacy.tools)
    expect(modern.tools?.[0].taskSupport).toBe('optional')
  })

  test('a list is public only when every page says so; ttlMs is not recorded', () => {
    const normalized = normalizeSurface({ initialize: {}, tools: [], prompts: [], cacheScopes: { tools: ['public', 'public'], prompts: ['public', 'private'] } })
    expect(normalized.cacheScope).toEqual({ tools: 'public', prompts: 'private' })
    expect(JSON.stringify(normalized)).not.toContain('ttl')
  })

  test('a contract recorded before eras reports nothing against a 2026-era capture of the same tools', () => {
    const old = parseContract(JSON.stringify({ format: 1, ...surface({ tools: [search] }) }))
    const live = { ...surface({ tools: [search] }), eras: ['2026-07-28'], cacheScope: { tools: 'private' } } as Surface
    // Only the era itself: the older file was a legacy read, and the new one is a 2026-07-28 read.
    expect(changes(old, live).map((change) => change.kind)).toEqual(['server-era-added'])
    expect(changes(old, { ...live, eras: undefined })).toEqual([])
  })
})
