import { beforeAll, describe, expect, test } from 'vitest'
import { captureSurface } from '../../src/capture/capture-surface.js'
import { serializeContract } from '../../src/contract/contract-file.js'
import { diffSurfaces } from '../../src/diff/diff-surfaces.js'
import { mockServer } from '../../src/mock/mock-server.js'
import type { Surface } from '../../src/surface/types.js'
import { CONTRACT_FIXTURES } from './fixture-contracts.js'

const contracts = new Map<string, Surface>()
beforeAll(async () => {
  for (const fixture of CONTRACT_FIXTURES) contracts.set(fixture.name, await fixture.contract())
})

describe('the mock advertises exactly the recorded surface', () => {
  test.each(CONTRACT_FIXTURES.map(({ name }) => name))('%s: captured back, no change', async (name) => {
    const recorded = contracts.get(name)!
    const live = await captureSurface(mockServer(recorded))
    const report = diffSurfaces(recorded, live, { strict: true, failOn: 'cosmetic' })
    expect(report.changes).toEqual([])
    // Stronger than no change: the contract recorded from the mock is the same text.
    // Why the version aside for a contract recorded without one: the mock must still send some serverInfo.version (0.0.0).
    const version = recorded.serverVersion === undefined ? { serverVersion: undefined } : {}
    expect(serializeContract({ ...live, ...version })).toBe(serializeContract(recorded))
    if (recorded.serverVersion !== undefined) expect(live.serverVersion).toBe(recorded.serverVersion)
  })
})
