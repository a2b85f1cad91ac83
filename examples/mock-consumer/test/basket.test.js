import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { mockServer } from 'mcp-contract'
import { afterEach, expect, test } from 'vitest'
import { buyCheapest } from '../src/basket.js'

// The provider's published contract: the promise this consumer codes against (relative to the project root).
const CONTRACT = 'mcp-contract.json'

let client
afterEach(async () => {
  await client?.close()
})

/** A client connected in-process to a mock of the shop, as the consumer's code gets one. */
async function connect(options) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await mockServer(CONTRACT, options).connect(serverSide)
  client = new Client({ name: 'basket', version: '1.0.0' })
  await client.connect(clientSide)
  return client
}

const tea = (id, price, inStock = true) => ({ id, name: `Tea ${id}`, price, currency: 'EUR', inStock })

test('buys the cheapest product in stock (a handler fixes the search result)', async () => {
  const items = [tea('p-001', 9.5), tea('p-002', 4.2, false), tea('p-003', 6.75)]
  const shop = await connect({ tools: { search_products: () => ({ total: 3, items }) } })
  const bought = await buyCheapest(shop, 'green tea', 2)
  expect(bought.product.id).toBe('p-003')
  // add_to_cart is generated from the contract: a UUID, as the outputSchema promises.
  expect(bought.cartId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
})

test('copes with whatever the contract allows (generated results, 20 seeds)', async () => {
  for (let seed = 1; seed <= 20; seed++) {
    const shop = await connect({ seed })
    const bought = await buyCheapest(shop, 'tea')
    if (bought !== undefined) expect(bought.product.inStock).toBe(true)
    await shop.close()
  }
})

test('a handler that breaks the promise is caught: the mock checks it against the outputSchema', async () => {
  const shop = await connect({ tools: { search_products: () => ({ total: 1, items: [{ ...tea('p-001', 3), price: '3.00' }] }) } })
  await expect(buyCheapest(shop, 'tea')).rejects.toThrow('must be number at items[0].price')
})

test('a call the provider would reject is rejected here too', async () => {
  const shop = await connect()
  // quantity 0 is below the recorded minimum of 1.
  await expect(buyCheapest(shop, 'tea', 0)).rejects.toThrow(/add_to_cart failed: .*must be >= 1 at quantity/)
})
