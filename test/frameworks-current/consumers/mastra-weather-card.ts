import { Agent } from '@mastra/core/agent'
import type { ToolsInput } from '@mastra/core/agent'
import type { MCPClient } from '@mastra/mcp'

/** What get_weather answers, as this consumer's code uses it. */
interface Forecast {
  temperature: number
  conditions: string
}

/**
 * A weather agent on Mastra 1.x (`@mastra/core` 1, `@mastra/mcp` 2): an Agent is given the server's
 * tools (from `MCPClient.listTools()`, named `<server>_<tool>`), the model calls
 * `weather_get_weather`, Mastra runs it and hands its output to the model, and the card shows two
 * of the three fields it answered beside the model's words.
 * @example await weatherCard(await mcp.listTools(), openai('gpt-5'), 'Melbourne')
 */
export async function weatherCard(tools: ToolsInput, model: unknown, city: string): Promise<string> {
  const agent = new Agent({ id: 'weather-agent', name: 'weather-agent', instructions: 'Answer with the weather the tool gives.', model: model as never, tools })
  const { text, toolResults } = await agent.generate(`What is the weather in ${city}?`, { maxSteps: 3 })
  const result = toolResults.find((toolResult) => toolResult.payload.toolName === 'weather_get_weather')
  if (result === undefined) return text
  const forecast = result.payload.result as Forecast
  return `${city}: ${forecast.temperature} °C, ${forecast.conditions}. ${text}`
}

/**
 * The server's tools as Mastra makes them on @mastra/mcp 2: `listTools()`, named `<server>_<tool>`.
 * @example recordTools(await mastraTools(mcp), { consumer: 'weather-agent', server: 'weather' })
 */
export function mastraTools(mcp: MCPClient): Promise<ToolsInput> {
  return mcp.listTools()
}
