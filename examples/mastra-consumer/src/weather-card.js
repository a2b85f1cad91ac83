import { RuntimeContext } from '@mastra/core/runtime-context'

/**
 * The agent's weather card: get_weather comes from MCPClient.getTools() (named <server>_<tool>),
 * runs as an Agent runs a tool call, and the card shows two of the forecast's three fields.
 */
export async function weatherCard(mcp, city) {
  const tools = await mcp.getTools()
  const forecast = await tools.weather_get_weather.execute({ context: { city }, runtimeContext: new RuntimeContext() }, { toolCallId: 'call-1', messages: [] })
  return `${city}: ${forecast.temperature} °C, ${forecast.conditions}`
}
