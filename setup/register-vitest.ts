/**
 * Registers the matchers, the surface serializer and un-awaited tracking with Vitest.
 * Loaded by `mcp-contract/vitest`; see there for why it is a module of its own.
 */
import { recordAsyncExpect } from '@vitest/expect'
import { chai, expect } from 'vitest'
import { surfaceSerializer, toHonorContract, toMatchMcpContract } from '../matchers/index.js'
import { trackUnawaited } from '../matchers/vitest-adapter.js'

expect.extend({ toHonorContract, toMatchMcpContract })
expect.addSnapshotSerializer(surfaceSerializer)
trackUnawaited(chai, recordAsyncExpect, ['toHonorContract', 'toMatchMcpContract'])
