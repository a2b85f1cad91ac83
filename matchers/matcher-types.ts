import type { Policy } from '../src/diff/policy.js'

/**
 * The matchers this package adds to `expect`, for the runners' type augmentations.
 * `R` is what the runner's assertion returns (`void` in Vitest, `R` in Jest).
 */
export interface McpContractMatchers<R = void> {
  /**
   * Holds the server to its committed contract file (path relative to the test file).
   * Fails when a change reaches `failOn` (default `'risky'`).
   * @example await expect(createServer()).toHonorContract('mcp-contract.json')
   */
  toHonorContract(file: string, policy?: Policy): Promise<R>
  /**
   * Stores the server's surface in the test's snapshot file; any drift fails, classified.
   * @example await expect(createServer()).toMatchMcpContract()
   */
  toMatchMcpContract(hint?: string, policy?: Policy): Promise<R>
  /** With a policy only: `{ failOn: 'risky' }` lets a drift below `risky` pass. */
  toMatchMcpContract(policy: Policy): Promise<R>
}
