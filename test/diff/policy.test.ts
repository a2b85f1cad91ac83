import { describe, expect, test } from 'vitest'
import { diffSurfaces } from '../../src/diff/diff-surfaces.js'
import { policyProblem, type Policy } from '../../src/diff/policy.js'
import { KIND_IDS } from '../../src/diff/registry.js'
import { normalizeSurface } from '../../src/surface/normalize.js'

describe('policyProblem', () => {
  test.each<Policy | undefined>([
    undefined,
    {},
    { failOn: 'breaking', strict: true, contentModel: 'lenient', format: 'annotate', used: ['search_*'], ignore: ['tool-description-changed'] },
    { ignore: ['argument-removed:search.filters', 'tool-description-changed:fetch_*', 'resource-removed:file:///notes.txt'] },
    { profiles: ['sdk-typescript', 'mcp-2026-07-28'] },
    { profiles: [] },
    { era: 'both' },
  ])('%j is fine', (policy) => {
    expect(policyProblem(policy, KIND_IDS)).toBeUndefined()
  })

  test.each([
    { policy: 'risky', says: 'The policy must be an object' },
    { policy: ['risky'], says: 'The policy must be an object' },
    { policy: { failon: 'risky' }, says: 'Unknown policy option "failon". Did you mean "failOn"? The options are failOn, strict, contentModel, format, used, usedBy, ignore, profiles, era, tokenBudget, volatile, cueSeverity.' },
    { policy: { xyz: true }, says: 'Unknown policy option "xyz". The options are failOn' },
    { policy: { failOn: 'fatal' }, says: `failOn must be one of 'breaking', 'risky', 'routing', 'additive', 'cosmetic'; got "fatal".` },
    { policy: { strict: 'yes' }, says: 'strict must be true or false; got "yes".' },
    { policy: { contentModel: 'loose' }, says: `contentModel must be one of 'lenient', 'default', 'strict'; got "loose".` },
    { policy: { format: 'ignore' }, says: `format must be one of 'assert', 'annotate'; got "ignore".` },
    { policy: { used: 'search_*' }, says: 'used must be a list of tool, prompt or resource names' },
    { policy: { era: '2026' }, says: `era must be one of 'auto', 'legacy', '2026-07-28', 'both'; got "2026".` },
    { policy: { ignore: [42] }, says: 'ignore must be a list of change kind ids' },
    { policy: { profiles: 'sdk-typescript' }, says: `profiles must be a list of profile names, such as ['sdk-typescript']; got "sdk-typescript".` },
    { policy: { profiles: ['claude-desktop'] }, says: 'profiles lists "claude-desktop", which is not a profile; the profiles are mcp-2025-11-25, mcp-2026-07-28, sdk-typescript, anthropic, openai, openai-strict, gemini, gemini-sanitized, gemini-json-schema, claude-code, claude-connectors, cursor, vscode-copilot, zed, bedrock-converse (docs/profiles.md describes each).' },
    { policy: { ignore: ['tool-remove'] }, says: `ignore: "tool-remove" is not a change kind id. Did you mean "tool-removed"? KINDS from 'mcp-contract' lists every kind.` },
    { policy: { ignore: ['argument-remove:search.q'] }, says: `ignore: "argument-remove" is not a change kind id. Did you mean "argument-removed"?` },
    { policy: { ignore: ['argument-removed:'] }, says: `ignore: "argument-removed:" has nothing after the colon; write argument-removed alone for every change of that kind, or argument-removed:NAME for one tool, prompt or resource.` },
  ])('$policy: $says', ({ policy, says }) => {
    expect(policyProblem(policy, KIND_IDS)).toContain(says)
  })

  test('without the kind ids, the ids in ignore are not judged', () => {
    expect(policyProblem({ ignore: ['tool-remove'] })).toBeUndefined()
  })
})

test('diffSurfaces refuses a policy it would silently misread', () => {
  const surface = normalizeSurface({ initialize: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's', version: '1' } } })
  expect(() => diffSurfaces(surface, surface, { ignore: ['hint-flipped'] })).toThrow(new TypeError(`diffSurfaces: ignore: "hint-flipped" is not a change kind id. Did you mean "hint-relaxed" or "hint-reversed"? KINDS from 'mcp-contract' lists every kind.`))
})

