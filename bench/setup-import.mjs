// Budget (ARCHITECTURE.md): loading `mcp-contract/vitest` adds at most 15 ms to a Vitest run.
// Runs a trivial one-test Vitest project as real `vitest run` processes, interleaved: without a
// setup file; with an empty setup file and with a setup file that only registers a matcher (what
// Vitest charges for any setup file, and for one that imports vitest); with mcp-contract/vitest
// as the setup file; and with `import 'mcp-contract/vitest'` in the test file instead.
// Prints, against the run without any of it: Vitest's own phase times (transform + setup +
// import, which leave out process start-up), the median paired wall-clock difference, the
// difference of the fastest runs, and the extra CPU time of the process tree.
// Run: npm run build && node bench/setup-import.mjs [runs=21]
// On a shared machine wall time swings by more than the budget; `--instructions` (needs valgrind)
// instead counts the instructions of one run per variant, which repeats to about 1%.
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'

const BUDGET_MS = 15
const instructions = process.argv.includes('--instructions')
const runs = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 21)
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
const trivialTest = "import { expect, test } from 'vitest'\n\ntest('trivial', () => {\n  expect(1 + 1).toBe(2)\n})\n"
writeFileSync(join(project, 'trivial.test.js'), trivialTest)
writeFileSync(join(project, 'importing.test.js'), `import 'mcp-contract/vitest'\n${trivialTest}`)
writeFileSync(join(project, 'empty-setup.js'), '\n')
writeFileSync(join(project, 'matcher-setup.js'), "import { expect } from 'vitest'\n\nexpect.extend({ toBeFine: () => ({ pass: true, message: () => '' }) })\n")
const variants = {
  none: "export default { test: { include: ['trivial.test.js'] } }\n",
  emptySetup: "export default { test: { include: ['trivial.test.js'], setupFiles: ['./empty-setup.js'] } }\n",
  matcherSetup: "export default { test: { include: ['trivial.test.js'], setupFiles: ['./matcher-setup.js'] } }\n",
  mcpContract: "export default { test: { include: ['trivial.test.js'], setupFiles: ['mcp-contract/vitest'] } }\n",
  importInTest: "export default { test: { include: ['importing.test.js'] } }\n",
}
for (const [name, config] of Object.entries(variants)) writeFileSync(join(project, `${name}.config.js`), config)
// Why a third measure: whole-run timings carry tens of ms of noise on a busy machine; this times our module alone.
writeFileSync(
  join(project, 'import-cost.mjs'),
  "await import('vitest')\nconst start = performance.now()\nawait import('mcp-contract/vitest')\nconsole.log(performance.now() - start)\n",
)

const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs')
const env = { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1' }

/** CPU ms used by finished children of this process (Linux; 0 elsewhere). */
function childrenCpuMs() {
  if (!existsSync('/proc/self/stat')) return 0
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')
  return (Number(fields[13]) + Number(fields[14])) * 10
}

function measure(variant) {
  const cpuBefore = childrenCpuMs()
  const start = performance.now()
  const out = execFileSync(process.execPath, [vitest, 'run', '--config', `${variant}.config.js`, '--reporter=dot'], { cwd: project, env, encoding: 'utf8' })
  const wall = performance.now() - start
  // Why: Vitest's own phase times leave out process start-up, where most of the noise is.
  const [, transform, setup, load] = /transform (\d+)ms, setup (\d+)ms, import (\d+)ms/.exec(out).map(Number)
  return { wall, cpu: childrenCpuMs() - cpuBefore, phases: transform + setup + load }
}

function importCost() {
  return Number(execFileSync(process.execPath, ['import-cost.mjs'], { cwd: project, env, encoding: 'utf8' }).trim())
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** Instructions executed by a `vitest run` and every process it starts, counted by callgrind. */
function countInstructions(variant) {
  const out = join(project, `callgrind.${variant}.%p`)
  const { stderr, status } = spawnSync(
    'valgrind',
    ['--tool=callgrind', '--trace-children=yes', `--callgrind-out-file=${out}`, process.execPath, vitest, 'run', '--config', `${variant}.config.js`, '--reporter=dot'],
    { cwd: project, env, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] },
  )
  if (status !== 0) throw new Error(`valgrind + vitest run failed (${status}):\n${stderr}`)
  return [...stderr.matchAll(/Collected : (\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0)
}

if (instructions) {
  const counts = Object.fromEntries(['none', 'mcpContract'].map((name) => [name, countInstructions(name)]))
  const share = counts.mcpContract / counts.none - 1
  const wall = median(Array.from({ length: 5 }, () => measure('none').wall))
  rmSync(project, { recursive: true, force: true })
  console.log(`instructions: none ${counts.none.toExponential(4)}, mcp-contract/vitest ${counts.mcpContract.toExponential(4)} (+${(share * 100).toFixed(2)}%)`)
  console.log(`≈ ${(share * wall).toFixed(1)} ms of a ${wall.toFixed(0)} ms run (budget ${BUDGET_MS} ms)`)
  process.exit(share * wall <= BUDGET_MS ? 0 : 1)
}

const names = Object.keys(variants)
const results = Object.fromEntries(names.map((name) => [name, []]))
for (let i = 0; i < 2; i++) for (const name of names) measure(name)
for (let i = 0; i < runs; i++) {
  // Why alternate the order: whichever runs later in a round profits from warm caches.
  for (const name of i % 2 === 0 ? names : [...names].reverse()) results[name].push(measure(name))
}
const imports = Array.from({ length: runs }, importCost)
rmSync(project, { recursive: true, force: true })

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length
const pairedWall = (name, base) => median(results[name].map((run, index) => run.wall - results[base][index].wall))
const extraCpu = (name, base) => mean(results[name].map((run) => run.cpu)) - mean(results[base].map((run) => run.cpu))

const fastest = (name) => Math.min(...results[name].map((run) => run.wall))
const phases = (name) => median(results[name].map((run) => run.phases))
console.log(`vitest run, trivial test, ${runs} interleaved rounds; median wall: ${names.map((name) => `${name} ${median(results[name].map((run) => run.wall)).toFixed(0)} ms`).join(', ')}`)
console.log(`importing mcp-contract/vitest once vitest is loaded (module evaluation and registration alone): ${median(imports).toFixed(1)} ms median`)
console.log('added to the run without a setup file:   phases   paired wall   fastest runs   CPU')
for (const name of names.slice(1)) {
  // Why the fastest runs too: other load only ever adds time, so the fastest run of each variant is the least disturbed.
  const figures = [phases(name) - phases('none'), pairedWall(name, 'none'), fastest(name) - fastest('none'), extraCpu(name, 'none')]
  console.log(`  ${name.padEnd(38)}${figures.map((ms) => `${ms.toFixed(1)} ms`.padStart(11)).join('   ')}`)
}
const added = phases('mcpContract') - phases('none')
console.log(`mcp-contract/vitest as a setup file adds ${added} ms of Vitest's phase time (budget ${BUDGET_MS} ms): ${added <= BUDGET_MS ? 'within budget' : 'OVER BUDGET'}`)
process.exitCode = added <= BUDGET_MS ? 0 : 1
