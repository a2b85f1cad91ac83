import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { contractValidatorSource } from '../../src/contract/contract-validator-source.js'

test('the compiled contract validator is current with mcp-contract.schema.json (run `npm run schemas` after editing the schema)', () => {
  const committed = readFileSync(new URL('../../src/contract/contract-validator.generated.ts', import.meta.url), 'utf8')
  expect(committed === contractValidatorSource()).toBe(true)
})
