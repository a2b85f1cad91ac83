import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const depcruise = fileURLToPath(new URL('../../node_modules/dependency-cruiser/bin/dependency-cruise.mjs', import.meta.url))
const config = fileURLToPath(new URL('../../.dependency-cruiser.cjs', import.meta.url))

interface Violation {
  rule: string
  from: string
  to: string
  cycle?: string[]
}

/** Runs dependency-cruiser with the project's rule file on `paths`, from `cwd`; returns its violations. */
async function violations(cwd: string, paths: string[]): Promise<Violation[]> {
  const run = promisify(execFile)
  // Why: depcruise exits 1 when it finds violations; the JSON on stdout is what is judged.
  const { stdout } = await run(process.execPath, [depcruise, '--config', config, '--output-type', 'json', ...paths], { cwd, maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string }) => {
      if (error.stdout) return { stdout: error.stdout }
      throw error
    },
  )
  const result = JSON.parse(stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string; cycle?: { name: string }[] }[] }
  }
  return result.summary.violations.map((v) => ({
    rule: v.rule.name,
    from: v.from,
    to: v.to,
    ...(v.cycle === undefined ? {} : { cycle: v.cycle.map((step) => step.name) }),
  }))
}

// Why: each case starts dependency-cruiser in a child process, seconds each on a busy machine.
describe('layers (.dependency-cruiser.cjs)', { timeout: 90_000 }, () => {
  test('src/, matchers/ and setup/ import only downwards, with no cycle', async () => {
    expect(await violations(root, ['src', 'matchers', 'setup'])).toEqual([])
  })

  test('an import that runs back up fails the rule', async () => {
    const fixture = fileURLToPath(new URL('fixtures/back-import/', import.meta.url))
    expect(await violations(fixture, ['src'])).toEqual([{ rule: 'schema-stands-alone', from: 'src/schema/relation.ts', to: 'src/diff/severity.ts' }])
  })

  test('a cycle fails the rule', async () => {
    const fixture = fileURLToPath(new URL('fixtures/cycle/', import.meta.url))
    expect(await violations(fixture, ['src'])).toEqual([
      { rule: 'no-circular', from: 'src/schema/keyword.ts', to: 'src/schema/walk.ts', cycle: ['src/schema/walk.ts', 'src/schema/keyword.ts'] },
    ])
  })
})
