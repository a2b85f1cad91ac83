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
    expect(project.failures(result)['soft assertion keeps the test going']).toMatch(/^breaking \(\d+\)$/m)
  })

  test('a matcher that was not awaited still fails its test', async () => {
    const result = await project.run(['unawaited.test.js'])
    expect(result.code).toBe(1)
    expect(result.report.numFailedTests).toBe(1)
    expect(result.output).toContain('was not awaited')
    expect(project.failures(result)).toMatchSnapshot()
  })
})
