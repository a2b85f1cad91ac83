// The provider: a shop's MCP server (SDK 1.x McpServer).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'

export function createShopServer() {
  const server = new McpServer({ name: 'shop', version: '1.0.0' })
  server.registerTool(
    'search_products',
    {
      description: 'Search the shop.',
      inputSchema: { query: z.string(), limit: z.number().int().optional() },
      outputSchema: { items: z.array(z.object({ sku: z.string(), name: z.string(), priceCents: z.number().int(), stock: z.number().int() })), total: z.number().int() },
      annotations: { readOnlyHint: true },
    },
    async ({ query }) => {
      const items = [
        { sku: 'T-1', name: `${query} tea`, priceCents: 650, stock: 4 },
        { sku: 'T-2', name: `${query} tea, large`, priceCents: 990, stock: 0 },
      ]
      return { content: [{ type: 'text', text: JSON.stringify(items) }], structuredContent: { items, total: items.length } }
    },
  )
  server.registerTool(
    'export_report',
    { description: 'Export the month’s sales as CSV.', inputSchema: { month: z.string() } },
    async () => ({ content: [{ type: 'text', text: 'sku,sold' }] }),
  )
  return server
}
