/**
 * The ways a framework's consumer could record nothing, tried with the real frameworks' objects:
 * each is refused or fails loudly, naming the way that framework is recorded.
 */
import { createMCPClient } from '@ai-sdk/mcp'
import { MultiServerMCPClient } from '@langchain/mcp-adapters'
import { MCPClient } from '@mastra/mcp'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import '../../setup/vitest.js'
import { recordConsumer, recordTools } from '../../src/index.js'
import { stripColors } from '../e2e/support/e2e-project.js'
import { mastraTools } from './consumers/mastra-tools.js'
import { weatherCard as mastraWeatherCard } from './consumers/mastra-weather-card.js'
import { scriptedMastraModel } from './scripted-model.js'

const SERVER = join(import.meta.dirname, '..', 'fixtures', 'servers', 'forecast.js')
const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

test('recordConsumer refuses an AI SDK MCP client, naming recordTransport', async () => {
  const client = await createMCPClient({ transport: new StdioClientTransport({ command: process.execPath, args: [SERVER], stderr: 'ignore' }) })
  closers.push(() => client.close())
  expect(() => recordConsumer(client, { consumer: 'weather-agent' })).toThrowErrorMatchingInlineSnapshot(`[TypeError: recordConsumer wraps an MCP SDK Client, and this is an AI SDK MCP client (createMCPClient from @ai-sdk/mcp): its tools() call the server around any wrapper, so nothing would be recorded. Record its transport instead: const transport = recordTransport(new StdioClientTransport({ command: 'node', args: ['server.js'] }), { consumer: 'checkout-agent' }); createMCPClient({ transport }); then expect(transport).toMatchConsumerContract(file).]`)
})

test("recordConsumer refuses LangChain's MultiServerMCPClient, naming loadMcpTools on a recorded client", async () => {
  const multi = new MultiServerMCPClient({ mcpServers: { weather: { transport: 'stdio', command: process.execPath, args: [SERVER] } } })
  closers.push(() => multi.close())
  expect(() => recordConsumer(multi, { consumer: 'weather-agent' })).toThrowErrorMatchingInlineSnapshot(`[TypeError: recordConsumer wraps an MCP SDK Client, and this is LangChain's MultiServerMCPClient: the tools it makes are bound to clients it keeps, so nothing would be recorded. Load the tools from a recorded client instead: const client = recordConsumer(await multi.getClient('weather'), { consumer: 'checkout-agent' }); const tools = await loadMcpTools('weather', client); then expect(client).toMatchConsumerContract(file).]`)
})

test("recordConsumer refuses Mastra's MCPClient, naming recordTools on its tools, and the record proxy as the way without a code change", async () => {
  const mcp = new MCPClient({ id: 'refusals', servers: { weather: { command: process.execPath, args: [SERVER] } } })
  closers.push(() => mcp.disconnect())
  expect(() => recordConsumer(mcp, { consumer: 'weather-agent' })).toThrowErrorMatchingInlineSnapshot(`[TypeError: recordConsumer wraps an MCP SDK Client, and this is Mastra's MCPClient, which makes its own connections and takes no client or transport. Record the tools it makes instead: const tools = recordTools(await mcp.getTools(), { consumer: 'checkout-agent', server: 'weather' }) (await mcp.listTools() on @mastra/mcp 2); hand those tools to the Agent, then expect(tools).toMatchConsumerContract(file). Without changing the code: start the server through the record proxy in its server entry, servers: { weather: { command: 'npx', args: ['mcp-contract', 'record', '--consumer', 'checkout-agent', '--out', 'contracts/checkout-agent.mcp-consumer.json', '--', 'node', 'server.js'] } } (it sees only the wire: reads not observed).]`)
})

