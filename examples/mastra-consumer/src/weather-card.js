import { Agent } from '@mastra/core/agent'

/**
 * The agent's weather card: an Agent is given the weather server's tools (named <server>_<tool>),
 * the model calls weather_get_weather, Mastra runs it and hands its output to the model, and the
 * card shows two of the forecast's three fields beside the model's words.
 */
export async function weatherCard(tools, model, city) {
  const agent = new Agent({ name: 'weather-agent', instructions: 'Answer with the weather the tool gives.', model, tools })
  const { text, toolResults } = await agent.generate(`What is the weather in ${city}?`, { maxSteps: 3 })
  const forecast = toolResults.find((toolResult) => toolResult.payload.toolName === 'weather_get_weather').payload.result
  return `${city}: ${forecast.temperature} °C, ${forecast.conditions}. ${text}`
}
