/**
 * Each framework's consumer recorded the way the README documents for that framework, against
 * the real framework: the contract holds exactly the tool, arguments and reads the consumer's own
 * code uses, and verifying the provider's variants against it gives the verdict each change
 * deserves.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { captureSurface, consumerRecordingOf, formatReport, recordConsumer, serializeConsumerContract, verifyConsumer, type ConsumerContract } from '../../src/index.js'
import { createForecastServer, type ForecastVariant } from '../fixtures/servers/forecast-server.js'
import { weatherCard as langchainWeatherCard } from './consumers/langchain-weather-card.js'

const SERVER = join(import.meta.dirname, '..', 'fixtures', 'servers', 'forecast.js')
const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

/** One framework: how its consumer is recorded, the documented way. */
interface Framework {
  framework: string
  /** Runs the consumer for Melbourne, recorded; answers the card it rendered and the contract. */
  record(): Promise<{ card: string; contract: ConsumerContract }>
}

const FRAMEWORKS: Framework[] = [
  {
    framework: 'LangChain',
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
]

/** What verifying the provider variant says of the contract: `ok`, or the report. */
async function verdict(contract: ConsumerContract, variant: ForecastVariant): Promise<string> {
  const report = await verifyConsumer(contract, await captureSurface(createForecastServer(variant)))
  return report.ok ? 'ok' : formatReport(report).trimEnd()
}

describe.each(FRAMEWORKS)('$framework', ({ record }) => {
  test('records get_weather, its city, the two fields the code reads, and the one only the model saw', async () => {
    const { card, contract } = await record()
    expect(card).toMatch(/^Melbourne: 22 °C, Sunny/)
    expect(serializeConsumerContract(contract)).toMatchSnapshot()
  })

  test('verify: a renamed argument and a removed field the code reads break, naming them; a tool the consumer never calls changes nothing', async () => {
    const { contract } = await record()
    expect(await verdict(contract, 'honors')).toBe('ok')
    expect(await verdict(contract, 'drop-alerts')).toBe('ok')
    expect(await verdict(contract, 'renamed-argument')).toMatchSnapshot()
    expect(await verdict(contract, 'drop-temperature')).toMatchSnapshot()
  })
})
