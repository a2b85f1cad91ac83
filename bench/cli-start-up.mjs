// Budget (ARCHITECTURE.md): `mcp-contract --version` costs at most 1.5× `node -e ''`, Node's own
// start-up, in wall and CPU time: the CLI loads only what a command needs.
// Both are whole processes run interleaved (node -e '', --version, node -e '', …); each figure is
// the median of the pairwise ratios. CPU is the user + system time of the finished process
// (Linux: /proc/self/stat, the children's times).
// Run: npm run build && node bench/cli-start-up.mjs [pairs=21]
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { median, timeNodeProcess } from './whole-process.mjs'

const BUDGET = 1.5
const root = fileURLToPath(new URL('..', import.meta.url))
const pairs = Number(process.argv[2] ?? 21)
const cli = join(root, 'dist/cli.cjs')
if (!existsSync(cli)) {
  console.error('dist/cli.cjs is missing: run `npm run build` first.')
  process.exit(2)
}

const run = (args) => timeNodeProcess(args)
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
