// The provider's side: the shop must still serve every consumer contract in contracts/.
import { expect, test } from 'vitest'
import { createShopServer } from '../src/shop-server.js'

test('the shop still serves every consumer', async () => {
  await expect(createShopServer()).toSatisfyConsumerContracts('../contracts/')
})
