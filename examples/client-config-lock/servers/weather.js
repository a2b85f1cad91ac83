// A server the team's agents use, standing in for one a vendor publishes: `node servers/weather.js`.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { z } from 'zod'

const server = new McpServer({ name: 'weather', version: '1.4.0' })
server.registerTool(
  'get_forecast',
  {
    description: 'The forecast for a city, today and the next days.',
    inputSchema: { city: z.string().describe('City name'), days: z.number().int().min(1).max(7).optional() },
    annotations: { readOnlyHint: true },
  },
  async ({ city, days = 1 }) => ({ content: [{ type: 'text', text: `${city}: sunny for ${days} day(s)` }] }),
)
server.registerTool(
  'get_alerts',
  { description: 'Severe weather alerts for a region.', inputSchema: { region: z.string() }, annotations: { readOnlyHint: true } },
  async ({ region }) => ({ content: [{ type: 'text', text: `no alerts for ${region}` }] }),
)
await server.connect(new StdioServerTransport())
