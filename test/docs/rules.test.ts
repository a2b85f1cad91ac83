import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { KINDS } from '../../src/diff/registry.js'
import { renderRules } from '../../src/report/render-rules.js'

test('docs/rules.md is generated from the registry and up to date (run `npm run docs`)', () => {
  const committed = readFileSync(new URL('../../docs/rules.md', import.meta.url), 'utf8')
  expect(committed).toBe(renderRules(KINDS))
})

test('every kind is documented with an example', () => {
  for (const kind of KINDS) expect(kind.example, `${kind.id} has an example`).toBeTruthy()
})
