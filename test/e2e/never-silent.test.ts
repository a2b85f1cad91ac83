/**
 * A recording that saw nothing is never a contract, in a user's project on the packed package:
 * the consumer test wraps its client with `recordConsumer` but hands the code under test the client
 * itself, so the recorder is never reached. `toMatchConsumerContract` fails saying so, under Vitest
 * and under Jest, even where it would write a new contract (no CI), and writes no file.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { E2eProject, type Runner } from './support/e2e-project.js'
import { ROOT } from './support/packed-package.js'

const CONTRACT = 'weather-agent.mcp-consumer.json'

/** The consumer test's body, the same for both runners: the mistake is calling `client`, not `recorded`. */
const BODY = `test('the weather card is recorded', async () => {
  const client = new Client({ name: 'weather-agent', version: '1.0.0' })
  await client.connect(new StdioClientTransport({ command: process.execPath, args: ['forecast.mjs'], stderr: 'ignore' }))
  const recorded = recordConsumer(client, { consumer: 'weather-agent' })
  try {
    const { structuredContent } = await client.callTool({ name: 'get_weather', arguments: { city: 'Melbourne' } })
    expect(structuredContent.conditions).toBe('Sunny')
    await expect(recorded).toMatchConsumerContract('${CONTRACT}')
  } finally {
    await client.close()
  }
})
`

const PROJECTS: Record<Runner, Record<string, string>> = {
  vitest: {
    'package.json': JSON.stringify({ name: 'never-silent-vitest', private: true, type: 'module' }, null, 2),
    'vitest.config.js': "import { defineConfig } from 'vitest/config'\n\nexport default defineConfig({ test: { setupFiles: ['mcp-contract/vitest'], testTimeout: 30000 } })\n",
    'weather-card.consumer.test.js': `import { Client } from '@modelcontextprotocol/sdk/client/index.js'\nimport { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'\nimport { recordConsumer } from 'mcp-contract'\nimport { expect, test } from 'vitest'\n\n${BODY}`,
  },
  jest: {
    'package.json': JSON.stringify({ name: 'never-silent-jest', private: true }, null, 2),
    'jest.config.js': "module.exports = { testEnvironment: 'node', setupFilesAfterEnv: ['mcp-contract/jest'], transform: {}, testTimeout: 30000 }\n",
    'weather-card.consumer.test.js': `const { Client } = require('@modelcontextprotocol/sdk/client/index.js')\nconst { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js')\nconst { recordConsumer } = require('mcp-contract')\n\n${BODY}`,
  },
}

describe.each(['vitest', 'jest'] as const)('%s, on the packed package', (runner) => {
  const projects: E2eProject[] = []
  afterAll(async () => {
    await Promise.all(projects.map((project) => project.remove()))
  })

  test('a consumer test whose recorder was never reached fails, saying so and what to wrap instead, and writes no contract', { timeout: 300_000 }, async () => {
    const server = await readFile(join(ROOT, 'test', 'fixtures', 'servers', 'forecast-server.js'), 'utf8')
    const main = await readFile(join(ROOT, 'test', 'fixtures', 'servers', 'forecast.js'), 'utf8')
    const project = await E2eProject.create(runner, { ...PROJECTS[runner], 'forecast-server.mjs': server, 'forecast.mjs': main.replace("'./forecast-server.js'", "'./forecast-server.mjs'") })
    projects.push(project)

    const result = await project.run([])
    expect(result.code, result.output).toBe(1)
    expect(result.report.numFailedTests).toBe(1)
    expect(project.failures(result)).toMatchSnapshot()
    expect(await project.read(CONTRACT)).toBeUndefined()
  })
})
