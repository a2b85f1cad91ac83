// The provider's side: the shop must still serve every consumer contract in contracts/.
import { expect, test } from 'vitest'
import { createShopServer } from '../src/shop-server.js'

test('the shop still serves every consumer', async () => {
  // call: true also calls search_products (read-only) with the consumer's recorded arguments and
  // checks the answer: no isError, valid against the outputSchema, every field the consumer reads there.
  await expect(createShopServer()).toSatisfyConsumerContracts('contracts/', { call: true })
})
