import { MCPClient } from '@mastra/mcp'
import { expect, test } from 'vitest'
import { weatherCard } from '../src/weather-card.js'

test('the weather card records what it uses of the weather server', async () => {
  // MCPClient starts its servers itself and takes no transport: start this one through the recording proxy.
  const mcp = new MCPClient({
    servers: {
      weather: { command: 'npx', args: ['mcp-contract', 'record', '--consumer', 'weather-agent', '--out', 'contracts/weather-agent.mcp-consumer.json', '--', process.execPath, 'src/weather-server.js'] },
    },
  })
  expect(await weatherCard(mcp, 'Melbourne')).toBe('Melbourne: 22 °C, Sunny')
  await mcp.disconnect() // the proxy writes the contract when its client disconnects
})
