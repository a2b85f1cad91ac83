import { describe, expect, test } from 'vitest'
import type { Change, Severity } from '../../src/diff/change.js'
import { diffSurfaces } from '../../src/diff/diff-surfaces.js'
import { versionAdvice } from '../../src/diff/version-advice.js'
import { versionSuggestion, versionWarning } from '../../src/report/describe-version.js'
import { formatReport } from '../../src/report/format-report.js'
import { printSurfaceSnapshot } from '../../src/report/surface-serializer.js'
import { normalizeSurface } from '../../src/surface/normalize.js'
import { surface, tool } from '../support/build-surface.js'

const change = (severity: Severity): Change => ({ kind: 'tool-removed', severity, entity: 'tool', name: 't', path: [] })

describe('the release the changes need, and a breaking change under too small a release', () => {
  test.each([
    { title: 'breaking under a patch release', severities: ['breaking', 'additive'], recorded: '1.4.2', live: '1.4.3', expected: { needed: 'major', suggested: '2.0.0', liveSuffices: false, underBumped: { range: '^1' } } },
    { title: 'breaking under a minor release', severities: ['breaking'], recorded: '1.4.2', live: '1.5.0', expected: { needed: 'major', suggested: '2.0.0', liveSuffices: false, underBumped: { range: '^1' } } },
    { title: 'breaking with the version unchanged', severities: ['breaking'], recorded: '1.4.2', live: '1.4.2', expected: { needed: 'major', suggested: '2.0.0', liveSuffices: false, underBumped: { range: '^1' } } },
    { title: 'breaking under a major release: nothing to warn about', severities: ['breaking'], recorded: '1.4.2', live: '2.0.0', expected: { needed: 'major', suggested: '2.0.0', liveSuffices: true } },
    { title: 'breaking below 1.0.0: a minor release leaves ^0.4', severities: ['breaking'], recorded: '0.4.2', live: '0.4.3', expected: { needed: 'major', suggested: '0.5.0', liveSuffices: false, underBumped: { range: '^0.4' } } },
    { title: 'breaking below 1.0.0 under 0.5.0: enough', severities: ['breaking'], recorded: '0.4.2', live: '0.5.0', expected: { needed: 'major', suggested: '0.5.0', liveSuffices: true } },
    { title: 'breaking on 0.0.x: any release leaves ^0.0.3', severities: ['breaking'], recorded: '0.0.3', live: '0.0.4', expected: { needed: 'major', suggested: '0.0.4', liveSuffices: true } },
    { title: 'risky needs a major release but is not called breaking', severities: ['risky'], recorded: '1.4.2', live: '1.4.3', expected: { needed: 'major', suggested: '2.0.0', liveSuffices: false } },
    { title: 'additive needs a minor release', severities: ['additive', 'routing'], recorded: '1.4.2', live: '1.4.3', expected: { needed: 'minor', suggested: '1.5.0', liveSuffices: false } },
    { title: 'routing needs a patch release', severities: ['routing', 'cosmetic'], recorded: '1.4.2', live: '1.4.3', expected: { needed: 'patch', suggested: '1.4.3', liveSuffices: true } },
    { title: 'no change needs no release', severities: [], recorded: '1.4.2', live: '1.4.3', expected: {} },
    { title: 'a version that is not semver is not counted from', severities: ['breaking'], recorded: 'dev-build', live: '1.4.3', expected: { needed: 'major' } },
    { title: 'a prerelease of the next major is not inside ^1', severities: ['breaking'], recorded: '1.4.2', live: '2.0.0-beta.1', expected: { needed: 'major', suggested: '2.0.0', liveSuffices: false } },
  ] as { title: string; severities: Severity[]; recorded: string; live: string; expected: object }[])('$title', ({ severities, recorded, live, expected }) => {
    const advice = versionAdvice(severities.map(change), recorded, live)
    const known = { ...(advice.recorded ? { recorded } : {}), ...(advice.live ? { live } : {}) }
    expect(advice).toEqual({ needed: severities.length === 0 ? 'none' : 'major', ...known, ...expected })
  })

  test('the words: the warning a report carries, and the suggestion --suggest-version prints', () => {
    const under = versionAdvice([change('breaking')], '1.4.2', '1.4.3')
    expect(versionWarning(under)).toBe('breaking change, but the version moved 1.4.2 → 1.4.3; callers pinning ^1 will break — release 2.0.0 or later')
    expect(versionWarning(versionAdvice([change('breaking')], '1.4.2', '1.4.2'))).toBe('breaking change, but the version stayed 1.4.2; callers pinning ^1 will break — release 2.0.0 or later')
    expect(versionWarning(versionAdvice([change('breaking')], '1.4.2', '2.0.0'))).toBeUndefined()
    const report = (advice: ReturnType<typeof versionAdvice>) => ({ ...diffSurfaces(surface(), surface()), version: advice })
    expect(versionSuggestion(report(under))).toBe('suggested version: 2.0.0 — the smallest breaking release after 1.4.2, for breaking or risky changes (the server reports 1.4.3, which is too small)')
    expect(versionSuggestion(report(versionAdvice([change('additive')], '1.4.2', '1.5.0')))).toBe('suggested version: 1.5.0 — the smallest feature release after 1.4.2, for additive changes (the server reports 1.5.0, which is enough)')
    expect(versionSuggestion(report(versionAdvice([change('routing')], undefined, '1.5.0')))).toBe(
      'needs a patch release (patch) for routing or cosmetic changes only; the contract records no semver server version to count from (record it again with snapshot)',
    )
    expect(versionSuggestion(report(versionAdvice([], '1.4.2', '1.4.2')))).toBe('no new version needed: the surface did not change')
  })
})

