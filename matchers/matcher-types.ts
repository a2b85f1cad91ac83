import type { Policy } from '../src/diff/policy.js'
import type { LockPolicy } from './to-match-mcp-lock.js'

/**
 * The matchers this package adds to `expect`, for the runners' type augmentations.
 * `R` is what the runner's assertion returns (`void` in Vitest, `R` in Jest).
 */
export interface McpContractMatchers<R = void> {
  /**
   * Holds the server to its committed contract file (path relative to the project root).
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
  /**
   * Holds a consumer (a client from `recordConsumer`) to its consumer contract file (relative to
   * the project root); a consumer that now uses more or less fails, `-u` accepts.
   * @example await expect(client).toMatchConsumerContract('contracts/checkout-agent.mcp-consumer.json')
   */
  toMatchConsumerContract(file: string): Promise<R>
  /**
   * Verifies the server against every consumer contract or Pact V4 pact in a file, a folder, a
   * glob, `s3://bucket/prefix`, an `https://` URL, or a list of them; with `{ call: true }` also
   * calls each used read-only tool with each recorded example.
   * @example await expect(createServer()).toSatisfyConsumerContracts('contracts/')
   */
  toSatisfyConsumerContracts(paths: string | string[], options?: ConsumerVerification): Promise<R>
  /**
   * Holds every server of a client config (`clientConfig('.mcp.json')`) to its lock file (default
   * `mcp-contract.lock.json`, relative to the project root); fails with the classified report over
   * all of them. `-u` rewrites the lock, and only the lock.
   * @example await expect(clientConfig('.mcp.json')).toMatchMcpLock()
   */
  toMatchMcpLock(file?: string, policy?: LockPolicy): Promise<R>
  /** With a policy only, against `mcp-contract.lock.json`. */
  toMatchMcpLock(policy: LockPolicy): Promise<R>
}

/** Options of `toSatisfyConsumerContracts`. No tool is called unless `call` is true. */
export interface ConsumerVerification {
  /** Call each used tool with each recorded example, and fail on an error, an answer that breaks the live outputSchema, or an absent field the consumer reads. */
  call?: boolean
  /** With `call`: also call tools the server does not mark read-only (`readOnlyHint: true`). */
  allowDestructive?: boolean
  /** With `call`: the provider's handlers for the states consumers name (`given`), run before each example recorded in that state. */
  states?: { [state: string]: () => unknown }
  /** The provider verified, over the server's own name (`serverInfo.name`): for a server that renamed itself, the name its consumers' contracts record. */
  provider?: string
}
