import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, expect, test } from 'vitest'
import '../../setup/vitest.js'
import { captureSurface } from '../../src/capture/capture-surface.js'
import { writeContract } from '../../src/contract/contract-file.js'
import { diffSurfaces } from '../../src/diff/diff-surfaces.js'
import { mockServer } from '../../src/index.js'
import { CONTRACT_FIXTURES } from './fixture-contracts.js'

const NAMES = ['catalog v1 (McpServer)', 'recursive zod tree (McpServer)', 'keyword families v2 (stdio)', 'memory-2025-11-25 (real server)', 'filesystem-2025-11-25 (real server)']
let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-mock-honor-'))
})

test.each(NAMES)('expect(mockServer(C)).toHonorContract(C): %s', async (name) => {
  const file = join(dir, `${NAMES.indexOf(name)}.json`)
  await writeContract(file, await CONTRACT_FIXTURES.find((fixture) => fixture.name === name)!.contract())
  await expect(mockServer(file, { seed: 3 })).toHonorContract(file, { strict: true, failOn: 'cosmetic' })
})

test('a mock of one release does not honor the contract of another: the drift is there to see', async () => {
  // Why not through the matcher: a failing toHonorContract counts as a failed snapshot, and `-u` would rewrite the file.
  const [v1, v2] = await Promise.all(['catalog v1 (McpServer)', 'catalog v2 (McpServer)'].map((name) => CONTRACT_FIXTURES.find((fixture) => fixture.name === name)!.contract()))
  const report = diffSurfaces(v1, await captureSurface(mockServer(v2)))
  expect(report.ok).toBe(false)
  expect(report.changes).toContainEqual(expect.objectContaining({ kind: 'argument-now-required', name: 'parse_catalog', path: ['pages'] }))
})
