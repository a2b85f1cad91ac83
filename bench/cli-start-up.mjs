// Budget (ARCHITECTURE.md): `mcp-contract --version` costs at most 1.5× `node -e ''`, Node's own
// start-up, in wall and CPU time: the CLI loads only what a command needs.
// Both are whole processes run interleaved (node -e '', --version, node -e '', …); each figure is
// the median of the pairwise ratios. CPU is the user + system time of the finished process
// (Linux: /proc/self/stat, the children's times).
// Run: npm run build && node bench/cli-start-up.mjs [pairs=21]
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'

const BUDGET = 1.5
const root = fileURLToPath(new URL('..', import.meta.url))
const pairs = Number(process.argv[2] ?? 21)
const cli = join(root, 'dist/cli.js')
if (!existsSync(cli)) {
  console.error('dist/cli.js is missing: run `npm run build` first.')
  process.exit(2)
}

/** CPU ms used by the finished children of this process (Linux; 0 elsewhere). */
function childrenCpuMs() {
  if (!existsSync('/proc/self/stat')) return 0
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')
  return (Number(fields[13]) + Number(fields[14])) * 10
}

function run(args) {
  const cpuBefore = childrenCpuMs()
  const start = performance.now()
  const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] })
  const wall = performance.now() - start
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${result.status}`)
  return { wall, cpu: childrenCpuMs() - cpuBefore }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const runs = { node: [], version: [] }
run(['-e', ''])
run([cli, '--version'])
for (let i = 0; i < pairs; i++) {
  runs.node.push(run(['-e', '']))
  runs.version.push(run([cli, '--version']))
}
const ratio = (measure) => median(runs.version.map((one, index) => one[measure] / Math.max(runs.node[index][measure], 1)))
const figure = (measure) => `node -e '' ${median(runs.node.map((one) => one[measure])).toFixed(0)} ms, --version ${median(runs.version.map((one) => one[measure])).toFixed(0)} ms`
const within = (value) => `${value.toFixed(2)} (budget ${BUDGET.toFixed(2)}: ${value <= BUDGET ? 'within' : 'OVER'})`
console.log(`${pairs} interleaved pairs; medians: wall ${figure('wall')}; CPU ${figure('cpu')}`)
console.log(`median ratio --version / node -e '': wall ${within(ratio('wall'))}, CPU ${within(ratio('cpu'))}`)
process.exitCode = ratio('wall') <= BUDGET && ratio('cpu') <= BUDGET ? 0 : 1
