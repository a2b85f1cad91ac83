import { createMCPClient } from '@ai-sdk/mcp'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { MockLanguageModelV3 } from 'ai/test'
import { recordTransport } from 'mcp-contract'
import { expect, test } from 'vitest'
import { weatherCard } from '../src/weather-card.js'

const usage = { inputTokens: { total: 1 }, outputTokens: { total: 1 } }

/** A model from ai/test that asks for the weather in Melbourne, then answers: no network. */
function scriptedModel() {
  let turn = 0
  return new MockLanguageModelV3({
    doGenerate: async () =>
      turn++ === 0
        ? { content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'get_weather', input: '{"city":"Melbourne"}' }], finishReason: { unified: 'tool-calls' }, usage, warnings: [] }
        : { content: [{ type: 'text', text: 'Take sunglasses.' }], finishReason: { unified: 'stop' }, usage, warnings: [] },
  })
}

test('the weather card records what it uses of the weather server', async () => {
  // createMCPClient takes any MCP transport: hand it the recorded one.
  const transport = recordTransport(new StdioClientTransport({ command: process.execPath, args: ['src/weather-server.js'] }), { consumer: 'weather-agent' })
  const client = await createMCPClient({ transport })
  expect(await weatherCard(client, scriptedModel(), 'Melbourne')).toBe('Melbourne: 22 °C, Sunny. Take sunglasses.')
  await expect(transport).toMatchConsumerContract('contracts/weather-agent.mcp-consumer.json')
  await client.close()
})
