/**
 * A longer soundness campaign than `npm test` runs: `npm run fuzz -- --minutes N [--seed S]`.
 * First the false-alarm rate: rewrites that keep the accepted values (equal pairs), on a fixed
 * seed, where any breaking or risky report counts against the engine. Then random schemas of
 * every family and edits (test/schema/schema-arbitraries.ts) are checked against Ajv until the
 * time is up; each counterexample is shrunk by fast-check and saved as a JSON fixture in
 * test/fixtures/fuzz/, to become a permanent row in the schema tables.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { documentArbitrary, editArbitrary, equalEditArbitrary, familyDocumentArbitrary } from '../test/schema/schema-arbitraries.js'
import { checkEdit, checkEqualPair, describeRate, type Counterexample, type FalseAlarmRate } from '../test/schema/soundness-check.js'

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`)
  const value = at < 0 ? fallback : Number(process.argv[at + 1])
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`--${name} takes a positive number, e.g. npm run fuzz -- --${name} 5`)
    process.exit(2)
  }
  return value
}

/** The seed the false-alarm rate is measured on, so the figure in the README can be rerun. */
const RATE_SEED = 20261204
/** Ceilings on the false-alarm rate over equal pairs. */
const MAX_BREAKING = 0.005
const MAX_RISKY = 0.02

const minutes = option('minutes', 1)
const equalPairs = option('equal-pairs', 2000)
const seed = option('seed', Date.now() % 2 ** 31)
const out = join(process.cwd(), 'test', 'fixtures', 'fuzz')

const rate: FalseAlarmRate = { pairs: 0, breaking: 0, risky: 0 }
const alarms: unknown[] = []
fc.check(
  fc.property(documentArbitrary, equalEditArbitrary, (schema, edit) => {
    const verdict = checkEqualPair(schema, edit)
    if (verdict.skipped) return true
    rate.pairs++
    if (verdict.alarm !== undefined) {
      rate[verdict.alarm]++
      if (alarms.length < 20) alarms.push({ edit: edit.name, ...verdict })
    }
    return true
  }),
  { seed: RATE_SEED, numRuns: equalPairs },
)
console.log(`seed ${RATE_SEED}: ${describeRate(rate)}`)
const alarmsFile = join(out, `false-alarms-${RATE_SEED}.json`)
if (alarms.length > 0) {
  mkdirSync(out, { recursive: true })
  writeFileSync(alarmsFile, `${JSON.stringify(alarms, null, 2)}\n`)
  console.log(`the first ${alarms.length} false alarms saved to ${alarmsFile}`)
} else {
  // Why: a file left from an earlier engine would show alarms this one no longer gives.
  rmSync(alarmsFile, { force: true })
}
const rateHolds = rate.breaking <= MAX_BREAKING * rate.pairs && rate.risky <= MAX_RISKY * rate.pairs

/** Pairs checked against Ajv per family; skipped ones Ajv could not compile or judge. */
const checked: Record<string, number> = {}
let skipped = 0
const started = Date.now()
const deadline = started + minutes * 60_000
let falseAlarms = 0
/** The first few value-keeping edits the engine still reported, saved like the equal-pair alarms. */
const keptAlarms: unknown[] = []
let found = 0
const total = () => Object.values(checked).reduce((sum, n) => sum + n, 0)
const summary = () => `${total()} pairs checked (${Object.entries(checked).map(([family, n]) => `${family} ${n}`).join(', ')}; ${skipped} more skipped: Ajv could not judge them) in ${((Date.now() - started) / 60_000).toFixed(1)} min from seed ${seed}: ${found} counterexamples`
for (let round = 0; Date.now() < deadline; round++) {
  const result = fc.check(
    fc.property(familyDocumentArbitrary, editArbitrary, ({ family, schema }, edit) => {
      const verdict = checkEdit(schema, edit)
      if (verdict.skipped) skipped++
      else checked[family] = (checked[family] ?? 0) + 1
      if (verdict.falseAlarm) falseAlarms++
      if (verdict.alarm !== undefined && keptAlarms.length < 20) keptAlarms.push({ seed: seed + round, family, ...verdict.alarm })
      return verdict.counterexample === undefined
    }),
    { seed: seed + round, numRuns: 500, interruptAfterTimeLimit: Math.max(1, deadline - Date.now()) },
  )
  // Why a line every ten rounds: a campaign stopped early still tells how far it got.
  if (round % 10 === 9) console.log(summary())
  if (result.failed && result.counterexample !== null) {
    const [{ schema }, edit] = result.counterexample
    const example = checkEdit(schema, edit).counterexample as Counterexample
    mkdirSync(out, { recursive: true })
    const file = join(out, `counterexample-${seed + round}.json`)
    writeFileSync(file, `${JSON.stringify(example, null, 2)}\n`)
    console.log(`counterexample (seed ${seed + round}, shrunk) saved to ${file}`)
    found++
  }
}
console.log(`${summary()}, ${falseAlarms} false alarms on edits that keep the value set`)
if (keptAlarms.length > 0) {
  const file = join(out, `kept-value-alarms-${seed}.json`)
  mkdirSync(out, { recursive: true })
  writeFileSync(file, `${JSON.stringify(keptAlarms, null, 2)}\n`)
  console.log(`the first ${keptAlarms.length} of them saved to ${file}`)
}
process.exit(found > 0 || !rateHolds ? 1 : 0)
