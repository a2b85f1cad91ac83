/**
 * The raw matchers, for projects that call `expect.extend` themselves. Most projects load
 * `mcp-contract/vitest` or `mcp-contract/jest` instead, which also register the serializer.
 * @example
 * import { toHonorContract, toMatchMcpContract, surfaceSerializer } from 'mcp-contract/matchers'
 * expect.extend({ toHonorContract, toMatchMcpContract })
 * expect.addSnapshotSerializer(surfaceSerializer)
 */
export { toHonorContract } from './to-honor-contract.js'
export { toMatchMcpContract } from './to-match-mcp-contract.js'
export { toMatchConsumerContract } from './to-match-consumer-contract.js'
export { toSatisfyConsumerContracts } from './to-satisfy-consumer-contracts.js'
export { toMatchMcpLock, type LockPolicy } from './to-match-mcp-lock.js'
export { clientConfig, type ClientConfigRef } from '../src/lock/client-config-ref.js'
export type { MatcherResult } from './matcher-core.js'
export { surfaceSerializer, printSurfaceSnapshot } from '../src/report/surface-serializer.js'
export { parseSurfaceSnapshot, SurfaceSnapshotSyntaxError } from '../src/report/parse-surface-snapshot.js'
export type { Policy } from '../src/diff/policy.js'
export type { Severity } from '../src/diff/change.js'
export type { Surface } from '../src/surface/types.js'
