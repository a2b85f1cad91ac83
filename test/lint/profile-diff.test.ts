import { describe, expect, test } from 'vitest'
import { diffSurfaces } from '../../src/diff/diff-surfaces.js'
import { formatReport, toJsonReport } from '../../src/report/format-report.js'
import { normalizeSurface } from '../../src/surface/normalize.js'
import type { RawSurface } from '../../src/surface/types.js'

const serverOf = (lists: Omit<RawSurface, 'initialize'>) =>
  normalizeSurface({ initialize: { serverInfo: { name: 'files', version: '1' }, capabilities: { tools: {} } }, ...lists })
const search = (fields: Record<string, unknown>) => ({ name: 'search', ...fields })
const OBJECT_INPUT = { type: 'object', properties: { q: { type: 'string' } } }

describe('profile-violation-introduced', () => {
  test('an additive schema change (the root type dropped: every value is now accepted) that clients refuse is breaking', () => {
    const report = diffSurfaces(serverOf({ tools: [search({ inputSchema: OBJECT_INPUT })] }), serverOf({ tools: [search({ inputSchema: { properties: { q: { type: 'string' } } } })] }))
    expect(report.changes.filter((change) => change.kind === 'schema-type-changed')).toMatchObject([{ severity: 'additive', direction: 'input' }])
    expect(report.changes.slice(0, 2)).toMatchObject([
      { kind: 'profile-violation-introduced', severity: 'breaking', entity: 'tool', name: 'search', profile: 'mcp-2025-11-25', rule: 'tool-input-schema-object-root' },
      { kind: 'profile-violation-introduced', severity: 'breaking', entity: 'tool', name: 'search', profile: 'sdk-typescript', rule: 'tool-input-schema-object-root' },
    ])
    expect(report.ok).toBe(false)
    expect(report.listingRefused).toEqual([{ side: 'live', profile: 'sdk-typescript', method: 'tools/list', entity: 'tool', rules: ['tool-input-schema-object-root'], names: ['search'] }])
  })

  test('an output root that became an array breaks mcp-2025-11-25 and the SDK, not mcp-2026-07-28', () => {
    const before = serverOf({ tools: [search({ inputSchema: OBJECT_INPUT, outputSchema: { type: 'object' } })] })
    const after = serverOf({ tools: [search({ inputSchema: OBJECT_INPUT, outputSchema: { type: 'array' } })] })
    const kinds = (profiles: string[]) => diffSurfaces(before, after, { profiles }).changes.filter((change) => change.kind.startsWith('profile-')).map((change) => `${change.profile} ${change.rule}`)
    expect(kinds(['mcp-2025-11-25', 'mcp-2026-07-28', 'sdk-typescript'])).toEqual(['mcp-2025-11-25 tool-output-schema-object-root', 'sdk-typescript tool-output-schema-object-root'])
  })

  test('a new tool that breaks a rule introduces it: one tool can hide every other', () => {
    const report = diffSurfaces(serverOf({ tools: [search({ inputSchema: OBJECT_INPUT })] }), serverOf({ tools: [search({ inputSchema: OBJECT_INPUT }), { name: 'fetch', inputSchema: {} }] }))
    expect(report.changes.map((change) => `${change.kind} ${change.name} ${change.severity}`)).toEqual([
      'profile-violation-introduced fetch breaking',
      'profile-violation-introduced fetch breaking',
      'tool-added fetch additive',
    ])
  })

  test('a warning rule newly broken is risky', () => {
    const report = diffSurfaces(serverOf({ tools: [] }), serverOf({ tools: [{ name: 'search files', inputSchema: OBJECT_INPUT }] }))
    expect(report.changes[0]).toMatchObject({ kind: 'profile-violation-introduced', severity: 'risky', profile: 'mcp-2025-11-25', rule: 'tool-name-format' })
  })

  test('profiles: [] turns the check off; nothing else changes', () => {
    const report = diffSurfaces(serverOf({ tools: [search({ inputSchema: OBJECT_INPUT })] }), serverOf({ tools: [search({ inputSchema: {} })] }), { profiles: [] })
    expect(report.changes.some((change) => change.kind.startsWith('profile-'))).toBe(false)
    expect(report.listingRefused).toBeUndefined()
  })

  test('an unchanged surface that breaks a rule reports no change, and still says first that clients cannot list it', () => {
    const broken = serverOf({ tools: [search({ inputSchema: {} })] })
    const report = diffSurfaces(broken, broken)
    expect(report.changes).toEqual([])
    expect(formatReport(report)).toMatchSnapshot()
  })
})

describe('profile-violation-fixed', () => {
  test('a tool that gets its object root back is additive', () => {
    const report = diffSurfaces(serverOf({ tools: [search({ inputSchema: {} })] }), serverOf({ tools: [search({ inputSchema: OBJECT_INPUT })] }))
    expect(report.changes.filter((change) => change.kind.startsWith('profile-'))).toMatchObject([
      { kind: 'profile-violation-fixed', severity: 'additive', profile: 'mcp-2025-11-25', rule: 'tool-input-schema-object-root' },
      { kind: 'profile-violation-fixed', severity: 'additive', profile: 'sdk-typescript', rule: 'tool-input-schema-object-root' },
    ])
    expect(report.listingRefused).toEqual([expect.objectContaining({ side: 'recorded', method: 'tools/list' })])
  })

  test('a removed tool fixes nothing: its removal is the change', () => {
    const report = diffSurfaces(serverOf({ tools: [search({ inputSchema: {} })] }), serverOf({ tools: [] }))
    expect(report.changes.map((change) => change.kind)).toEqual(['tool-removed'])
  })
})

test('the text report opens with the clients that cannot list the live surface, then the cause, then the consequences', () => {
  const report = diffSurfaces(
    serverOf({ tools: [search({ inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } })] }),
    serverOf({ tools: [search({ inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#' } })] }),
  )
  expect(formatReport(report)).toMatchSnapshot()
  expect(formatReport(report, { format: 'markdown' })).toMatchSnapshot()
})

test('the JSON report carries profile and rule on profile changes, and the refused lists', () => {
  const report = diffSurfaces(serverOf({ tools: [search({ inputSchema: OBJECT_INPUT })] }), serverOf({ tools: [search({ inputSchema: {} })] }))
  const json = toJsonReport(report)
  expect(json.changes[0]).toEqual({
    kind: 'profile-violation-introduced',
    severity: 'breaking',
    entity: 'tool',
    name: 'search',
    path: '',
    message: expect.any(String),
    profile: 'mcp-2025-11-25',
    rule: 'tool-input-schema-object-root',
  })
  expect(json.changes.map((change) => change.message)).toMatchSnapshot()
  expect(json.listingRefused).toEqual([expect.objectContaining({ profile: 'sdk-typescript', side: 'live', method: 'tools/list' })])
})
