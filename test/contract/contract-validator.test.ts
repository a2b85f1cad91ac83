import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { consumerContractValidatorSource, contractValidatorSource } from '../../src/contract/contract-validator-source.js'

test.each([
  { file: 'contract-validator.generated.ts', schema: 'mcp-contract.schema.json', source: contractValidatorSource },
  { file: 'consumer-contract-validator.generated.ts', schema: 'mcp-consumer-contract.schema.json', source: consumerContractValidatorSource },
])('the compiled $file is current with $schema (run `npm run schemas` after editing the schema)', ({ file, source }) => {
  const committed = readFileSync(new URL(`../../src/contract/${file}`, import.meta.url), 'utf8')
  expect(committed === source()).toBe(true)
})
