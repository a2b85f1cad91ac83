import type { MCPClient } from '@ai-sdk/mcp'
import { generateText, stepCountIs, type LanguageModel } from 'ai'

/** What get_weather answers, as this consumer's code uses it. */
interface Forecast {
  temperature: number
  conditions: string
}

/**
 * A weather agent on the Vercel AI SDK: the model picks `get_weather` from the server's tools, the
 * SDK runs it and hands its output to the model, and the card shows the forecast the tool answered
 * (two of its three fields) beside the model's words.
 * @example await weatherCard(await createMCPClient({ transport }), openai('gpt-5'), 'Melbourne')
 */
export async function weatherCard(client: MCPClient, model: LanguageModel, city: string): Promise<string> {
  const { steps, text } = await generateText({ model, tools: await client.tools(), prompt: `What is the weather in ${city}?`, stopWhen: stepCountIs(3) })
  const result = steps.flatMap((step) => step.toolResults).find((toolResult) => toolResult.toolName === 'get_weather')
  if (result === undefined) return text
  const forecast = (result.output as { structuredContent: Forecast }).structuredContent
  return `${city}: ${forecast.temperature} °C, ${forecast.conditions}. ${text}`
}