describe('ignore KIND:PATH drops that kind at one name or argument path and under it, and nothing else', () => {
  const tool = (name: string, properties: Record<string, unknown>, description = 'Finds things.') => ({ name, description, inputSchema: { type: 'object', properties } })
  const surface = (tools: unknown[]) => normalizeSurface({ initialize: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } }, tools: tools as never })
  const filters = { type: 'object', properties: { city: { type: 'string' }, zip: { type: 'string' } } }
  const before = surface([
    tool('search', { q: { type: 'string' }, filters }),
    tool('fetch_page', { url: { type: 'string' }, depth: { type: 'number' } }),
    tool('ns.lookup', { id: { type: 'string' }, region: { type: 'string' } }),
  ])
  const after = surface([
    tool('search', { filters: { type: 'object', properties: { zip: { type: 'string' } } } }),
    tool('fetch_page', { url: { type: 'string' } }, 'Fetches a page.'),
    tool('ns.lookup', { id: { type: 'string' } }),
  ])
  const kept = (ignore: string[]) => diffSurfaces(before, after, { ignore }).changes.map((change) => `${change.kind} ${change.name} ${change.path.join('.')}`.trim())

  test.each([
    { title: 'no rule: every change', ignore: [], expected: ['argument-removed fetch_page depth', 'argument-removed ns.lookup region', 'argument-removed search filters.city', 'argument-removed search q', 'tool-description-changed fetch_page'] },
    { title: 'a kind alone: everywhere', ignore: ['argument-removed'], expected: ['tool-description-changed fetch_page'] },
    { title: 'a tool name: that tool only', ignore: ['argument-removed:search'], expected: ['argument-removed fetch_page depth', 'argument-removed ns.lookup region', 'tool-description-changed fetch_page'] },
    { title: 'an argument path: it and what is under it', ignore: ['argument-removed:search.filters'], expected: ['argument-removed fetch_page depth', 'argument-removed ns.lookup region', 'argument-removed search q', 'tool-description-changed fetch_page'] },
    { title: 'a path that is only a prefix of a name: nothing', ignore: ['argument-removed:search.fil'], expected: ['argument-removed fetch_page depth', 'argument-removed ns.lookup region', 'argument-removed search filters.city', 'argument-removed search q', 'tool-description-changed fetch_page'] },
    { title: 'a glob over names', ignore: ['argument-removed:*_page', 'tool-description-changed:fetch_*'], expected: ['argument-removed ns.lookup region', 'argument-removed search filters.city', 'argument-removed search q'] },
    { title: 'a name with a dot in it', ignore: ['argument-removed:ns.lookup'], expected: ['argument-removed fetch_page depth', 'argument-removed search filters.city', 'argument-removed search q', 'tool-description-changed fetch_page'] },
    { title: 'another kind at that path: nothing', ignore: ['argument-now-required:search'], expected: ['argument-removed fetch_page depth', 'argument-removed ns.lookup region', 'argument-removed search filters.city', 'argument-removed search q', 'tool-description-changed fetch_page'] },
  ])('$title', ({ ignore, expected }) => {
    expect(kept(ignore).sort()).toEqual(expected)
  })
})

describe('output fields have their own kinds; an ignore of the id they had before still drops them', () => {
  const tool = (input: Record<string, unknown>, output: Record<string, unknown>, required: string[]) => ({
    name: 'search',
    inputSchema: { type: 'object', properties: input, required: required.filter((name) => name in input) },
    outputSchema: { type: 'object', properties: output, required: required.filter((name) => name in output) },
  })
  const surface = (tools: unknown[]) => normalizeSurface({ initialize: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } }, tools: tools as never })
  const before = surface([tool({ q: { type: 'string' } }, { id: { type: 'string' } }, [])])
  const after = surface([tool({ q: { type: 'string' }, page: { type: 'number' } }, { id: { type: 'string' }, total: { type: 'number' } }, ['q', 'id'])])
  const kept = (ignore: string[]) => diffSurfaces(before, after, { ignore }).changes.map((change) => `${change.kind} ${change.path.join('.')}`).sort()

  test.each([
    { title: 'no rule: input and output kinds apart', ignore: [], expected: ['argument-added page', 'argument-now-required q', 'output-field-added total', 'output-field-now-required id'] },
    { title: 'output-field-added drops only the output field', ignore: ['output-field-added'], expected: ['argument-added page', 'argument-now-required q', 'output-field-now-required id'] },
    { title: 'output-field-now-required drops only the output field', ignore: ['output-field-now-required'], expected: ['argument-added page', 'argument-now-required q', 'output-field-added total'] },
    { title: 'the former argument-added still drops both, as before', ignore: ['argument-added'], expected: ['argument-now-required q', 'output-field-now-required id'] },
    { title: 'the former argument-now-required still drops both, as before', ignore: ['argument-now-required'], expected: ['argument-added page', 'output-field-added total'] },
    { title: 'a former id with a path: only there', ignore: ['argument-added:search.total'], expected: ['argument-added page', 'argument-now-required q', 'output-field-now-required id'] },
  ])('$title', ({ ignore, expected }) => {
    expect(kept(ignore)).toEqual(expected)
  })
})
