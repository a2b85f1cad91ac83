// What reading the server twice costs `mcp-contract snapshot` (issue: values a server changes by
// itself are detected by a second start and listing). The claim the README states: for a
// deterministic server, snapshot costs no more than before beyond the second start and listing.
// Measured as whole processes, interleaved: a bare SDK client script that spawns, initializes and
// lists the server once (one listing, the floor), `snapshot` of this build, and, with --before
// PATH, `snapshot` of an earlier build's dist/cli.cjs (which read the server once). Each snapshot
// writes a fresh file (no contract to compare with). Figures are medians.
// Run: npm run build && node bench/snapshot-twice.mjs [tools=1000] [runs=7] [--before /path/to/old/dist/cli.cjs]
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { median, timeNodeProcess } from './whole-process.mjs'
import { writeBareSdkListing } from './bare-sdk-listing.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const numbers = process.argv.slice(2).filter((arg) => /^\d+$/.test(arg)).map(Number)
const tools = numbers[0] ?? 1000
const runs = numbers[1] ?? 7
const beforeAt = process.argv.indexOf('--before')
const before = beforeAt === -1 ? undefined : process.argv[beforeAt + 1]
if (!existsSync(join(root, 'dist/cli.cjs'))) {
  console.error('dist/cli.cjs is missing: run `npm run build` first.')
  process.exit(2)
}
const server = join(root, 'test/fixtures/servers/many-tools.js')
const folder = mkdtempSync(join(tmpdir(), 'mcp-contract-bench-'))
const bare = writeBareSdkListing(join(root, 'bench/.bare-sdk-listing.mjs'), server)
const env = { ...process.env, TOOLS: String(tools) }
let written = 0
/** A snapshot into a new file, so each run records from scratch. */
const snapshot = (cli) => [cli, 'snapshot', '--timeout', '600000', '--contract', join(folder, `c${written++}.json`), '--', process.execPath, server]
const commands = { bare: () => [bare], now: () => snapshot(join(root, 'dist/cli.cjs')), ...(before ? { before: () => snapshot(before) } : {}) }

try {
  for (const make of Object.values(commands)) timeNodeProcess(make(), env)
  const times = Object.fromEntries(Object.keys(commands).map((name) => [name, []]))
  for (let i = 0; i < runs; i++) for (const [name, make] of Object.entries(commands)) times[name].push(timeNodeProcess(make(), env))
  const med = (name, measure) => median(times[name].map((one) => one[measure]))
  const line = (measure) => Object.keys(commands).map((name) => `${name === 'now' ? 'snapshot (reads twice)' : name === 'before' ? 'snapshot (earlier build, reads once)' : 'bare listing'} ${med(name, measure).toFixed(0)} ms`).join(', ')
  console.log(`${tools} tools over stdio, ${runs} interleaved runs; medians: wall ${line('wall')}; CPU ${line('cpu')}`)
  if (before) {
    for (const measure of ['wall', 'cpu']) {
      const extra = med('now', measure) - med('before', measure)
      console.log(`${measure}: snapshot now costs ${extra.toFixed(0)} ms more than the earlier build; one bare listing costs ${med('bare', measure).toFixed(0)} ms (extra / listing = ${(extra / med('bare', measure)).toFixed(2)})`)
    }
  }
} finally {
  rmSync(folder, { recursive: true, force: true })
  rmSync(bare, { force: true })
}
