/**
 * A longer soundness campaign than `npm test` runs: `npm run fuzz -- --minutes N [--seed S]`.
 * Random schemas and edits (test/schema/schema-arbitraries.ts) are checked against Ajv until
 * the time is up; each counterexample is shrunk by fast-check and saved as a JSON fixture in
 * test/fixtures/fuzz/, to become a permanent row in the schema tables.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { documentArbitrary, editArbitrary } from '../test/schema/schema-arbitraries.js'
import { checkEdit, type Counterexample } from '../test/schema/soundness-check.js'

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`)
  const value = at < 0 ? fallback : Number(process.argv[at + 1])
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`--${name} takes a positive number, e.g. npm run fuzz -- --${name} 5`)
    process.exit(2)
  }
  return value
}

const minutes = option('minutes', 1)
const seed = option('seed', Date.now() % 2 ** 31)
const deadline = Date.now() + minutes * 60_000
const out = join(process.cwd(), 'test', 'fixtures', 'fuzz')
let runs = 0
let falseAlarms = 0
let found = 0
for (let round = 0; Date.now() < deadline; round++) {
  const result = fc.check(
    fc.property(documentArbitrary, editArbitrary, (schema, edit) => {
      runs++
      const verdict = checkEdit(schema, edit)
      if (verdict.falseAlarm) falseAlarms++
      return verdict.counterexample === undefined
    }),
    { seed: seed + round, numRuns: 500, interruptAfterTimeLimit: Math.max(1, deadline - Date.now()) },
  )
  if (result.failed && result.counterexample !== null) {
    const [schema, edit] = result.counterexample
    const example = checkEdit(schema, edit).counterexample as Counterexample
    mkdirSync(out, { recursive: true })
    const file = join(out, `counterexample-${seed + round}.json`)
    writeFileSync(file, `${JSON.stringify(example, null, 2)}\n`)
    console.log(`counterexample (seed ${seed + round}, shrunk) saved to ${file}`)
    found++
  }
}
console.log(`${runs} edits in ${minutes} min from seed ${seed}: ${found} counterexamples, ${falseAlarms} false alarms on edits that keep the value set`)
process.exit(found > 0 ? 1 : 0)
