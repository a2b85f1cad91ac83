import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { captureSurface } from '../../src/capture/capture-surface.js'
import { readContract } from '../../src/contract/contract-file.js'
import { mockServer } from '../../src/mock/mock-server.js'
import type { Surface } from '../../src/surface/types.js'
import { stdioFixture } from '../capture/fixture-servers.js'
import { createCatalogServer } from '../fixtures/servers/catalog-server.js'
import { createManyToolsServer } from '../fixtures/servers/many-tools-server.js'
import { createPagedServer } from '../fixtures/servers/paged-server.js'
import { SURFACE_FIXTURES } from '../report/surface-fixtures.js'
import { ROOT } from '../support/run-cli-process.js'

/** Where a contract fixture comes from: a capture of a fixture or real server, a committed file, or a hand-written surface. */
export interface ContractFixture {
  name: string
  contract: () => Promise<Surface>
}

const scratch = mkdtempSync(join(tmpdir(), 'mcp-contract-mock-'))
const realServer = (alias: string, args: string[] = []) => ({
  command: process.execPath,
  args: [join(ROOT, 'node_modules', alias, 'dist/index.js'), ...args],
  env: { MEMORY_FILE_PATH: join(scratch, `${alias}.jsonl`) },
})

/** A real SDK server whose tools take and return a recursive zod schema (emitted as `$ref` cycles). */
export function createTreeServer(): McpServer {
  interface Node {
    label: string
    children: Node[]
  }
  const node: z.ZodType<Node> = z.lazy(() => z.object({ label: z.string().min(1).max(12), children: z.array(node).max(3) }))
  const server = new McpServer({ name: 'tree', version: '1.0.0' })
  server.registerTool(
    'grow',
    { description: 'Grows a tree.', inputSchema: { seed: node, depth: z.number().int().min(0).max(4) }, outputSchema: { tree: node, size: z.number().int().nonnegative() } },
    async ({ seed }) => ({ content: [], structuredContent: { tree: seed, size: 1 } }),
  )
  return server
}

/**
 * Every contract in the test fixtures: the fixture servers (in-process and stdio), the real
 * servers installed as npm aliases, the examples' committed contracts and the hand-written
 * surfaces of the serializer tests.
 */
export const CONTRACT_FIXTURES: ContractFixture[] = [
  { name: 'catalog v1 (McpServer)', contract: () => captureSurface(createCatalogServer('v1')) },
  { name: 'catalog v2 (McpServer)', contract: () => captureSurface(createCatalogServer('v2')) },
  { name: 'many tools (McpServer)', contract: () => captureSurface(createManyToolsServer(25)) },
  { name: 'paged (Server)', contract: () => captureSurface(createPagedServer(3)) },
  { name: 'recursive zod tree (McpServer)', contract: () => captureSurface(createTreeServer()) },
  { name: 'keyword families v1 (stdio)', contract: () => captureSurface(stdioFixture('keyword-families.js')) },
  { name: 'keyword families v2 (stdio)', contract: () => captureSurface(stdioFixture('keyword-families.js', { KEYWORDS_VARIANT: 'v2' })) },
  { name: 'external refs (stdio)', contract: () => captureSurface(stdioFixture('external-refs.js')) },
  ...['memory-2025-4-25', 'memory-2025-8-4', 'memory-2025-11-25', 'memory-2026-8-31'].map((alias) => ({
    name: `${alias} (real server)`,
    contract: () => captureSurface(realServer(alias)),
  })),
  ...['filesystem-2025-3-28', 'filesystem-2025-7-29', 'filesystem-2025-11-25', 'filesystem-2026-8-31'].map((alias) => ({
    name: `${alias} (real server)`,
    contract: () => captureSurface(realServer(alias, [scratch])),
  })),
  ...['jest-stdio', 'vitest-in-memory', 'mock-consumer'].map((example) => ({
    name: `examples/${example}/mcp-contract.json`,
    contract: () => readContract(join(ROOT, 'examples', example, 'mcp-contract.json')),
  })),
  // Why recorded first: these hand-written surfaces are not normalized (an empty description,
  // a draft-07 tuple `items`, a capability key the SDK client drops), so the contract is what
  // recording them gives, as it would be for a real server listing them.
  ...Object.entries(SURFACE_FIXTURES).map(([name, surface]) => ({ name: `surface: ${name}`, contract: () => captureSurface(mockServer(surface)) })),
]
