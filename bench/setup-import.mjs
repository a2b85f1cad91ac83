// Budget (ARCHITECTURE.md): loading `mcp-contract/vitest` as a setup file adds at most 15 ms
// to a Vitest run. Measures a trivial one-test Vitest project run as a real `vitest run`
// process, with and without the setup file, interleaved, and compares the medians.
// Run: npm run build && node bench/setup-import.mjs [runs=15]
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'

const BUDGET_MS = 15
const runs = Number(process.argv[2] ?? 15)
const root = join(import.meta.dirname, '..')
if (!existsSync(join(root, 'dist', 'vitest.js'))) {
  console.error('dist/vitest.js is missing: run `npm run build` first.')
  process.exit(2)
}

// Why inside the repository: the project resolves vitest from the root node_modules, as a user's project resolves its own.
const project = join(root, '.tmp', 'bench-setup-import')
rmSync(project, { recursive: true, force: true })
// Why a copy, not a link: an installed package sits under node_modules, where Vitest loads it natively instead of transforming it.
const installed = join(project, 'node_modules', 'mcp-contract')
cpSync(join(root, 'dist'), join(installed, 'dist'), { recursive: true })
cpSync(join(root, 'package.json'), join(installed, 'package.json'))
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'bench-setup-import', private: true, type: 'module' }))
writeFileSync(join(project, 'trivial.test.js'), "import { expect, test } from 'vitest'\n\ntest('trivial', () => {\n  expect(1 + 1).toBe(2)\n})\n")
writeFileSync(join(project, 'without.config.js'), "export default { test: { include: ['trivial.test.js'] } }\n")
writeFileSync(join(project, 'with.config.js'), "export default { test: { include: ['trivial.test.js'], setupFiles: ['mcp-contract/vitest'] } }\n")

const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs')
const env = { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1' }

function timeRun(config) {
  const start = performance.now()
  execFileSync(process.execPath, [vitest, 'run', '--config', config, '--reporter=dot'], { cwd: project, env, stdio: 'pipe' })
  return performance.now() - start
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
for (let i = 0; i < 2; i++) {
  timeRun('without.config.js')
  timeRun('with.config.js')
}
const without = []
const withSetup = []
for (let i = 0; i < runs; i++) {
  // Why alternate the order: whichever runs second in a pair profits from warm caches.
  if (i % 2 === 0) {
    without.push(timeRun('without.config.js'))
    withSetup.push(timeRun('with.config.js'))
  } else {
    withSetup.push(timeRun('with.config.js'))
    without.push(timeRun('without.config.js'))
  }
}
rmSync(project, { recursive: true, force: true })

const added = median(withSetup) - median(without)
console.log(`vitest run, trivial test (median of ${runs}): ${median(without).toFixed(0)} ms without the setup file, ${median(withSetup).toFixed(0)} ms with it`)
console.log(`mcp-contract/vitest adds ${added.toFixed(1)} ms (budget ${BUDGET_MS} ms): ${added <= BUDGET_MS ? 'within budget' : 'OVER BUDGET'}`)
process.exitCode = added <= BUDGET_MS ? 0 : 1
