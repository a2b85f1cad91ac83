// Budget (issue: the 2026-07-28 protocol): capturing a 2025-only stdio server with the default
// era (`auto`: initialize first, server/discover only when initialize is refused) costs at most
// 1.05× a capture pinned to the legacy era (the capture as it was before eras existed): no probe
// process when none is needed. For comparison, it also times SDK 2.x's own `versionNegotiation:
// 'auto'`, which probes a stdio server with a second, short-lived process, and the default
// capture of a 2026-only server (which pays for the refused initialize).
// Runs are interleaved; the figure is the median of per-run ratios.
// Run: npm run build && node bench/era-detection.mjs [runs=15]
import { performance } from 'node:perf_hooks'
import { Client } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { captureRaw } from '../dist/index.js'

const runs = Number(process.argv[2] ?? 15)
const legacyServer = { command: process.execPath, args: ['test/fixtures/servers/catalog.js'] }
const modernServer = { command: process.execPath, args: ['test/fixtures/servers/modern-only.js'] }
const passthrough = { '~standard': { version: 1, vendor: 'bench', validate: (value) => ({ value }) } }

async function timed(work) {
  const start = performance.now()
  await work()
  return performance.now() - start
}

async function sdkAuto() {
  const client = new Client({ name: 'bench', version: '1' }, { versionNegotiation: { mode: 'auto' } })
  await client.connect(new StdioClientTransport(legacyServer))
  await client.request({ method: 'tools/list', params: {} }, passthrough)
  await client.close()
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
for (let i = 0; i < 2; i++) {
  await captureRaw(legacyServer, { era: 'legacy' })
  await captureRaw(legacyServer)
}
const pinned = []
const auto = []
const ratios = []
const sdk = []
const modern = []
for (let i = 0; i < runs; i++) {
  // Why alternate which goes first: on a shared machine the second of two back-to-back runs is
  // measurably slower or faster; alternating cancels that out of the median.
  const pinnedRun = () => timed(() => captureRaw(legacyServer, { era: 'legacy' }))
  const autoRun = () => timed(() => captureRaw(legacyServer))
  let a
  let b
  if (i % 2 === 0) {
    a = await pinnedRun()
    b = await autoRun()
  } else {
    b = await autoRun()
    a = await pinnedRun()
  }
  pinned.push(a)
  auto.push(b)
  ratios.push(b / a)
}
// Why in a loop of their own: their extra processes exit after the timed region, and would
// otherwise slow whichever paired run came next.
for (let i = 0; i < runs; i++) {
  sdk.push(await timed(sdkAuto))
  modern.push(await timed(() => captureRaw(modernServer)))
}
const ms = (value) => `${value.toFixed(0)} ms`
console.log(`2025-only stdio server, ${runs} interleaved runs (medians):`)
console.log(`  capture pinned to legacy (as before eras):  ${ms(median(pinned))}`)
console.log(`  capture with the default era (auto):        ${ms(median(auto))}`)
console.log(`  ratio auto / legacy:                        ${median(ratios).toFixed(3)}× median of per-run ratios, ${(median(auto) / median(pinned)).toFixed(3)}× of medians (budget 1.05×)`)
console.log(`  SDK 2.x versionNegotiation auto + tools/list: ${ms(median(sdk))}`)
console.log(`2026-only stdio server, default era (refused initialize, then discover): ${ms(median(modern))}`)
if (median(ratios) > 1.05) process.exitCode = 1
