import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, expect, test } from 'vitest'
import '../../setup/vitest.js'
import { writeContract } from '../../src/contract/contract-file.js'
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

test('a mock of one release does not honor the contract of another: the matcher sees the drift', async () => {
  const [v1, v2] = ['catalog v1 (McpServer)', 'catalog v2 (McpServer)'].map((name) => join(dir, `${name.split(' ')[1]}.json`))
  for (const [file, name] of [[v1, 'catalog v1 (McpServer)'], [v2, 'catalog v2 (McpServer)']]) {
    await writeContract(file, await CONTRACT_FIXTURES.find((fixture) => fixture.name === name)!.contract())
  }
  await expect(expect(mockServer(v2)).toHonorContract(v1)).rejects.toThrow(/argument-now-required\s+parse_catalog → pages/)
})
