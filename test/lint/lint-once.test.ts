import { afterEach, describe, expect, test, vi } from 'vitest'
import { diffProfiles } from '../../src/diff/diff-profiles.js'
import { lintSurface, lintSurfaceWith } from '../../src/lint/lint-surface.js'
import { ruleById } from '../../src/lint/profile-registry.js'
import { normalizeSurface } from '../../src/surface/normalize.js'
import type { RawSurface, Surface } from '../../src/surface/types.js'

const serverOf = (tools: RawSurface['tools']): Surface => normalizeSurface({ initialize: { serverInfo: { name: 'files', version: '1' }, capabilities: { tools: {} } }, tools })
const OBJECT_INPUT = { type: 'object', properties: { q: { type: 'string' } } }
const ARRAY_OUTPUT = { type: 'array' }
const rule = ruleById('sdk-typescript', 'tool-output-schema-object-root')

afterEach(() => {
  vi.restoreAllMocks()
})

describe('lintSurfaceWith', () => {
  test('takes each rule’s findings for each subject from what it is given, in lintSurface’s order', () => {
    const surface = serverOf([{ name: 'a', inputSchema: OBJECT_INPUT }, { name: 'b', inputSchema: OBJECT_INPUT }])
    const given = lintSurfaceWith({ surface }, ['sdk-typescript'], (each, subject) => (each === rule && subject.name === 'b' ? [{ path: 'outputSchema', detail: 'given' }] : each.check(subject)))
    expect(given.violations).toEqual([{ profile: 'sdk-typescript', rule: rule.id, severity: rule.severity, entity: 'tool', name: 'b', path: 'outputSchema', detail: 'given', refusesListing: rule.refusesListing === true }])
    expect(lintSurfaceWith({ surface }, ['sdk-typescript'], (each, subject) => each.check(subject))).toEqual(lintSurface({ surface }, ['sdk-typescript']))
  })
})

describe('diffProfiles lints each entity once', () => {
  test('a tool listed unchanged is checked on the recorded side only; a changed or added one on both', () => {
    const check = vi.spyOn(rule, 'check')
    const recorded = serverOf([
      { name: 'same', inputSchema: OBJECT_INPUT, outputSchema: ARRAY_OUTPUT },
      { name: 'fixed', inputSchema: OBJECT_INPUT, outputSchema: ARRAY_OUTPUT },
    ])
    const live = serverOf([
      { name: 'same', inputSchema: OBJECT_INPUT, outputSchema: ARRAY_OUTPUT },
      { name: 'fixed', inputSchema: OBJECT_INPUT, outputSchema: { type: 'object' } },
      { name: 'added', inputSchema: OBJECT_INPUT, outputSchema: ARRAY_OUTPUT },
    ])
    const { detected, refusals } = diffProfiles(recorded, live, ['sdk-typescript'])
    expect(check.mock.calls.map(([subject]) => subject.name)).toEqual(['fixed', 'same', 'added', 'fixed'])
    expect(detected.filter((change) => change.rule === rule.id).map((change) => `${change.kind} ${change.name}`)).toEqual(['profile-violation-introduced added', 'profile-violation-fixed fixed'])
    expect(refusals.filter((refusal) => refusal.rules.includes(rule.id)).map((refusal) => `${refusal.side} ${refusal.names.join(',')}`)).toEqual(['recorded fixed,same', 'live added,same'])
  })

  test('a key a contract lists twice is checked again on the live side', () => {
    const check = vi.spyOn(rule, 'check')
    const tool = serverOf([{ name: 'twice', inputSchema: OBJECT_INPUT, outputSchema: ARRAY_OUTPUT }]).tools![0]!
    const recorded: Surface = { ...serverOf([]), tools: [tool, { ...tool, outputSchema: { type: 'object' } }] }
    const live = serverOf([{ name: 'twice', inputSchema: OBJECT_INPUT, outputSchema: ARRAY_OUTPUT }])
    diffProfiles(recorded, live, ['sdk-typescript'])
    expect(check).toHaveBeenCalledTimes(3)
  })
})
