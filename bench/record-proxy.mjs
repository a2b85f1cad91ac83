// Budget (issue 24): a consumer suite of 200 tool calls through `mcp-contract record` costs at
// most 1.15× the same suite against the server directly. The suite is a client process (SDK
// Client over stdio) that starts the server, calls get_weather 200 times and disconnects; runs
// alternate A (direct) and B (through record) in pairs, and the median of the pairwise ratios
// is printed for wall time and for CPU time (the client and every process it waited for, read
// from this process's children's times in /proc/self/stat; Linux only).
// Run: npm run build && node bench/record-proxy.mjs [pairs=9] [calls=200]
// On a shared machine wall and CPU time swing by more than the budget; `--instructions` (needs
// valgrind) instead counts, with callgrind, the instructions of one record process and of one
// directly-started server over the same suite (the client and record's server run natively),
// which repeat to about 1%: what record adds, in a stable unit. [pairs] is then the runs of each.
// `--bare` puts a bare forward-only Node proxy (spawn the server, pipe both ways, nothing else) in
// record's place: the floor any proxy written for Node pays on this machine, to read record's figure by.
// `--vitest` runs the suite as a consumer's test suite does: one Vitest test file (`vitest run`
// in a folder of its own), the same client code inside a test.
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { childrenCpuMs, median } from './whole-process.mjs'

const numbers = process.argv.slice(2).filter((arg) => /^\d+$/.test(arg)).map(Number)
const instructions = process.argv.includes('--instructions')
const bare = process.argv.includes('--bare')
const underVitest = process.argv.includes('--vitest')
const pairs = numbers[0] ?? (instructions ? 3 : 9)
const calls = numbers[1] ?? 200
const root = fileURLToPath(new URL('..', import.meta.url))
const server = [process.execPath, join(root, 'test/fixtures/servers/recorded-weather.js')]
const dir = await mkdtemp(join(tmpdir(), 'mcp-contract-bench-record-'))
const out = join(dir, 'bench.mcp-consumer.json')

// Why a long timeout under valgrind: a counted process runs some 20× slower, and the SDK's default
// 60 s per request would end the suite; the limit changes no work done.
const patience = instructions ? ', { timeout: 600000 }' : ''
// Why resolved here: the Vitest suite runs in a folder of its own, where bare specifiers would not resolve.
const sdk = (path) => JSON.stringify(import.meta.resolve(`@modelcontextprotocol/sdk/${path}`))
const body = (command) => `const [command, ...args] = ${JSON.stringify(command)}
const transport = new StdioClientTransport({ command, args, stderr: 'ignore', env: { ...process.env } })
const client = new Client({ name: 'bench-suite', version: '1.0.0' })
await client.connect(transport${patience})
for (let call = 0; call < ${calls}; call++) await client.callTool({ name: 'get_weather', arguments: { city: 'city ' + call } }, undefined${patience})
// Why wait for the exit: the processes it started are then counted in its children's CPU time.
const exited = new Promise((resolve) => transport._process.once('exit', resolve))
${instructions ? '// Why not close(): it signals a process still busy after two seconds, and a counted one is.\ntransport._process.stdin.end()' : 'await client.close()'}
await exited
`
const suite = (command) => `import { Client } from ${sdk('client/index.js')}
import { StdioClientTransport } from ${sdk('client/stdio.js')}
${underVitest ? `import { test } from 'vitest'\ntest('${calls} tool calls', async () => {\n${body(command)}}, 600000)\n` : body(command)}`

async function run(command) {
  const cpuBefore = childrenCpuMs()
  const start = performance.now()
  const file = join(dir, 'suite.test.mjs')
  if (underVitest) await writeFile(file, suite(command))
  // Why the Vitest runner from this repository: its folder has no node_modules; `--root` keeps its search in that folder.
  const [cwd, args] = underVitest
    ? [dir, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir, '--reporter', 'dot']]
    : [root, ['--input-type=module', '-e', suite(command)]]
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] })
    child.on('close', resolve)
  })
  if (code !== 0) throw new Error(`the suite exited with ${code}`)
  return { wall: performance.now() - start, cpu: childrenCpuMs() - cpuBefore }
}

const direct = server
const forwardOnly = `const { spawn } = require('node:child_process')
const [command, ...args] = JSON.parse(process.argv[1])
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] })
process.stdin.pipe(server.stdin)
server.stdout.pipe(process.stdout)
server.on('close', (code) => process.exit(code ?? 0))`
const recorded = bare
  ? [process.execPath, '-e', forwardOnly, JSON.stringify(server)]
  : [process.execPath, join(root, 'dist/cli.cjs'), 'record', '--consumer', 'bench-suite', '--out', out, '--', ...server]
const name = bare ? 'a bare forward-only proxy' : 'record'

/** Instructions callgrind counted in the suite's one process that `command` starts (what it starts runs natively). */
async function countInstructions(command) {
  const log = join(dir, 'valgrind.log')
  await run(['valgrind', '--tool=callgrind', '--trace-children=no', `--callgrind-out-file=${join(dir, 'callgrind.%p')}`, `--log-file=${log}`, ...command])
  const counts = [...(await readFile(log, 'utf8')).matchAll(/Collected : (\d+)/g)]
  if (counts.length !== 1) throw new Error(`valgrind counted ${counts.length} processes, not 1: see ${log}`)
  return Number(counts[0][1])
}

if (instructions && underVitest) throw new Error('--instructions counts the record process alone; the suite around it does not matter there, so it takes no --vitest')
if (instructions) {
  const counts = { direct: [], record: [] }
  for (let round = 0; round < pairs; round++) {
    counts.direct.push(await countInstructions(direct))
    counts.record.push(await countInstructions(recorded))
  }
  await rm(dir, { recursive: true, force: true })
  const shown = (list) => `${(median(list) / 1e6).toFixed(0)} M (runs: ${list.map((count) => (count / 1e6).toFixed(0)).join(', ')})`
  console.log(`${calls} tool calls, instructions per process, median of ${pairs}: the server started directly ${shown(counts.direct)}; ${bare ? 'the bare proxy' : 'the record process'} (its server not counted) ${shown(counts.record)}`)
  process.exit(0)
}

await run(direct)
await run(recorded)
const wall = []
const cpu = []
const rows = []
for (let pair = 0; pair < pairs; pair++) {
  const a = await run(direct)
  const b = await run(recorded)
  wall.push(b.wall / a.wall)
  cpu.push(b.cpu / a.cpu)
  rows.push(`  pair ${pair + 1}: direct ${a.wall.toFixed(0)} ms wall, ${a.cpu} ms CPU · ${name} ${b.wall.toFixed(0)} ms wall, ${b.cpu} ms CPU`)
}
await rm(dir, { recursive: true, force: true })
console.log(rows.join('\n'))
console.log(`${calls} tool calls${underVitest ? ' in a Vitest suite' : ''} through ${name} vs direct, median of ${pairs} pairwise ratios: wall ${median(wall).toFixed(3)}×, CPU ${median(cpu).toFixed(3)}×${bare ? '' : ' (budget 1.15×)'}`)
