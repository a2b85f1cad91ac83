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

test('examples/consumer-driven, copied as a user would: both sides pass as shipped; a provider that drops a field the consumer reads fails, one it does not read passes; call: true catches an error answer and a lying one, and never calls a tool that is not read-only', { timeout: 300_000 }, async () => {
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
  expect(message).toMatch(/tool search_products · 2 breaking\n +breaking +output-field-removed +output items\[\]\.priceCents\n/)

  // With call: true the surface may be unchanged and the answer still break the consumer.
  const shop = copied['src/shop-server.js']
  await project.write('src/shop-server.js', shop.replace('async ({ query }) => {', "async ({ query }) => {\n      if (query) return { isError: true, content: [{ type: 'text', text: 'search index down' }] }"))
  const erroring = await project.run(['test/shop.provider.test.js'], { CI: 'true' })
  expect(erroring.code).toBe(1)
  expect(project.failures(erroring)['the shop still serves every consumer']).toMatch(/tool search_products · 1 breaking\n +breaking +consumer-call-failed +output\n.*failed: the server answered isError: search index down/)

  const lying = `import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js'\n${shop.replace(
    '  return server\n}',
    "  server.server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [], structuredContent: { items: [{ sku: 'T-1', name: 'tea', priceCents: '6.50', stock: 4 }], total: 1 } }))\n  return server\n}",
  )}`
  await project.write('src/shop-server.js', lying)
  const lied = await project.run(['test/shop.provider.test.js'], { CI: 'true' })
  expect(lied.code).toBe(1)
  expect(project.failures(lied)['the shop still serves every consumer']).toMatch(/breaking +consumer-output-invalid +output\n.*must be integer at items\[0\]\.priceCents/)

  // A tool that is no longer read-only fails by its hint, and is never called without allowDestructive.
  const destructive = `import { writeFileSync } from 'node:fs'\n${shop
    .replace('annotations: { readOnlyHint: true }', 'annotations: { readOnlyHint: false, destructiveHint: true }')
    .replace('async ({ query }) => {', "async ({ query }) => {\n      writeFileSync(new URL('../called.txt', import.meta.url), String(query))")}`
  await project.write('src/shop-server.js', destructive)
  const notCalled = await project.run(['test/shop.provider.test.js'], { CI: 'true' })
  expect(notCalled.code).toBe(1)
  expect(project.failures(notCalled)['the shop still serves every consumer']).toMatch(/not called \(1\)\n +search_products \{"query":"green"\}\n +search_products is not marked read-only/)
  expect(await project.read('called.txt')).toBeUndefined()
})
