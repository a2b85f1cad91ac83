// Writes docs/rules.md from the change-kind registry and docs/profiles.md from the profile registry: `npm run docs`.
import { writeFileSync } from 'node:fs'
import { KINDS } from '../src/diff/registry.js'
import { PROFILES } from '../src/lint/profile-registry.js'
import { renderProfiles } from '../src/report/render-profiles.js'
import { renderRules } from '../src/report/render-rules.js'

writeFileSync(new URL('../docs/rules.md', import.meta.url), renderRules(KINDS))
writeFileSync(new URL('../docs/profiles.md', import.meta.url), renderProfiles(PROFILES))
