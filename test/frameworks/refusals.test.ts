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
import { recordConsumer } from '../../src/index.js'
import { stripColors } from '../e2e/support/e2e-project.js'

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

test("recordConsumer refuses Mastra's MCPClient, naming the record proxy as its server command", async () => {
  const mcp = new MCPClient({ id: 'refusals', servers: { weather: { command: process.execPath, args: [SERVER] } } })
  closers.push(() => mcp.disconnect())
  expect(() => recordConsumer(mcp, { consumer: 'weather-agent' })).toThrowErrorMatchingInlineSnapshot(`[TypeError: recordConsumer wraps an MCP SDK Client, and this is Mastra's MCPClient, which makes its own connections and takes no client or transport. Start the server through the record proxy in its server entry instead: servers: { weather: { command: 'npx', args: ['mcp-contract', 'record', '--consumer', 'checkout-agent', '--out', 'contracts/checkout-agent.mcp-consumer.json', '--', 'node', 'server.js'] } }.]`)
})

test("a client taken from MultiServerMCPClient is recorded, but the tools getTools() made never reach it: toMatchConsumerContract fails, saying so, and writes nothing", async () => {
  const multi = new MultiServerMCPClient({ mcpServers: { weather: { transport: 'stdio', command: process.execPath, args: [SERVER] } } })
  closers.push(() => multi.close())
  const recorded = recordConsumer((await multi.getClient('weather'))!, { consumer: 'weather-agent' })
  const getWeather = (await multi.getTools()).find((tool) => tool.name === 'get_weather')!
  expect(JSON.stringify(await getWeather.invoke({ city: 'Melbourne' }))).toContain('Sunny')
  const failure = await expect(recorded)
    .toMatchConsumerContract('never-written.mcp-consumer.json')
    .then(() => undefined, (error: Error) => error)
  expect(stripColors(failure?.message ?? 'passed')).toMatchInlineSnapshot(`
    "expect(client).toMatchConsumerContract("never-written.mcp-consumer.json")

    weather-agent made no tool call, prompt get or resource read through this recorder: it was never reached, so there is no use to hold weather-agent to, and no contract is written.
    The code under test talked to the server some other way. Record what it really uses:
      - an MCP SDK Client (also the one LangChain's loadMcpTools is given): hand the code the client from recordConsumer(client, { consumer }), not the client itself
      - the AI SDK's createMCPClient, or another client that takes a transport: wrap the transport it connects through, recordTransport(transport, { consumer }), and expect that transport
      - another language, a host such as an IDE, or a client that makes its own connections (Mastra): start the server through mcp-contract record --consumer NAME --out FILE -- <server command>"
  `)
  expect(await readFile(join(import.meta.dirname, 'never-written.mcp-consumer.json'), 'utf8').catch(() => 'absent')).toBe('absent')
})
