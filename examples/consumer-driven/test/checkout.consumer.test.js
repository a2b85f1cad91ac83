// The consumer's side: record what it uses, hold it to contracts/checkout-agent.mcp-consumer.json.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { recordConsumer } from 'mcp-contract'
import { expect, test } from 'vitest'
import { cheapest } from '../src/checkout.js'
import { createShopServer } from '../src/shop-server.js'

test('checkout picks the cheapest product, and records what it uses of the shop', async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await createShopServer().connect(serverSide)
  const connected = new Client({ name: 'checkout-agent', version: '1.0.0' })
  await connected.connect(clientSide)
  const client = recordConsumer(connected, { consumer: 'checkout-agent' })
  expect(await cheapest(client, 'green')).toEqual({ name: 'green tea', price: 6.5 })
  await expect(client).toMatchConsumerContract('contracts/checkout-agent.mcp-consumer.json')
  await connected.close()
})
