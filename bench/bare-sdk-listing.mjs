// The floor the CLI benches measure against: a bare SDK client script that spawns the server,
// initializes and lists every page of tools/list, as any client must to see the surface.
import { writeFileSync } from 'node:fs'

/** Writes that script to `file` for the stdio server at `server`; returns `file`. */
export function writeBareSdkListing(file, server) {
  writeFileSync(
    file,
    `import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { z } from 'zod'
const client = new Client({ name: 'bare', version: '1.0.0' })
await client.connect(new StdioClientTransport({ command: process.execPath, args: [${JSON.stringify(server)}], env: { ...process.env } }))
let cursor
do {
  const page = await client.request({ method: 'tools/list', params: cursor ? { cursor } : {} }, z.object({}).passthrough())
  cursor = page.nextCursor
} while (cursor)
await client.close()
`,
  )
  return file
}
