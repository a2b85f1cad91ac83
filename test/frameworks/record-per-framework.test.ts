/**
 * Each framework's consumer recorded the way the README documents for that framework, against
 * the real framework: the contract holds exactly the tool, arguments and reads the consumer's own
 * code uses, and verifying the provider's variants against it gives the verdict each change
 * deserves.
 */
import { createMCPClient } from '@ai-sdk/mcp'
import { MCPClient } from '@mastra/mcp'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { toMatchConsumerContract } from '../../matchers/index.js'
import type { UpdateMode } from '../../matchers/runner-adapter.js'
import { captureSurface, consumerRecordingOf, formatReport, recordConsumer, recordTools, recordTransport, serializeConsumerContract, verifyConsumer, type ConsumerContract } from '../../src/index.js'
import { createForecastServer, type ForecastVariant } from '../fixtures/servers/forecast-server.js'
import { weatherCard as aiSdkWeatherCard } from './consumers/ai-sdk-weather-card.js'
import { weatherCard as langchainWeatherCard } from './consumers/langchain-weather-card.js'
import { mastraTools } from './consumers/mastra-tools.js'
import { weatherCard as mastraWeatherCard } from './consumers/mastra-weather-card.js'
import { scriptedMastraModel, scriptedModel } from './scripted-model.js'

const SERVER = join(import.meta.dirname, '..', 'fixtures', 'servers', 'forecast.js')
const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

/** One framework: how its consumer is recorded, the documented way, and what verify then says of each provider variant. */
interface Framework {
  framework: string
  /** The verdict (ok, or the severities it fails with) of each variant the consumer's recording sees differently. */
  verdicts: Partial<Record<'drop-temperature' | 'drop-humidity', string>>
  /** Runs the consumer for Melbourne, recorded; answers the card it rendered and the contract. */
  record(): Promise<{ card: string; contract: ConsumerContract }>
  /** What the snapshot holds of the contract, where a major records something the other cannot. */
  shared?(contract: ConsumerContract): ConsumerContract
}

/** A Mastra contract as both majors record it: @mastra/mcp 0.x keeps no hints, nor the texts recorded with them. */
function withoutHints(contract: ConsumerContract): ConsumerContract {
  return { ...contract, tools: contract.tools.map(({ hints: _hints, textDigest: _textDigest, ...tool }) => tool) }
}

/** get_weather's hints as the server lists them, defaults resolved. */
const LISTED_HINTS = { readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: true }

const FRAMEWORKS: Framework[] = [
  {
    framework: 'AI SDK',
    // Why humidity is no risk here: the AI SDK hands the model the tool's text content, never its structuredContent.
    verdicts: { 'drop-temperature': 'breaking', 'drop-humidity': 'ok' },
    // The documented way: createMCPClient over a transport wrapped by recordTransport.
    async record() {
      const transport = recordTransport(new StdioClientTransport({ command: process.execPath, args: [SERVER], stderr: 'ignore' }), { consumer: 'weather-agent' })
      const client = await createMCPClient({ transport })
      closers.push(() => client.close())
      const card = await aiSdkWeatherCard(client, scriptedModel('get_weather', { city: 'Melbourne' }, 'Take sunglasses.').model, 'Melbourne')
      return { card, contract: await consumerRecordingOf(transport)!.contract() }
    },
  },
  {
    framework: 'LangChain',
    // Why humidity is risky: @langchain/core serialises the whole output, structuredContent included, into the ToolMessage for the model.
    verdicts: { 'drop-temperature': 'breaking', 'drop-humidity': 'risky' },
    // The documented way: loadMcpTools on an SDK Client wrapped by recordConsumer (a transport-level recorder sees only the Client's parsed copy).

    async record() {
      const client = new Client({ name: 'langchain-weather-agent', version: '1.0.0' })
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [SERVER], stderr: 'ignore' }))
      closers.push(() => client.close())
      const recorded = recordConsumer(client, { consumer: 'weather-agent' })
      const { card } = await langchainWeatherCard(recorded, 'Melbourne')
      return { card, contract: await consumerRecordingOf(recorded)!.contract() }
    },
  },
  {
    framework: 'Mastra',
    // Why humidity is risky: Mastra serialises the whole output for the model.
    verdicts: { 'drop-temperature': 'breaking', 'drop-humidity': 'risky' },
    // The documented way: the tools MCPClient makes, wrapped by recordTools and given to the Agent.
    async record() {
      const mcp = new MCPClient({ id: 'record-mastra', servers: { weather: { command: process.execPath, args: [SERVER] } } })
      closers.push(() => mcp.disconnect())
      const tools = recordTools(await mastraTools(mcp), { consumer: 'weather-agent', server: 'weather' })
      const card = await mastraWeatherCard(tools, scriptedMastraModel('weather_get_weather', { city: 'Melbourne' }, 'Take sunglasses.'), 'Melbourne')
      const contract = await consumerRecordingOf(tools)!.contract()
      // Why: @mastra/mcp 2 keeps a tool's annotations and 0.x drops them, so only 2 records hints (without them verify takes the live ones).
      expect(contract.tools.map((tool) => tool.hints)).toEqual(['listTools' in mcp ? LISTED_HINTS : undefined])
      return { card, contract }
    },
    shared: withoutHints,
  },
]

/** What verifying the provider variant says of the contract: `ok`, or the severities it fails with, and the report. */
async function verdict(contract: ConsumerContract, variant: ForecastVariant): Promise<{ verdict: string; report: string }> {
  const report = await verifyConsumer(contract, await captureSurface(createForecastServer(variant)))
  const severities = [...new Set(report.changes.filter((change) => change.severity === 'breaking' || change.severity === 'risky').map((change) => change.severity))]
  return { verdict: report.ok ? 'ok' : severities.join(' '), report: formatReport(report).trimEnd() }
}

