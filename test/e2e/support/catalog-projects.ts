/**
 * The user projects the end-to-end tests run: the catalog server (fixture) tested with both
 * matchers, once in-process under Vitest and once over stdio under Jest. `CATALOG_VARIANT`
 * picks the release: `v1`, `v2` (breaking drift), `additive` (v1 plus one new tool).
 */
import { E2eProject } from './e2e-project.js'

const VARIANTS = `
/** v1, v2 (the careless release), or v1 plus one new tool (an additive release). */
export function createServer(variant = process.env.CATALOG_VARIANT ?? 'v1') {
  if (variant !== 'additive') return createCatalogServer(variant)
  const server = createCatalogServer('v1')
  server.registerTool(
    'export_report',
    { description: 'Export a stock report.', inputSchema: { month: z.string().optional() } },
    async () => ({ content: [{ type: 'text', text: 'report' }] }),
  )
  return server
}
`

/** A Vitest project testing the catalog server in-process. */
export async function createVitestCatalogProject(): Promise<E2eProject> {
  const project = await E2eProject.create('vitest', {
    'package.json': JSON.stringify({ name: 'catalog-vitest', private: true, type: 'module' }, null, 2),
    'vitest.config.js': `import { defineConfig } from 'vitest/config'

export default defineConfig({ test: { setupFiles: ['mcp-contract/vitest'] } })
`,
    'server.js': `import { z } from 'zod'
import { createCatalogServer } from './catalog-server.js'
${VARIANTS}`,
    'catalog.test.js': `import { expect, test } from 'vitest'
import { createServer } from './server.js'

test('catalog surface', async () => {
  await expect(createServer()).toMatchMcpContract()
})

test('catalog honors its contract', async () => {
  await expect(createServer()).toHonorContract('mcp-contract.json')
})

test('catalog surface, breaking changes only', async () => {
  await expect(createServer()).toMatchMcpContract('relaxed', { failOn: 'risky' })
})
`,
    'not.test.js': NOT_TEST_ESM,
    'concurrent.test.js': `import { test } from 'vitest'
import { createServer } from './server.js'

test.concurrent('first concurrent test', async ({ expect }) => {
  await expect(createServer('v1')).toMatchMcpContract()
})

test.concurrent('second concurrent test', async ({ expect }) => {
  await expect(createServer('additive')).toMatchMcpContract()
})
`,
    'soft.test.js': `import { expect, test } from 'vitest'
import { createServer } from './server.js'

test('soft assertion keeps the test going', async () => {
  await expect.soft(createServer()).toMatchMcpContract()
  console.log('still running after the soft assertion')
})
`,
    'unawaited.test.js': `import { expect, test } from 'vitest'

test('matcher that was not awaited', () => {
  expect({ command: process.execPath, args: ['-e', 'process.exit(3)'] }).toMatchMcpContract()
})
`,
  })
  await project.copyIn('test/fixtures/servers/catalog-server.js', 'catalog-server.js')
  return project
}

/** A Jest (CommonJS) project testing the catalog server over stdio. */
export async function createJestCatalogProject(): Promise<E2eProject> {
  const project = await E2eProject.create('jest', {
    'package.json': JSON.stringify({ name: 'catalog-jest', private: true }, null, 2),
    'jest.config.js': `module.exports = {
  testEnvironment: 'node',
  setupFilesAfterEnv: ['mcp-contract/jest'],
  transform: {},
  testTimeout: 20000,
}
`,
    'server.mjs': `import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { z } from 'zod'
import { createCatalogServer } from './catalog-server.mjs'
${VARIANTS}
await createServer().connect(new StdioServerTransport())
`,
    'catalog.test.js': `const path = require('node:path')

const server = { command: process.execPath, args: [path.join(__dirname, 'server.mjs')] }

test('catalog surface', async () => {
  await expect(server).toMatchMcpContract()
})

test('catalog honors its contract', async () => {
  await expect(server).toHonorContract('mcp-contract.json')
})

test('catalog surface, breaking changes only', async () => {
  await expect(server).toMatchMcpContract('relaxed', { failOn: 'risky' })
})
`,
    'not.test.js': NOT_TEST_CJS,
  })
  await project.copyIn('test/fixtures/servers/catalog-server.js', 'catalog-server.mjs')
  return project
}

const NOT_TESTS = `
test('.not is rejected before connecting', async () => {
  let connected = false
  const factory = () => {
    connected = true
    throw new Error('the factory must not be called')
  }
  let rejection
  try {
    await expect(factory).not.toMatchMcpContract()
  } catch (error) {
    rejection = error
  }
  expect(connected).toBe(false)
  throw rejection
})

test('.not on toHonorContract is rejected too', async () => {
  await expect({ command: 'never-started' }).not.toHonorContract('mcp-contract.json')
})

test('a value that is not a server is rejected with what is accepted', async () => {
  await expect('http://localhost:3000/mcp').toMatchMcpContract()
})
`

const NOT_TEST_ESM = `import { expect, test } from 'vitest'
${NOT_TESTS}`

const NOT_TEST_CJS = NOT_TESTS.trimStart()
