import { generateText, stepCountIs } from 'ai'

/**
 * The agent's weather card: the model picks get_weather from the server's tools, the AI SDK runs
 * it and hands its result to the model, and the card shows two of the forecast's fields beside
 * the model's words.
 */
export async function weatherCard(client, model, city) {
  const { steps, text } = await generateText({ model, tools: await client.tools(), prompt: `What is the weather in ${city}?`, stopWhen: stepCountIs(3) })
  const result = steps.flatMap((step) => step.toolResults).find((toolResult) => toolResult.toolName === 'get_weather')
  const forecast = result.output.structuredContent
  return `${city}: ${forecast.temperature} °C, ${forecast.conditions}. ${text}`
}