describe.each(FRAMEWORKS)('$framework', ({ record, verdicts, shared = (contract) => contract }) => {
  test('records get_weather with its city and what the consumer relies on of its output', async () => {
    const { card, contract } = await record()
    expect(card).toMatch(/^Melbourne: 22 °C, Sunny/)
    expect(serializeConsumerContract(shared(contract))).toMatchSnapshot()
  })

  test('verify: a renamed argument breaks naming it; a tool the consumer never calls changes nothing; a removed output field as the recording can tell', async () => {
    // Why shared: both majors of a framework must give one verdict, so each verifies what they both record.
    const contract = shared((await record()).contract)
    expect((await verdict(contract, 'honors')).verdict).toBe('ok')
    expect((await verdict(contract, 'drop-alerts')).verdict).toBe('ok')
    const renamed = await verdict(contract, 'renamed-argument')
    expect(renamed.verdict).toBe('breaking')
    expect(renamed.report).toMatchSnapshot()
    for (const [variant, expected] of Object.entries(verdicts) as [ForecastVariant, string][]) {
      const { verdict: said, report } = await verdict(contract, variant)
      expect(said, `${variant}:\n${report}`).toBe(expected)
      if (said !== 'ok') expect(report).toMatchSnapshot()
    }
  })
})

test('Mastra: toMatchConsumerContract holds the recorded tools to their file as it holds a recorded client: a missing file fails in CI, is written outside CI, and the same use then passes', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'mcp-contract-mastra-'))
  closers.push(() => rm(folder, { recursive: true, force: true }))
  // Why a package.json: it makes the folder the project root, which the matcher's relative path resolves from.
  await writeFile(join(folder, 'package.json'), '{"name":"weather-agent"}')
  const file = join(folder, 'weather-agent.mcp-consumer.json')
  /** Runs the Agent on recorded tools, then the matcher as a runner in `mode` would. */
  const runAgent = async (mode: UpdateMode) => {
    const mcp = new MCPClient({ id: `matcher-${mode}`, servers: { weather: { command: process.execPath, args: [SERVER] } } })
    closers.push(() => mcp.disconnect())
    const tools = recordTools(await mastraTools(mcp), { consumer: 'weather-agent', server: 'weather' })
    await mastraWeatherCard(tools, scriptedMastraModel('weather_get_weather', { city: 'Melbourne' }, 'Take sunglasses.'), 'Melbourne')
    const context = { isNot: false, testPath: join(folder, 'agent.test.js'), currentTestName: 'agent', snapshotState: { _updateSnapshot: mode } }
    return { result: await toMatchConsumerContract.call(context, tools, 'weather-agent.mcp-consumer.json'), contract: await consumerRecordingOf(tools)!.contract() }
  }
  const ci = await runAgent('none')
  expect(ci.result.pass).toBe(false)
  expect(ci.result.message().replaceAll(relative(process.cwd(), folder), '<folder>').replaceAll(folder, '<folder>')).toMatchInlineSnapshot(`
    "expect(client).toMatchConsumerContract("weather-agent.mcp-consumer.json")

    <folder>/weather-agent.mcp-consumer.json does not exist (looked for <folder>/weather-agent.mcp-consumer.json), and consumer contracts are not written in CI without -u. Relative paths resolve from <folder>, the folder of the nearest package.json.
    Record it outside CI (run the test once, or npx jest <folder>/agent.test.js -u), review it and commit it."
  `)
  const outside = await runAgent('new')
  expect(outside.result.pass).toBe(true)
  expect(await readFile(file, 'utf8')).toBe(serializeConsumerContract(outside.contract))
  expect((await runAgent('none')).result.pass).toBe(true)
})

test("Mastra: recordTools records the named server's tools alone, each by its own name, a tool without an output schema by its call; other servers' tools are the originals", async () => {
  const mcp = new MCPClient({ id: 'two-servers', servers: { weather: { command: process.execPath, args: [SERVER] }, backup: { command: process.execPath, args: [SERVER] } } })
  closers.push(() => mcp.disconnect())
  const listed = await mastraTools(mcp)
  const tools = recordTools(listed, { consumer: 'weather-agent', server: 'weather' })
  expect(Object.keys(tools).sort()).toEqual(['backup_get_alerts', 'backup_get_weather', 'weather_get_alerts', 'weather_get_weather'])
  expect(tools.backup_get_weather).toBe(listed.backup_get_weather)
  expect(tools.weather_get_alerts.description).toBe(listed.weather_get_alerts.description)
  expect(await mastraWeatherCard(tools, scriptedMastraModel('weather_get_alerts', { region: 'Victoria' }, 'No alerts.'), 'Melbourne')).toBe('No alerts.')
  expect(await mastraWeatherCard(tools, scriptedMastraModel('backup_get_weather', { city: 'Sydney' }, 'Showers.'), 'Sydney')).toBe('Showers.')
  expect(serializeConsumerContract(withoutHints(await consumerRecordingOf(tools)!.contract()))).toMatchInlineSnapshot(`
    "{
      "format": 1,
      "consumer": "weather-agent",
      "tools": [
        {
          "name": "get_alerts",
          "examples": [
            {
              "region": "Victoria"
            }
          ],
          "reads": []
        }
      ],
      "prompts": [],
      "resources": []
    }
    "
  `)
})
