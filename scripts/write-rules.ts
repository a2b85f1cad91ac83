// Writes docs/rules.md from the change-kind registry: `npm run docs`.
import { writeFileSync } from 'node:fs'
import { KINDS } from '../src/diff/registry.js'
import { renderRules } from '../src/report/render-rules.js'

writeFileSync(new URL('../docs/rules.md', import.meta.url), renderRules(KINDS))
