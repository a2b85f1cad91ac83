import { describe, expect, test } from 'vitest'
import { lintSurface } from '../../src/lint/lint-surface.js'
import { PROFILE_NAMES, PROFILES } from '../../src/lint/profile-registry.js'
import { formatLint } from '../../src/report/format-lint.js'
import { RULE_FIXTURES, type RawLists } from './rule-fixtures.js'

const lint = (lists: RawLists, profile: string) => lintSurface({ raw: { initialize: {}, ...lists } }, [profile])

describe.each(RULE_FIXTURES)('$profile $rule', ({ profile, rule, violates, satisfies }) => {
  test.each(violates.map((lists) => ({ lists, shown: JSON.stringify(lists) })))('breaks it: $shown', ({ lists }) => {
    expect(lint(lists, profile).violations.map((violation) => violation.rule)).toContain(rule)
  })
  test(`keeps it: ${JSON.stringify(satisfies)}`, () => {
    expect(lint(satisfies, profile).violations.map((violation) => violation.rule)).not.toContain(rule)
  })
})

test('every rule of every profile has fixtures that break it and keep it', () => {
  const covered = new Set(RULE_FIXTURES.map((fixture) => `${fixture.profile} ${fixture.rule}`))
  for (const profile of PROFILES) for (const rule of profile.rules) expect(covered, `${profile.name} ${rule.id}`).toContain(`${profile.name} ${rule.id}`)
})

test('every rule has an id, a sentence and a source', () => {
  for (const profile of PROFILES) {
    expect(new Set(profile.rules.map((rule) => rule.id)).size, profile.name).toBe(profile.rules.length)
    for (const rule of profile.rules) {
      expect(rule.id).toMatch(/^(tool|prompt|resource|resource-template)-[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(rule.message, rule.id).toMatch(/^[A-Za-z].*\.$/)
      expect(rule.source.url, rule.id).toMatch(/^https:\/\//)
    }
  }
})

test('mcp-2026-07-28 lets an outputSchema have any root; mcp-2025-11-25 does not', () => {
  const lists = { tools: [{ name: 'list', inputSchema: { type: 'object' }, outputSchema: { type: 'array', items: { type: 'string' } } }] }
  expect(lint(lists, 'mcp-2026-07-28').violations).toEqual([])
  expect(lint(lists, 'mcp-2025-11-25').violations).toMatchObject([{ rule: 'tool-output-schema-object-root', path: 'outputSchema.type', detail: 'type is "array"' }])
})

test('the text report: refused lists first, then each broken rule with its sentence, source and places', () => {
  const report = lintSurface({
    raw: {
      initialize: {},
      tools: [
        { name: 'read_file', inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#' } },
        { name: 'list files', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/gone' } } } },
      ],
      resources: [{ uri: 'file:///notes.md' }],
    },
  })
  expect(report.ok).toBe(false)
  expect(formatLint(report)).toMatchSnapshot()
})

test('a contract file is judged on what it records; rules that need the raw surface are listed as not judged', () => {
  const report = lintSurface({ surface: { server: { capabilities: {} }, notRecorded: [], tools: [{ name: 'read_file', inputSchema: true, hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }, taskSupport: 'forbidden' }] } })
  expect(report.violations.map((violation) => `${violation.profile} ${violation.rule} ${violation.path}`)).toEqual([
    'mcp-2025-11-25 tool-input-schema-object-root inputSchema',
    'sdk-typescript tool-input-schema-object-root inputSchema',
  ])
  expect(formatLint(report)).toMatchSnapshot()
})

test('the names the matchers check a policy against are the registry\'s profiles, in its order', () => {
  expect(PROFILE_NAMES).toEqual(PROFILES.map((profile) => profile.name))
})