describe('the server version is metadata, never a change', () => {
  const read = (version: string) => normalizeSurface({ initialize: { serverInfo: { name: 'demo', version }, capabilities: { tools: {} } }, tools: [{ name: 't', inputSchema: { type: 'object' } }] })

  test('normalizing records it; a version bump alone is no change and passes', () => {
    expect(read('1.4.2').serverVersion).toBe('1.4.2')
    const report = diffSurfaces(read('1.4.2'), read('1.4.3'))
    expect(report).toMatchObject({ ok: true, changes: [], version: { needed: 'none', recorded: '1.4.2', live: '1.4.3' } })
  })

  test('the toMatchMcpContract snapshot leaves it out, so a release alone never fails a stored snapshot', () => {
    expect(printSurfaceSnapshot(read('1.4.3'))).toBe(printSurfaceSnapshot(read('1.4.2')))
    expect(printSurfaceSnapshot(read('1.4.2'))).not.toContain('1.4.2')
  })

  test('a surface built without it (an older contract) gives no version to count from', () => {
    expect(diffSurfaces(surface({ tools: [tool('a')] }), surface()).version).toEqual({ needed: 'major' })
  })
})

describe('the version warning in reports', () => {
  const read = (version: string, tools: string[]) =>
    normalizeSurface({ initialize: { serverInfo: { name: 'demo', version }, capabilities: { tools: {} } }, tools: tools.map((name) => ({ name, inputSchema: { type: 'object' } })) })

  test('text and markdown carry it; json carries the advice', () => {
    const report = diffSurfaces(read('1.4.2', ['a', 'b']), read('1.4.3', ['a']))
    const warning = 'breaking change, but the version moved 1.4.2 → 1.4.3; callers pinning ^1 will break — release 2.0.0 or later'
    expect(formatReport(report).trimEnd().split('\n').at(-1)).toBe(`version: ${warning}`)
    expect(formatReport(report, { format: 'markdown' })).toContain(`> **Version:** ${warning}\n`)
    expect(JSON.parse(formatReport(report, { format: 'json' })).version).toEqual({ needed: 'major', recorded: '1.4.2', live: '1.4.3', suggested: '2.0.0', liveSuffices: false, underBumped: { range: '^1' } })
  })
})
