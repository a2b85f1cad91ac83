import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { lockValidatorSource } from '../../src/lock/lock-validator-source.js'

test('the compiled lock-validator.generated.ts is current with mcp-contract.lock.schema.json (run `npm run schemas` after editing the schema)', () => {
  const committed = readFileSync(new URL('../../src/lock/lock-validator.generated.ts', import.meta.url), 'utf8')
  expect(committed === lockValidatorSource()).toBe(true)
})
