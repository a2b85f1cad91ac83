// Writes src/contract/contract-validator.generated.ts, the contract schema compiled ahead of time
// with Ajv's standalone code: `npm run schemas` after editing mcp-contract.schema.json.
// Why ahead of time: compiling the schema cost every `check` about 100 ms; loading the compiled
// code costs a few. test/contract/contract-validator.test.ts fails when the file is out of date.
import { writeFileSync } from 'node:fs'
import { contractValidatorSource } from '../src/contract/contract-validator-source.js'

writeFileSync(new URL('../src/contract/contract-validator.generated.ts', import.meta.url), contractValidatorSource())
