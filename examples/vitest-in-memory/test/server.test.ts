import { expect, test } from 'vitest'
import { createServer } from '../src/server.js'

test('the MCP surface has not drifted', async () => {
  // Stored in test/__snapshots__/server.test.ts.snap; any drift fails, classified.
  await expect(createServer()).toMatchMcpContract()
})

test('the server honors its published contract', async () => {
  // The committed contract file (the same format `mcp-contract snapshot` writes).
  // Only changes that can break a caller (breaking, risky) fail here.
  await expect(createServer()).toHonorContract('mcp-contract.json')
})
