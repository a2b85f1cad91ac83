// `lock` and `check --lock` over N stdio servers that each take 1 s to start
// (test/fixtures/servers/slow-start.js), against one server's `check`. The claims the README states:
// wall time is bounded by the slowest server, not the sum (8 servers: at most 2× one `check` on 2 cores),
// and the CLI's memory stays flat as N grows. Measured as whole processes; the CLI's peak RSS comes
// from process.resourceUsage() at its exit (its servers are processes of their own). For scale, the
// floor: N bare SDK client scripts (bench/bare-sdk-listing.mjs) listing N servers at once, against one.
// Figures are medians; on a shared machine, read them beside the floor's own ratio.
// Run: npm run build && node bench/lock-parallel.mjs [runs=3] [counts=1,2,4,8]
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { writeBareSdkListing } from './bare-sdk-listing.mjs'
import { median } from './whole-process.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const cli = join(root, 'dist/cli.cjs')
const runs = Number(process.argv[2] ?? 3)
const counts = (process.argv[3] ?? '1,2,4,8').split(',').map(Number)
if (!existsSync(cli)) {
  console.error('dist/cli.cjs is missing: run `npm run build` first.')
  process.exit(2)
}
const server = join(root, 'test/fixtures/servers/slow-start.js')
const folder = mkdtempSync(join(tmpdir(), 'mcp-contract-lock-bench-'))
const preload = join(folder, 'peak-rss.cjs')
// Why a preload: the CLI's own peak, written to stderr's last line when it exits, whatever its exit code.
writeFileSync(preload, "process.on('exit', () => require('node:fs').writeSync(2, `\\npeak-rss-kb ${process.resourceUsage().maxRSS}\\n`))\n")

const bare = writeBareSdkListing(join(root, 'bench/.bare-sdk-listing.mjs'), server)

/** Wall ms for `count` bare SDK listings started at once, until the last ends. */
async function timeBare(count) {
  const start = performance.now()
  await Promise.all(
    Array.from({ length: count }, () => new Promise((done, fail) => spawn(process.execPath, [bare], { stdio: 'ignore' }).on('exit', (code) => (code === 0 ? done() : fail(new Error(`bare listing exited ${code}`)))))),
  )
  return performance.now() - start
}

/** Runs the CLI in `cwd` to its end: wall ms, peak RSS in MB, exit code. */
function timeCli(args, cwd) {
  const start = performance.now()
  const result = spawnSync(process.execPath, ['-r', preload, cli, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
  const wall = performance.now() - start
  const rss = Number(/peak-rss-kb (\d+)\s*$/.exec(result.stderr)?.[1] ?? NaN) / 1024
  if (result.status !== 0) throw new Error(`mcp-contract ${args.join(' ')} exited with ${result.status}: ${result.stderr}`)
  return { wall, rss }
}

try {
  const single = join(folder, 'single')
  spawnSync('mkdir', ['-p', single])
  timeCli(['snapshot', '--', process.execPath, server], single)
  const one = []
  for (let i = 0; i < runs; i++) one.push(timeCli(['check', '--', process.execPath, server], single))
  const oneCheck = median(one.map((run) => run.wall))
  const oneBare = []
  for (let i = 0; i < runs; i++) oneBare.push(await timeBare(1))
  console.log(`one server's check: ${oneCheck.toFixed(0)} ms wall, ${median(one.map((run) => run.rss)).toFixed(0)} MB peak (CLI); one bare SDK listing ${median(oneBare).toFixed(0)} ms`)
  for (const count of counts) {
    const project = join(folder, `n${count}`)
    spawnSync('mkdir', ['-p', project])
    const mcpServers = Object.fromEntries(Array.from({ length: count }, (_, index) => [`slow-${index + 1}`, { command: process.execPath, args: [server] }]))
    writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers }, null, 2))
    const locks = []
    const checks = []
    const floors = []
    for (let i = 0; i < runs; i++) {
      locks.push(timeCli(['lock'], project))
      checks.push(timeCli(['check', '--lock'], project))
      floors.push(await timeBare(count))
    }
    const wall = (list) => median(list.map((run) => run.wall))
    const rss = (list) => median(list.map((run) => run.rss))
    console.log(
      `${count} server${count === 1 ? ' ' : 's'}: lock ${wall(locks).toFixed(0)} ms, ${rss(locks).toFixed(0)} MB; check --lock ${wall(checks).toFixed(0)} ms (${(wall(checks) / oneCheck).toFixed(2)}× one check), ${rss(checks).toFixed(0)} MB; floor: ${count} bare listing${count === 1 ? "" : "s"} at once ${median(floors).toFixed(0)} ms (${(median(floors) / median(oneBare)).toFixed(2)}× one)`,
    )
  }
} finally {
  rmSync(folder, { recursive: true, force: true })
  rmSync(bare, { force: true })
}
