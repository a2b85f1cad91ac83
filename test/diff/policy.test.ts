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
    { profiles: ['sdk-typescript', 'mcp-2026-07-28'] },
    { profiles: [] },
    { era: 'both' },
  ])('%j is fine', (policy) => {
    expect(policyProblem(policy, KIND_IDS)).toBeUndefined()
  })

  test.each([
    { policy: 'risky', says: 'The policy must be an object' },
    { policy: ['risky'], says: 'The policy must be an object' },
    { policy: { failon: 'risky' }, says: 'Unknown policy option "failon". Did you mean "failOn"? The options are failOn, strict, contentModel, format, used, usedBy, ignore, profiles, era.' },
    { policy: { xyz: true }, says: 'Unknown policy option "xyz". The options are failOn' },
    { policy: { failOn: 'fatal' }, says: `failOn must be one of 'breaking', 'risky', 'routing', 'additive', 'cosmetic'; got "fatal".` },
    { policy: { strict: 'yes' }, says: 'strict must be true or false; got "yes".' },
    { policy: { contentModel: 'loose' }, says: `contentModel must be one of 'lenient', 'default', 'strict'; got "loose".` },
    { policy: { format: 'ignore' }, says: `format must be one of 'assert', 'annotate'; got "ignore".` },
    { policy: { used: 'search_*' }, says: 'used must be a list of tool, prompt or resource names' },
    { policy: { era: '2026' }, says: `era must be one of 'auto', 'legacy', '2026-07-28', 'both'; got "2026".` },
    { policy: { ignore: [42] }, says: 'ignore must be a list of change kind ids' },
    { policy: { profiles: 'sdk-typescript' }, says: `profiles must be a list of profile names, such as ['sdk-typescript']; got "sdk-typescript".` },
    { policy: { profiles: ['openai'] }, says: 'profiles lists "openai", which is not a profile; the profiles are mcp-2025-11-25, mcp-2026-07-28, sdk-typescript (docs/profiles.md describes each).' },
    { policy: { ignore: ['tool-remove'] }, says: `ignore lists "tool-remove", which is not a change kind id. Closest: 'tool-removed';` },
  ])('$policy: $says', ({ policy, says }) => {
    expect(policyProblem(policy, KIND_IDS)).toContain(says)
  })

  test('without the kind ids, the ids in ignore are not judged', () => {
    expect(policyProblem({ ignore: ['tool-remove'] })).toBeUndefined()
  })
})

test('diffSurfaces refuses a policy it would silently misread', () => {
  const surface = normalizeSurface({ initialize: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's', version: '1' } } })
  expect(() => diffSurfaces(surface, surface, { ignore: ['hint-flipped'] })).toThrow(new TypeError(`diffSurfaces: ignore lists "hint-flipped", which is not a change kind id. Closest: 'hint-relaxed', 'hint-reversed'; KINDS from 'mcp-contract' lists them all.`))
})
