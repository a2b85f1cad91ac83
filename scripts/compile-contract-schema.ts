// Writes src/contract/contract-validator.generated.ts and consumer-contract-validator.generated.ts,
// the contract schemas compiled ahead of time with Ajv's standalone code: `npm run schemas` after
// editing mcp-contract.schema.json, mcp-consumer-contract.schema.json or mcp-contract.lock.schema.json.
// Why ahead of time: compiling the schema cost every `check` about 100 ms, and loading and compiling
// the consumer schema cost each `record` more than forwarding its messages; loading the compiled code
// costs a few. test/contract/contract-validator.test.ts fails when a file is out of date.
import { writeFileSync } from 'node:fs'
import { consumerContractValidatorSource, contractValidatorSource } from '../src/contract/contract-validator-source.js'
import { lockValidatorSource } from '../src/lock/lock-validator-source.js'

writeFileSync(new URL('../src/contract/contract-validator.generated.ts', import.meta.url), contractValidatorSource())
writeFileSync(new URL('../src/contract/consumer-contract-validator.generated.ts', import.meta.url), consumerContractValidatorSource())
writeFileSync(new URL('../src/lock/lock-validator.generated.ts', import.meta.url), lockValidatorSource())
