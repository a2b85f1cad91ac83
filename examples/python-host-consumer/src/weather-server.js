import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { pathToFileURL } from 'node:url'
import { z } from 'zod'

const FORECASTS = { Melbourne: { temperature: 22, conditions: 'Sunny', humidity: 41 } }

/** The weather provider: get_weather answers temperature, conditions and humidity; get_alerts nobody here calls. */
export function createWeatherServer() {
  const server = new McpServer({ name: 'weather', version: '1.0.0' })
  server.registerTool(
    'get_weather',
    {
      description: 'The weather in a city now.',
      inputSchema: { city: z.string() },
      outputSchema: { temperature: z.number(), conditions: z.string(), humidity: z.number() },
      annotations: { readOnlyHint: true },
    },
    async ({ city }) => {
      const forecast = FORECASTS[city] ?? { temperature: 15, conditions: 'Cloudy', humidity: 60 }
      return { content: [{ type: 'text', text: JSON.stringify(forecast) }], structuredContent: forecast }
    },
  )
  server.registerTool('get_alerts', { description: 'Severe weather alerts for a region.', inputSchema: { region: z.string() }, annotations: { readOnlyHint: true } }, async ({ region }) => ({
    content: [{ type: 'text', text: `no alerts for ${region}` }],
  }))
  return server
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await createWeatherServer().connect(new StdioServerTransport())
