import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { E2eProject } from './support/e2e-project.js'
import { ROOT } from './support/packed-package.js'

const FILES = ['package.json', 'vitest.config.js', 'contracts/checkout-agent.mcp-consumer.json', 'src/shop-server.js', 'src/checkout.js', 'test/checkout.consumer.test.js', 'test/shop.provider.test.js']
const projects: E2eProject[] = []
afterAll(async () => {
  await Promise.all(projects.map((project) => project.remove()))
})

test('examples/consumer-driven, copied as a user would: both sides pass as shipped; a provider that drops a field the consumer reads fails, one it does not read passes', { timeout: 300_000 }, async () => {
  const copied: Record<string, string> = {}
  for (const file of FILES) copied[file] = await readFile(join(ROOT, 'examples', 'consumer-driven', file), 'utf8')
  const project = await E2eProject.create('vitest', copied)
  projects.push(project)

  const shipped = await project.run([], { CI: 'true' })
  expect(shipped.code, shipped.output).toBe(0)
  expect(shipped.report.numPassedTests).toBe(2)

  // Nobody reads `stock`: the provider may drop it.
  await project.write('src/shop-server.js', copied['src/shop-server.js'].replace(', stock: z.number().int()', '').replaceAll(', stock: 4', '').replace(', stock: 0', ''))
  const unread = await project.run(['test/shop.provider.test.js'], { CI: 'true' })
  expect(unread.code, unread.output).toBe(0)

  // The consumer reads `priceCents`: dropping it fails the provider's test, naming consumer, tool and field.
  await project.write('src/shop-server.js', copied['src/shop-server.js'].replace(', priceCents: z.number().int()', '').replace(', priceCents: 650', '').replace(', priceCents: 990', ''))
  const read = await project.run(['test/shop.provider.test.js'], { CI: 'true' })
  expect(read.code).toBe(1)
  const message = project.failures(read)['the shop still serves every consumer']
  expect(message).toContain('checkout-agent')
  expect(message).toContain('tool search_products · 1 breaking\n    breaking  argument-removed  output items[].priceCents')
})
