import { Agent } from '@mastra/core/agent'
import type { ToolsInput } from '@mastra/core/agent'

/** What get_weather answers, as this consumer's code uses it. */
interface Forecast {
  temperature: number
  conditions: string
}

/**
 * A weather agent on Mastra (0.x and 1.x alike): an Agent is given the server's tools (see
 * `mastraTools`, named `<server>_<tool>`), the model calls `weather_get_weather`, Mastra runs it and
 * hands its output to the model, and the card shows two of the three fields it answered beside the
 * model's words.
 * @example await weatherCard(await mcp.getTools(), openai('gpt-5'), 'Melbourne')
 */
export async function weatherCard(tools: ToolsInput, model: unknown, city: string): Promise<string> {
  const agent = new Agent({ name: 'weather-agent', instructions: 'Answer with the weather the tool gives.', model: model as never, tools })
  const { text, toolResults } = await agent.generate(`What is the weather in ${city}?`, { maxSteps: 3 })
  const result = toolResults.find((toolResult) => toolResult.payload.toolName === 'weather_get_weather')
  if (result === undefined) return text
  const forecast = result.payload.result as Forecast
  return `${city}: ${forecast.temperature} °C, ${forecast.conditions}. ${text}`
}

