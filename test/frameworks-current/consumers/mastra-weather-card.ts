import { RequestContext } from '@mastra/core/request-context'
import { noopObserve } from '@mastra/core/tools'
import type { MCPClient } from '@mastra/mcp'

/** What get_weather answers, as this consumer's code uses it. */
interface Forecast {
  temperature: number
  conditions: string
}

/**
 * A weather agent on Mastra 1.x (`@mastra/mcp` 2): the server's tools come from
 * `MCPClient.listTools()` (named `<server>_<tool>`), `get_weather` is executed as an Agent executes
 * a tool call (input first, then the request's context), and the card shows two of the three fields
 * it answered.
 * @example await weatherCard(new MCPClient({ servers: { weather: { command: 'node', args: ['server.js'] } } }), 'Melbourne')
 */
export async function weatherCard(mcp: MCPClient, city: string): Promise<string> {
  const tools = await mcp.listTools()
  const getWeather = tools.weather_get_weather
  const forecast = (await getWeather.execute!({ city }, { requestContext: new RequestContext(), observe: noopObserve })) as Forecast
  return `${city}: ${forecast.temperature} °C, ${forecast.conditions}`
}
