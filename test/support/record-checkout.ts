import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { consumerRecordingOf, recordConsumer } from '../../src/consumer/record/record-consumer.js'
import { writeConsumerContract, type ConsumerContract } from '../../src/consumer/consumer-contract.js'
import { runCheckout } from '../fixtures/consumers/checkout-flow.js'
import { createShopServer } from '../fixtures/servers/shop-server.js'

/** A consumer that calls one tool and reads nothing: the second consumer of the shop's tests. */
export const REPORTING_CONTRACT: ConsumerContract = {
  format: 1,
  consumer: 'reporting',
  tools: [{ name: 'export_report', examples: [{ month: '2026-11' }], reads: [] }],
  prompts: [],
  resources: [],
}

/**
 * Records the checkout agent against the real shop server in this process (its flow for "blue",
 * then `more` calls through the recorded client) and writes its consumer contract to `file`.
 * @example await recordCheckout(join(dir, 'contracts', 'checkout-agent.mcp-consumer.json'))
 */
export async function recordCheckout(file: string, more: (client: Client) => Promise<unknown> = async () => {}): Promise<void> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await createShopServer().connect(serverSide)
  const raw = new Client({ name: 'checkout-agent', version: '1.0.0' })
  await raw.connect(clientSide)
  const client = recordConsumer(raw, { consumer: 'checkout-agent', redact: ['token'] })
  await runCheckout(client, 'blue')
  await more(client)
  await writeConsumerContract(file, await consumerRecordingOf(client)!.contract())
  await raw.close()
}