test("recordTools refuses what is not the tools Mastra's MCPClient made of that server, naming what it expects", async () => {
  const mcp = new MCPClient({ id: 'refusals-tools', servers: { weather: { command: process.execPath, args: [SERVER] } } })
  closers.push(() => mcp.disconnect())
  const pending = mastraTools(mcp)
  const refusal = (tools: unknown, server = 'weather') => {
    try {
      recordTools(tools as object, { consumer: 'weather-agent', server })
      return 'accepted'
    } catch (error) {
      return String(error)
    }
  }
  expect(refusal(mcp)).toMatchInlineSnapshot(`"TypeError: recordTools wraps the tools Mastra's MCPClient makes, and this is the MCPClient itself: pass its tools, recordTools(await mcp.getTools(), { consumer: 'checkout-agent', server: 'weather' }) (listTools() on @mastra/mcp 2), and hand those tools to the Agent."`)
  expect(refusal(pending)).toMatchInlineSnapshot(`"TypeError: recordTools wraps the tools Mastra's MCPClient made, and this is a Promise of them: await it first, recordTools(await mcp.getTools(), { consumer: 'checkout-agent', server: 'weather' }) (listTools() on @mastra/mcp 2)."`)
  const tools = await pending
  expect(refusal(tools, 'forecast')).toMatchInlineSnapshot(`"TypeError: recordTools records the tools of server 'forecast', named forecast_<tool>, and these tools have none: they are weather_get_alerts, weather_get_weather. Pass as server the key of the MCPClient's servers the tools come from."`)
  expect(refusal([tools.weather_get_weather])).toMatchInlineSnapshot(`"TypeError: recordTools wraps the tools Mastra's MCPClient makes of a server: an object of tools keyed <server>_<tool>, each with execute(). This is an array. Record it as recordTools(await mcp.getTools(), { consumer: 'checkout-agent', server: 'weather' }) (listTools() on @mastra/mcp 2)."`)
  expect(refusal({ weather_get_weather: { id: 'weather_get_weather' } })).toMatchInlineSnapshot(`"TypeError: recordTools wraps the tools Mastra's MCPClient makes of a server: an object of tools keyed <server>_<tool>, each with execute(). This is an object with no execute() on any of its values. Record it as recordTools(await mcp.getTools(), { consumer: 'checkout-agent', server: 'weather' }) (listTools() on @mastra/mcp 2)."`)
  expect(refusal(tools, '')).toMatchInlineSnapshot(`"TypeError: recordTools needs the server's key in the MCPClient's servers, the prefix of its tools' names: recordTools(tools, { consumer: 'checkout-agent', server: 'weather' }) for servers: { weather: … }."`)
  expect(refusal(tools)).toBe('accepted')
})

/** A recorder the code under test never reached, because it used what the framework made around it. */
const NEVER_REACHED: { framework: string; recorded(): Promise<object> }[] = [
  {
    // A client taken from MultiServerMCPClient is recorded, but the tools its getTools() made never reach it.
    framework: 'LangChain',
    async recorded() {
      const multi = new MultiServerMCPClient({ mcpServers: { weather: { transport: 'stdio', command: process.execPath, args: [SERVER] } } })
      closers.push(() => multi.close())
      const recorded = recordConsumer((await multi.getClient('weather'))!, { consumer: 'weather-agent' })
      const getWeather = (await multi.getTools()).find((tool) => tool.name === 'get_weather')!
      expect(JSON.stringify(await getWeather.invoke({ city: 'Melbourne' }))).toContain('Sunny')
      return recorded
    },
  },
  {
    // The tools MCPClient made are recorded, but the Agent is given the originals.
    framework: 'Mastra',
    async recorded() {
      const mcp = new MCPClient({ id: 'refusals-unrecorded', servers: { weather: { command: process.execPath, args: [SERVER] } } })
      closers.push(() => mcp.disconnect())
      const tools = await mastraTools(mcp)
      const recorded = recordTools(tools, { consumer: 'weather-agent', server: 'weather' })
      expect(await mastraWeatherCard(tools, scriptedMastraModel('weather_get_weather', { city: 'Melbourne' }, 'Take sunglasses.'), 'Melbourne')).toMatch(/^Melbourne: 22 °C, Sunny/)
      return recorded
    },
  },
]

test.each(NEVER_REACHED)('$framework, the code using what the framework made around the recorder: toMatchConsumerContract fails, saying what to wrap, and writes nothing', async ({ recorded }) => {
  const failure = await expect(await recorded())
    .toMatchConsumerContract('never-written.mcp-consumer.json')
    .then(() => undefined, (error: Error) => error)
  expect(stripColors(failure?.message ?? 'passed')).toMatchSnapshot()
  expect(await readFile(join(import.meta.dirname, 'never-written.mcp-consumer.json'), 'utf8').catch(() => 'absent')).toBe('absent')
})
