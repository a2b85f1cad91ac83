/**
 * Registers mcp-contract's matchers and surface serializer with Vitest.
 * @example // vitest.config.ts
 * export default defineConfig({ test: { setupFiles: ['mcp-contract/vitest'] } })
 */
import { recordAsyncExpect } from '@vitest/expect'
import { chai, expect } from 'vitest'
import { surfaceSerializer, toHonorContract, toMatchMcpContract } from '../matchers/index.js'
import type { McpContractMatchers } from '../matchers/matcher-types.js'
import { trackUnawaited } from '../matchers/vitest-adapter.js'

expect.extend({ toHonorContract, toMatchMcpContract })
expect.addSnapshotSerializer(surfaceSerializer)
trackUnawaited(chai, recordAsyncExpect, ['toHonorContract', 'toMatchMcpContract'])

// Why `Matchers`, not `Assertion`: vitest re-exports `Assertion`, and an interface merged through a re-export is not seen.
declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
  interface Matchers<T = any> extends McpContractMatchers<void> {}
}

export type { McpContractMatchers } from '../matchers/matcher-types.js'
export type { Policy, Severity, Surface } from '../matchers/index.js'
