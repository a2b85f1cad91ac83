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
