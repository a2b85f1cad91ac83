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
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { captureSurface, consumerRecordingOf, formatReport, parseConsumerContract, recordConsumer, recordTransport, serializeConsumerContract, verifyConsumer, type ConsumerContract } from '../../src/index.js'
import { CLI } from '../support/run-cli-process.js'
import { createForecastServer, type ForecastVariant } from '../fixtures/servers/forecast-server.js'
import { weatherCard as aiSdkWeatherCard } from './consumers/ai-sdk-weather-card.js'
import { weatherCard as langchainWeatherCard } from './consumers/langchain-weather-card.js'
import { weatherCard as mastraWeatherCard } from './consumers/mastra-weather-card.js'
import { scriptedModel } from './scripted-model.js'

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
}

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
    // Why both pass: the proxy sees only the wire, so the contract says reads were not observed and claims none.
    verdicts: { 'drop-temperature': 'ok', 'drop-humidity': 'ok' },
    // The documented way: MCPClient opens only commands and URLs, so the server's command runs through the record proxy.
    async record() {
      const folder = await mkdtemp(join(tmpdir(), 'mcp-contract-mastra-'))
      closers.push(() => rm(folder, { recursive: true, force: true }))
      const out = join(folder, 'weather-agent.mcp-consumer.json')
      const mcp = new MCPClient({ id: 'record-mastra', servers: { weather: { command: process.execPath, args: [CLI, 'record', '--consumer', 'weather-agent', '--out', out, '--', process.execPath, SERVER] } } })
      const card = await mastraWeatherCard(mcp, 'Melbourne')
      await mcp.disconnect()
      return { card, contract: parseConsumerContract(await waitForFile(out), out) }
    },
  },
]

/** The file's text once the proxy has written it (after the client disconnected). */
async function waitForFile(file: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const text = await readFile(file, 'utf8').catch(() => undefined)
    if (text !== undefined) return text
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the record proxy wrote no ${file} within 10 s of the client disconnecting`)
}

/** What verifying the provider variant says of the contract: `ok`, or the severities it fails with, and the report. */
async function verdict(contract: ConsumerContract, variant: ForecastVariant): Promise<{ verdict: string; report: string }> {
  const report = await verifyConsumer(contract, await captureSurface(createForecastServer(variant)))
  const severities = [...new Set(report.changes.filter((change) => change.severity === 'breaking' || change.severity === 'risky').map((change) => change.severity))]
  return { verdict: report.ok ? 'ok' : severities.join(' '), report: formatReport(report).trimEnd() }
}

describe.each(FRAMEWORKS)('$framework', ({ record, verdicts }) => {
  test('records get_weather with its city and what the consumer relies on of its output', async () => {
    const { card, contract } = await record()
    expect(card).toMatch(/^Melbourne: 22 °C, Sunny/)
    expect(serializeConsumerContract(contract)).toMatchSnapshot()
  })

  test('verify: a renamed argument breaks naming it; a tool the consumer never calls changes nothing; a removed output field as the recording can tell', async () => {
    const { contract } = await record()
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
