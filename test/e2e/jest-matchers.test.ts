import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createJestCatalogProject } from './support/catalog-projects.js'
import type { E2eProject } from './support/e2e-project.js'
import { describeMatcherScenarios } from './support/matcher-scenarios.js'

describeMatcherScenarios('jest')

describe('jest: runner integration', () => {
  let project: E2eProject

  beforeAll(async () => {
    project = await createJestCatalogProject()
  }, 300_000)

  afterAll(async () => {
    await project?.remove()
  })

  test('requiring mcp-contract/jest in a test file, with no setup file, registers the matchers', async () => {
    await project.write('no-setup.config.js', "module.exports = { testEnvironment: 'node', transform: {}, testTimeout: 20000 }\n")
    await project.write(
      'in-file.test.js',
      "require('mcp-contract/jest')\nconst path = require('node:path')\n\ntest('registered by the require', async () => {\n  await expect({ command: process.execPath, args: [path.join(__dirname, 'server.mjs')] }).toMatchMcpContract()\n})\n",
    )
    const first = await project.run(['--config', 'no-setup.config.js', 'in-file.test.js'])
    expect(first.code, first.output).toBe(0)
    expect((await project.read('__snapshots__/in-file.test.js.snap'))!.toString()).toContain('tool search_products')
    const drifted = await project.run(['--config', 'no-setup.config.js', 'in-file.test.js'], { CATALOG_VARIANT: 'v2' })
    expect(drifted.code).toBe(1)
    expect(project.failures(drifted)['registered by the require']).toMatch(/^breaking \(\d+\)$/m)
  })
})
