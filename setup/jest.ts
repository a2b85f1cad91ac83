/**
 * Registers mcp-contract's matchers and surface serializer with Jest (CommonJS, for `setupFilesAfterEnv`).
 * @example // jest.config.js
 * module.exports = { setupFilesAfterEnv: ['mcp-contract/jest'] }
 */
import { expect } from '@jest/globals'
import { surfaceSerializer, toHonorContract, toMatchConsumerContract, toMatchMcpContract, toMatchMcpLock, toSatisfyConsumerContracts } from '../matchers/index.js'
import type { McpContractMatchers } from '../matchers/matcher-types.js'

expect.extend({ toHonorContract, toMatchMcpContract, toMatchConsumerContract, toSatisfyConsumerContracts, toMatchMcpLock })
expect.addSnapshotSerializer(surfaceSerializer)

declare module 'expect' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
  interface Matchers<R extends void | Promise<void>, T = unknown> extends McpContractMatchers<R> {}
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
    interface Matchers<R, T = {}> extends McpContractMatchers<R> {}
  }
}

export type { ConsumerVerification, McpContractMatchers } from '../matchers/matcher-types.js'
export type { Policy, Severity, Surface } from '../matchers/index.js'
