import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createVitestCatalogProject } from './support/catalog-projects.js'
import type { E2eProject } from './support/e2e-project.js'
import { describeMatcherScenarios } from './support/matcher-scenarios.js'

describeMatcherScenarios('vitest')

describe('vitest: runner integration', () => {
  let project: E2eProject

  beforeAll(async () => {
    project = await createVitestCatalogProject()
  }, 300_000)

  afterAll(async () => {
    await project?.remove()
  })

  test('test.concurrent with the context expect stores each surface under its own test', async () => {
    const result = await project.run(['concurrent.test.js'])
    expect(result.code, result.output).toBe(0)
    const snap = (await project.read('__snapshots__/concurrent.test.js.snap'))!.toString()
    const keys = [...snap.matchAll(/^exports\[`(.+)`\]/gm)].map((match) => match[1])
    expect(keys).toEqual(['first concurrent test 1', 'second concurrent test 1'])
    expect(snap.split('exports[')[2]).toContain('tool export_report')
    expect(snap.split('exports[')[1]).not.toContain('tool export_report')
  })

  test('expect.soft records the drift and lets the test go on', async () => {
    expect((await project.run(['soft.test.js'])).code).toBe(0)
    const result = await project.run(['soft.test.js'], { CATALOG_VARIANT: 'v2' })
    expect(result.code).toBe(1)
    expect(result.output).toContain('still running after the soft assertion')
    expect(project.failures(result)['soft assertion keeps the test going']).toMatch(/^ {2}breaking {2}/m)
  })

  // Why this test: the setup file's cost is paid by every test run; it holds the design that keeps it small.
  test('the setup file loads one module of ours natively, and neither the engine, the SDK nor the tokenizer', async () => {
    await project.write('trivial.test.js', "import { expect, test } from 'vitest'\n\ntest('trivial', () => {\n  expect(1 + 1).toBe(2)\n})\n")
    await project.write('record-loads.mjs', "import { register } from 'node:module'\n\nregister('./record-loads-hooks.mjs', import.meta.url)\n")
    await project.write(
      'record-loads-hooks.mjs',
      "import { appendFileSync } from 'node:fs'\n\nexport async function resolve(specifier, context, next) {\n  const result = await next(specifier, context)\n  appendFileSync(process.env.LOADS_FILE, result.url + '\\n')\n  return result\n}\n",
    )
    const loads = join(project.dir, 'loads.txt')
    const result = await project.run(['trivial.test.js'], { NODE_OPTIONS: '--import ./record-loads.mjs', LOADS_FILE: loads })
    expect(result.code, result.output).toBe(0)
    const urls = (await readFile(loads, 'utf8')).trim().split('\n')
    expect(urls.some((url) => url.includes('/vitest/dist/'))).toBe(true)
    const ours = [...new Set(urls.filter((url) => url.includes('/node_modules/mcp-contract/')))]
    expect(ours.map((url) => url.split('/node_modules/mcp-contract/')[1])).toEqual(['dist/register-vitest.js'])
    expect(urls.filter((url) => /@modelcontextprotocol|\/ajv\/|\/gpt-tokenizer\//.test(url))).toEqual([])
  })

  test('a server that crashes or cannot start is one clean message, its stderr tail shown once', async () => {
    await project.write(
      'crash.test.js',
      "import { expect, test } from 'vitest'\n\ntest('crash', async () => {\n  await expect({ command: process.execPath, args: ['-e', 'console.error(\"boom-line\"); process.exit(3)'] }).toMatchMcpContract()\n})\n\ntest('missing binary', async () => {\n  await expect({ command: 'no-such-binary-xyz' }).toMatchMcpContract()\n})\n",
    )
    const result = await project.run(['crash.test.js'])
    expect(result.report.numFailedTests).toBe(2)
    expect(result.output.split('| boom-line').length - 1).toBe(1)
    expect(result.output).not.toMatch(/Caused by|Serialized Error/)
    expect(project.failures(result)).toMatchSnapshot()
  })

  test('toHonorContract before toMatchMcpContract in one test: the snapshot is stored under the key it has alone', async () => {
    const body = (withContract: boolean) =>
      `import { expect, test } from 'vitest'\nimport { createServer } from './server.js'\n\ntest('both checks', async () => {\n${withContract ? "  await expect(createServer()).toHonorContract('both-contract.json')\n" : ''}  await expect(createServer()).toMatchMcpContract()\n})\n`
    await project.write('both.test.js', body(true))
    const first = await project.run(['both.test.js'])
    expect(first.code, first.output).toBe(0)
    // Why two: the contract file is a file snapshot, counted as written as Vitest counts each; one per assertion.
    expect(first.report.snapshot).toMatchObject({ added: 2, unchecked: 0 })
    const snap = async () => [...(await project.read('__snapshots__/both.test.js.snap'))!.toString().matchAll(/^exports\[`(.+)`\]/gm)].map((match) => match[1])
    expect(await snap()).toEqual(['both checks 1'])
    // Why: removing the contract check leaves the snapshot's key as it is, so nothing is obsolete or new.
    await project.write('both.test.js', body(false))
    const alone = await project.run(['both.test.js', '--update=none'])
    expect(alone.code, alone.output).toBe(0)
    expect(alone.report.snapshot).toMatchObject({ matched: 1, added: 0, unchecked: 0, unmatched: 0 })
  })

  test('a matcher that was not awaited still fails its test', async () => {
    const result = await project.run(['unawaited.test.js'])
    expect(result.code).toBe(1)
    expect(result.report.numFailedTests).toBe(1)
    expect(result.output).toContain('was not awaited')
    expect(project.failures(result)).toMatchSnapshot()
  })
})
