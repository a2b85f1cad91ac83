import type { MCPClient } from '@mastra/mcp'
import { RuntimeContext } from '@mastra/core/runtime-context'

/** What get_weather answers, as this consumer's code uses it. */
interface Forecast {
  temperature: number
  conditions: string
}

/**
 * A weather agent on Mastra: the server's tools come from `MCPClient.getTools()` (named
 * `<server>_<tool>`), `get_weather` is executed as an Agent executes a tool call, and the card
 * shows two of the three fields it answered.
 * @example await weatherCard(new MCPClient({ servers: { weather: { command: 'node', args: ['server.js'] } } }), 'Melbourne')
 */
export async function weatherCard(mcp: MCPClient, city: string): Promise<string> {
  const tools = await mcp.getTools()
  const getWeather = tools.weather_get_weather
  const forecast = (await getWeather.execute!({ context: { city }, runtimeContext: new RuntimeContext() }, { toolCallId: 'call-1', messages: [] })) as Forecast
  return `${city}: ${forecast.temperature} °C, ${forecast.conditions}`
}
