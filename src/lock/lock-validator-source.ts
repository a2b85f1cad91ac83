import lockSchema from '../../mcp-contract.lock.schema.json' with { type: 'json' }
import { validatorSource } from '../contract/contract-validator-source.js'

/**
 * The source of `lock-validator.generated.ts`: the lock file schema compiled ahead of time, as the
 * contract schemas are. Used by `npm run schemas` and the test that keeps the file current; never at run time.
 * @example writeFileSync('src/lock/lock-validator.generated.ts', lockValidatorSource())
 */
export function lockValidatorSource(): string {
  return validatorSource(lockSchema, 'mcp-contract.lock.schema.json')
}
