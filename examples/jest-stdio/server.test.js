const path = require('node:path')

// The server as a child process over stdio; mcp-contract starts it and stops it for each check.
const server = { command: process.execPath, args: [path.join(__dirname, 'server.mjs')] }

test('the MCP surface has not drifted', async () => {
  // Stored in __snapshots__/server.test.js.snap; any drift fails, classified.
  await expect(server).toMatchMcpContract()
})

test('the server honors its published contract', async () => {
  // The committed contract file (the same format `mcp-contract snapshot` writes).
  // Only changes that can break a caller (breaking, risky) fail here.
  await expect(server).toHonorContract('mcp-contract.json')
})
