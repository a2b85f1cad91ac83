// Budget (issue 9, a sound engine under attack): no input makes peak memory exceed 10× the size
// of the listing. Measured as the heap a run needs, not the heap it happens to touch: each case
// runs in a child process whose old space is capped (`--max-old-space-size`, young space 1 MiB
// so garbage cannot hide there), and a binary search finds the smallest cap under which it
// still finishes. The same search for a child that only holds the two parsed listings gives the
// floor; the difference is what normalizing and diffing need on top of the listings (each
// listing is let go once normalized, as a capture does).
// Why not heapUsed: it counts garbage not yet collected, so it measures when V8 chose to
// collect, not what the engine needs.
// Run: npm run build && node bench/hostile-memory.mjs        (one case: --case N)
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { cases, surface } from './hostile-cases.mjs'

const self = fileURLToPath(import.meta.url)
const option = (name) => {
  const at = process.argv.indexOf(name)
  return at === -1 ? undefined : process.argv[at + 1]
}

if (option('--child') !== undefined) {
  // One case, in a capped child: parse both listings from their text (as a capture does), then
  // either only hold them or normalize and diff them.
  const [, build] = cases[Number(option('--case'))]
  const texts = build().map((schema) => JSON.stringify(surface(schema)))
  const listings = texts.map((text) => JSON.parse(text))
  texts.length = 0
  // Why both children load refa: the engine loads it only when a pattern changed, and its code
  // is not memory a listing makes the engine use; loaded in both, it cancels out.
  await import('refa')
  if (option('--child') === 'run') {
    const { diffSurfaces, normalizeSurface } = await import('../dist/index.js')
    // Why drop each listing once normalized: a capture keeps only the normalized surface, as
    // `check` does (its recorded side is the contract file, read as a surface).
    const recorded = normalizeSurface(listings[0])
    listings[0] = undefined
    const live = normalizeSurface(listings[1])
    listings[1] = undefined
    const report = diffSurfaces(recorded, live)
    if (report.changes.length < 0) throw new Error('unreachable')
  } else {
    // Why import here too: the floor includes the package's own code, as a run does.
    await import('../dist/index.js')
    if (listings.length !== 2) throw new Error('unreachable')
  }
  process.exit(0)
}

/** Whether the child finishes within `mib` MiB of old space. */
function fits(mode, index, mib) {
  const child = spawnSync(process.execPath, [`--max-old-space-size=${mib}`, '--max-semi-space-size=1', self, '--child', mode, '--case', String(index)], { stdio: 'ignore' })
  return child.status === 0
}

/** The smallest old-space cap, in MiB, under which the child finishes. */
function smallestHeap(mode, index) {
  let low = 4
  let high = 64
  while (!fits(mode, index, high)) {
    low = high
    high *= 2
    if (high > 8192) throw new Error(`case ${index} (${mode}) does not finish within 8 GiB`)
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2)
    if (fits(mode, index, middle)) high = middle
    else low = middle
  }
  return high
}

const only = option('--case')
let failed = false
for (const [index, [name, build]] of cases.entries()) {
  if (only !== undefined && Number(only) !== index) continue
  const size = build().reduce((sum, schema) => sum + JSON.stringify(surface(schema)).length, 0) / 2 ** 20
  const floor = smallestHeap('hold', index)
  const needed = smallestHeap('run', index)
  const extra = Math.max(0, needed - floor)
  // Why an allowance of 4 MiB: a listing of a few hundred bytes still costs the engine's fixed
  // working set (the automaton of a changed pattern, a value check's bookkeeping), and the
  // search moves in whole MiB; the budget is about how memory grows with what a server sends.
  const budget = Math.max(10 * size, 4)
  const ok = extra <= budget
  if (!ok) failed = true
  console.log(`${ok ? 'ok  ' : 'OVER'} ${name}: needs ${extra} MiB beyond holding the listings (${floor} MiB) = ${(extra / size).toFixed(1)}× the listing (${size.toFixed(2)} MiB; budget 10×, at least 4 MiB)`)
}
process.exitCode = failed ? 1 : 0
