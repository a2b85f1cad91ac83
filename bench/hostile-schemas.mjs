// Budget (issue 9, a sound engine under attack): a changed 20,000-value enum and a 10,000-branch
// anyOf each diff in under 1 s; the worst hostile schema below costs under 2 s end to end
// (normalize both listings, then diff); peak memory stays under 10× the listing size.
// Each case is one tool whose schema a hostile server could send; time is normalize + diff.
// Run: npm run build && node --expose-gc bench/hostile-schemas.mjs
import { performance } from 'node:perf_hooks'
import { diffSurfaces, normalizeSurface } from '../dist/index.js'

import { cases, surface } from './hostile-cases.mjs'

let failed = false
for (const [name, build, budget] of cases) {
  const [before, after] = build()
  globalThis.gc?.()
  const heapBefore = process.memoryUsage().heapUsed
  const size = JSON.stringify(before).length + JSON.stringify(after).length
  let peak = heapBefore
  const started = performance.now()
  // Why CPU time too: on a shared machine the wall clock counts time spent waiting for a core.
  const cpuStarted = process.cpuUsage()
  const old = normalizeSurface(surface(before))
  peak = Math.max(peak, process.memoryUsage().heapUsed)
  const now = normalizeSurface(surface(after))
  peak = Math.max(peak, process.memoryUsage().heapUsed)
  const report = diffSurfaces(old, now)
  const ms = performance.now() - started
  const cpu = process.cpuUsage(cpuStarted)
  const cpuMs = (cpu.user + cpu.system) / 1000
  peak = Math.max(peak, process.memoryUsage().heapUsed)
  const memory = (peak - heapBefore) / size
  const ok = ms < budget
  if (!ok) failed = true
  console.log(`${ok ? 'ok  ' : 'OVER'} ${name}: ${ms.toFixed(0)} ms (budget ${budget} ms; CPU ${cpuMs.toFixed(0)} ms), ${report.changes.length} changes, heap +${((peak - heapBefore) / 2 ** 20).toFixed(1)} MiB = ${memory.toFixed(1)}× the listing (${(size / 2 ** 20).toFixed(2)} MiB)`)
}
process.exitCode = failed ? 1 : 0
