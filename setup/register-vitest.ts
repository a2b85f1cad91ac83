/**
 * Registers the matchers, the surface serializer and un-awaited tracking with Vitest.
 * Loaded by `mcp-contract/vitest`; see there for why it is a module of its own.
 */
// Why only `vitest`: it is the one package every supported Vitest ships (Vitest 5 bundles what
// 4 kept in `@vitest/expect`), and its `expect` and `chai` are the instances the tests use.
import { chai, expect } from 'vitest'
import { surfaceSerializer, toHonorContract, toMatchConsumerContract, toMatchMcpContract, toMatchMcpLock, toSatisfyConsumerContracts } from '../matchers/index.js'
import { snapshotsKeptOnFailure, trackUnawaited } from '../matchers/vitest-adapter.js'

expect.extend(snapshotsKeptOnFailure({ toHonorContract, toMatchMcpContract, toMatchConsumerContract, toSatisfyConsumerContracts, toMatchMcpLock }))
expect.addSnapshotSerializer(surfaceSerializer)
trackUnawaited(chai, ['toHonorContract', 'toMatchMcpContract', 'toMatchConsumerContract', 'toSatisfyConsumerContracts', 'toMatchMcpLock'])
