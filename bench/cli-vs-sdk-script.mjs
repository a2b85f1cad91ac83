// Budget (ARCHITECTURE.md): `mcp-contract check` against a stdio server with 1,000 tools costs at
// most 1.06× the wall time and 1.10× the CPU time of a bare SDK client script that spawns,
// initializes and lists the same server; at 5,000 tools at most 1.04× the wall time.
// Both are whole processes (the server they start included), run interleaved (bare, check, bare,
// check, …); each figure is the median of the pairwise ratios. CPU is the user + system time of
// the finished process tree (Linux: /proc/self/stat, the children's times).
// Run: npm run build && node bench/cli-vs-sdk-script.mjs [tools=1000] [pairs=11]
// On a shared machine wall time swings by more than the budget; `--instructions` (needs valgrind)
// instead counts the instructions of one run of each client process (the server, the same program
// in both, runs natively), which repeats to about 1%: where check's extra cost is, in a stable unit.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { median, timeNodeProcess } from './whole-process.mjs'
import { writeBareSdkListing } from './bare-sdk-listing.mjs'

const BUDGETS = { 1000: { wall: 1.06, cpu: 1.1 }, 5000: { wall: 1.04 } }
const root = fileURLToPath(new URL('..', import.meta.url))
const numbers = process.argv.slice(2).filter((arg) => /^\d+$/.test(arg)).map(Number)
const tools = numbers[0] ?? 1000
const pairs = numbers[1] ?? 11
const instructions = process.argv.includes('--instructions')
const budget = BUDGETS[tools] ?? {}
if (!existsSync(join(root, 'dist/cli.cjs'))) {
  console.error('dist/cli.cjs is missing: run `npm run build` first.')
  process.exit(2)
}
const server = join(root, 'test/fixtures/servers/many-tools.js')
const folder = mkdtempSync(join(tmpdir(), 'mcp-contract-bench-'))
const contract = join(folder, 'mcp-contract.json')
const bare = writeBareSdkListing(join(root, 'bench/.bare-sdk-client.mjs'), server)

const env = { ...process.env, TOOLS: String(tools) }
// Why a long --timeout: on a loaded machine a 5,000-tool server can take longer than the default to
// answer, and the bare script waits as long as the SDK lets it; the limit changes no work done.
const patience = ['--timeout', '600000']
const check = [join(root, 'dist/cli.cjs'), 'check', ...patience, '--contract', contract, '--', process.execPath, server]

/** One whole process: its wall time and the CPU time of it and the server it started. */
const run = (args) => timeNodeProcess(args, env)

/**
 * Instructions executed by one client process, counted by callgrind. Why not its server too: under
 * valgrind a 1,000-tool server outlasts the client's request timeout, and it is the same work in both.
 */
function countInstructions(args) {
  const { stderr, status } = spawnSync('valgrind', ['--tool=callgrind', '--trace-children=no', `--callgrind-out-file=${join(folder, 'callgrind.%p')}`, process.execPath, ...args], {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  if (status !== 0) throw new Error(`valgrind ${args.join(' ')} failed (${status}):\n${stderr}`)
  return [...stderr.matchAll(/Collected : (\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0)
}

const within = (figure, limit) => (limit === undefined ? '' : ` (budget ${limit.toFixed(2)}: ${figure <= limit ? 'within' : 'OVER'})`)

try {
  run([join(root, 'dist/cli.cjs'), 'snapshot', ...patience, '--contract', contract, '--', process.execPath, server])
  if (instructions) {
    const counts = { bare: countInstructions([bare]), check: countInstructions(check) }
    console.log(`${tools} tools over stdio, instructions of the client process (server not counted): bare SDK script ${counts.bare.toExponential(4)}, mcp-contract check ${counts.check.toExponential(4)}`)
    console.log(`check executes ${((counts.check - counts.bare) / 1e6).toFixed(0)} M instructions more (${(counts.check / counts.bare).toFixed(2)}× the bare client)`)
  } else {
    run([bare])
    run(check)
    const runs = { bare: [], check: [] }
    for (let i = 0; i < pairs; i++) {
      runs.bare.push(run([bare]))
      runs.check.push(run(check))
    }
    const ratio = (measure) => median(runs.check.map((one, index) => one[measure] / runs.bare[index][measure]))
    const figure = (measure) => `bare ${median(runs.bare.map((one) => one[measure])).toFixed(0)} ms, check ${median(runs.check.map((one) => one[measure])).toFixed(0)} ms`
    console.log(`${tools} tools over stdio, ${pairs} interleaved pairs; medians: wall ${figure('wall')}; CPU ${figure('cpu')}`)
    console.log(`median ratio check/bare: wall ${ratio('wall').toFixed(3)}${within(ratio('wall'), budget.wall)}, CPU ${ratio('cpu').toFixed(3)}${within(ratio('cpu'), budget.cpu)}`)
  }
} finally {
  rmSync(folder, { recursive: true, force: true })
  rmSync(bare, { force: true })
}
