import { MCPClient } from '@mastra/mcp'
import { recordTools } from 'mcp-contract'
import { expect, test } from 'vitest'
import { weatherCard } from '../src/weather-card.js'

const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 }

/** A language model (the AI SDK's v2 specification, which Mastra runs) that asks for the weather in Melbourne, then answers: no network. */
function scriptedModel() {
  let turn = 0
  return {
    specificationVersion: 'v2',
    provider: 'scripted',
    modelId: 'scripted',
    supportedUrls: {},
    doGenerate: async () =>
      turn++ === 0
        ? { content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'weather_get_weather', input: '{"city":"Melbourne"}' }], finishReason: 'tool-calls', usage, warnings: [] }
        : { content: [{ type: 'text', text: 'Take sunglasses.' }], finishReason: 'stop', usage, warnings: [] },
    doStream: async () => {
      throw new Error('this scripted model answers generate() only')
    },
  }
}

test('the weather card records what it uses of the weather server', async () => {
  const mcp = new MCPClient({ servers: { weather: { command: process.execPath, args: ['src/weather-server.js'] } } })
  // MCPClient takes no client or transport: record the tools it made of the weather server (listTools() on @mastra/mcp 2).
  const tools = recordTools(await mcp.getTools(), { consumer: 'weather-agent', server: 'weather' })
  expect(await weatherCard(tools, scriptedModel(), 'Melbourne')).toBe('Melbourne: 22 °C, Sunny. Take sunglasses.')
  await expect(tools).toMatchConsumerContract('contracts/weather-agent.mcp-consumer.json')
  await mcp.disconnect()
})
