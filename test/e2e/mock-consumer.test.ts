import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { E2eProject } from './support/e2e-project.js'
import { ROOT } from './support/packed-package.js'

const FILES = ['package.json', 'vitest.config.js', 'mcp-contract.json', 'src/basket.js', 'test/basket.test.js']
const projects: E2eProject[] = []
afterAll(async () => {
  await Promise.all(projects.map((project) => project.remove()))
})

test('examples/mock-consumer, copied as a user would: passes as shipped; a consumer that breaks the promise fails, as its README shows', { timeout: 300_000 }, async () => {
  const copied: Record<string, string> = {}
  for (const file of FILES) copied[file] = await readFile(join(ROOT, 'examples', 'mock-consumer', file), 'utf8')
  const project = await E2eProject.create('vitest', copied)
  projects.push(project)

  const shipped = await project.run([], { CI: 'true' })
  expect(shipped.code, shipped.output).toBe(0)
  expect(shipped.report.numPassedTests).toBe(4)

  // The README's drift: the consumer sends the product's name where the contract wants its id.
  await project.write('src/basket.js', copied['src/basket.js'].replace('productId: cheapest.id', 'productId: cheapest.name'))
  const broken = await project.run([], { CI: 'true' })
  expect(broken.code).toBe(1)
  const failures = project.failures(broken)
  expect(Object.keys(failures).sort()).toEqual([
    'a call the provider would reject is rejected here too',
    'buys the cheapest product in stock (a handler fixes the search result)',
    'copes with whatever the contract allows (generated results, 20 seeds)',
  ])
  const message = failures['buys the cheapest product in stock (a handler fixes the search result)'].split('\n')[0]
  expect(message).toMatchInlineSnapshot(`"Error: add_to_cart failed: MCP error -32602: Input validation error: Invalid arguments for tool add_to_cart: must match pattern "^p-\\d{3}$" at productId"`)
  const readme = await readFile(join(ROOT, 'examples', 'mock-consumer', 'README.md'), 'utf8')
  expect(readme).toContain(message)
})

test('under Jest (CommonJS), mockServer generates values: its generator is bundled, not an ES module Jest cannot require', { timeout: 300_000 }, async () => {
  const contract = await readFile(join(ROOT, 'examples', 'mock-consumer', 'mcp-contract.json'), 'utf8')
  const project = await E2eProject.create('jest', {
    'package.json': JSON.stringify({ name: 'jest-mock-consumer', private: true }),
    'jest.config.js': "module.exports = { testEnvironment: 'node' }\n",
    'mcp-contract.json': contract,
    'mock.test.js': `
const { mockServer } = require('mcp-contract')
const { Client } = require('@modelcontextprotocol/sdk/client/index.js')
const { InMemoryTransport } = require('@modelcontextprotocol/sdk/inMemory.js')
test('a generated search result', async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await mockServer(__dirname + '/mcp-contract.json', { seed: 4 }).connect(serverSide)
  const client = new Client({ name: 'c', version: '1.0.0' })
  await client.connect(clientSide)
  const result = await client.callTool({ name: 'search_products', arguments: { query: 'tea' } })
  await client.close()
  expect(result.isError).toBeUndefined()
  expect(result.structuredContent).toEqual({ total: expect.any(Number), items: expect.any(Array) })
})
`,
  })
  projects.push(project)
  const run = await project.run([], { CI: 'true' })
  expect(run.code, run.output).toBe(0)
  expect(run.report.numPassedTests).toBe(1)
})
