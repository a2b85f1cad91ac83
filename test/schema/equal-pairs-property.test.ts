import fc from 'fast-check'
import { expect, test } from 'vitest'
import { documentArbitrary, equalEditArbitrary } from './schema-arbitraries.js'
import { checkEqualPair, describeRate, type EqualPairVerdict, type FalseAlarmRate } from './soundness-check.js'

// Why a fixed seed and few runs: npm test checks the same pairs every run in seconds; `npm run
// fuzz` measures the rate over many more.
const SEED = 20261204

test('rewrites that keep the accepted values are not reported breaking or risky (Ajv confirms each pair)', () => {
  const rate: FalseAlarmRate = { pairs: 0, breaking: 0, risky: 0 }
  const alarms: EqualPairVerdict[] = []
  fc.assert(
    fc.property(documentArbitrary, equalEditArbitrary, (schema, edit) => {
      const verdict = checkEqualPair(schema, edit)
      if (verdict.skipped) return
      rate.pairs++
      if (verdict.alarm !== undefined) {
        rate[verdict.alarm]++
        alarms.push(verdict)
      }
    }),
    { seed: SEED, numRuns: 300 },
  )
  console.info(`equal-pairs property: ${describeRate(rate)}`)
  expect(rate.pairs, 'most pairs are judged').toBeGreaterThan(150)
  expect(alarms.slice(0, 3), JSON.stringify(alarms.slice(0, 3))).toEqual([])
}, 60_000)
