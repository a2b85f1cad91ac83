import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { PROFILES } from '../../src/lint/profile-registry.js'
import { renderProfiles } from '../../src/report/render-profiles.js'

test('docs/profiles.md is generated from the profile registry and up to date (run `npm run docs`)', () => {
  const committed = readFileSync(new URL('../../docs/profiles.md', import.meta.url), 'utf8')
  expect(committed).toBe(renderProfiles(PROFILES))
})

test('every rule in docs/profiles.md links its source', () => {
  const text = renderProfiles(PROFILES)
  for (const profile of PROFILES) for (const rule of profile.rules) expect(text).toContain(`(${rule.source.url}) |`)
})
