import { describe, expect, test } from 'vitest'
import { diffSurfaces } from '../../src/diff/diff-surfaces.js'
import { BENIGN, POISONED } from './corpus.js'

/** The changes of a pair that carry cues, as `kind where: cue "evidence"` lines. */
function cued(pair: (typeof POISONED)[number]) {
  const report = diffSurfaces(pair.before, pair.after)
  const labelled = report.changes.filter((change) => change.cues !== undefined)
  return { report, labelled, lines: labelled.flatMap((change) => change.cues!.map((cue) => `${change.kind} ${change.name}${change.path.length > 0 ? `.${change.path.join('.')}` : ''}: ${cue.cue} ${JSON.stringify(cue.evidence)}`)) }
}

describe('published poisoning examples: each is caught and fails the check', () => {
  test.each(POISONED.map((pair) => ({ ...pair, name: pair.title })))('$name', (pair) => {
    const { report, labelled, lines } = cued(pair)
    expect(labelled.length).toBeGreaterThan(0)
    expect(report.ok).toBe(false)
    expect(labelled.every((change) => change.severity === 'risky' || change.severity === 'breaking')).toBe(true)
    expect({ link: pair.link, cues: lines }).toMatchSnapshot()
  })
})

describe('benign text changes from real releases: each passes unlabelled', () => {
  test.each(BENIGN.map((pair) => ({ ...pair, name: pair.title })))('$name', (pair) => {
    const { report, lines } = cued(pair)
    expect(lines).toEqual([])
    expect(report.ok).toBe(true)
    expect(report.changes.length).toBeGreaterThan(0)
  })
})

test('the corpus rates the README states', () => {
  const caught = POISONED.filter((pair) => cued(pair).labelled.length > 0).length
  const flagged = BENIGN.filter((pair) => cued(pair).labelled.length > 0).length
  expect(`caught ${caught}/${POISONED.length}, benign flagged ${flagged}/${BENIGN.length}`).toMatchInlineSnapshot(`"caught 15/15, benign flagged 0/17"`)
})
