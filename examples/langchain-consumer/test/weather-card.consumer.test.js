import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { recordConsumer } from 'mcp-contract'
import { expect, test } from 'vitest'
import { weatherCard } from '../src/weather-card.js'

test('the weather card records what it uses of the weather server', async () => {
  const client = new Client({ name: 'weather-agent', version: '1.0.0' })
  await client.connect(new StdioClientTransport({ command: process.execPath, args: ['src/weather-server.js'] }))
  // loadMcpTools takes an SDK Client: hand it the recorded one.
  const recorded = recordConsumer(client, { consumer: 'weather-agent' })
  expect(await weatherCard(recorded, 'Melbourne')).toBe('Melbourne: 22 °C, Sunny')
  await expect(recorded).toMatchConsumerContract('contracts/weather-agent.mcp-consumer.json')
  await client.close()
})
