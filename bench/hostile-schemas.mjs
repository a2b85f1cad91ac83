// Budget (issue 9, a sound engine under attack): a changed 20,000-value enum and a 10,000-branch
// anyOf each diff in under 1 s; the worst hostile schema below costs under 2 s end to end
// (normalize both listings, then diff). Each case is one tool whose schema a hostile server could
// send (bench/hostile-cases.mjs); bench/hostile-memory.mjs measures the memory each one needs.
// Run: npm run build && node --expose-gc bench/hostile-schemas.mjs
import { performance } from 'node:perf_hooks'
import { diffSurfaces, normalizeSurface } from '../dist/index.js'

import { cases, surface } from './hostile-cases.mjs'

let failed = false
for (const [name, build, budget] of cases) {
  const [before, after] = build()
  globalThis.gc?.()
  const started = performance.now()
  // Why CPU time too: on a shared machine the wall clock counts time spent waiting for a core.
  const cpuStarted = process.cpuUsage()
  const report = diffSurfaces(normalizeSurface(surface(before)), normalizeSurface(surface(after)))
  const ms = performance.now() - started
  const cpu = process.cpuUsage(cpuStarted)
  const cpuMs = (cpu.user + cpu.system) / 1000
  const ok = ms < budget
  if (!ok) failed = true
  console.log(`${ok ? 'ok  ' : 'OVER'} ${name}: ${ms.toFixed(0)} ms (budget ${budget} ms; CPU ${cpuMs.toFixed(0)} ms), ${report.changes.length} changes`)
}
process.exitCode = failed ? 1 : 0
