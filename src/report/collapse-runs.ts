/**
 * Runs of the same whole-entity change over names that differ only by a number
 * (`test://static/resource/1` … `/100` removed) folded into one, for the reports people read.
 * JSON, SARIF, GitHub and JUnit keep every change.
 */
import type { Change } from '../diff/change.js'

/** Changes of one kind and severity to entities named alike but for one number: one line in a report. */
export interface ChangeRun {
  /** Every change of the run, in the order the report listed them. */
  changes: Change[]
  /** The names with their number as a range: `test://static/resource/{1…100}`. */
  name: string
}

/** How many alike changes make a run worth folding. Why three: two lines read as easily as one folded line. */
const SMALLEST_RUN = 3

/**
 * The changes with each run folded: a `ChangeRun` stands where its first change stood. Only a
 * change to a whole entity (added or removed, no path) joins a run, so a run never hides a
 * change inside an entity.
 * @example collapseRuns(report.changes).length // 1 for 100 resource-removed changes of test://static/resource/1…100
 */
export function collapseRuns(changes: readonly Change[]): (Change | ChangeRun)[] {
  const runs = new Map<string, Change[]>()
  for (const change of changes) {
    const key = runKey(change)
    if (key !== undefined) runs.set(key, [...(runs.get(key) ?? []), change])
  }
  const folded: (Change | ChangeRun)[] = []
  for (const change of changes) {
    const key = runKey(change)
    const run = key === undefined ? undefined : runs.get(key)
    if (run === undefined || run.length < SMALLEST_RUN) folded.push(change)
    else if (run[0] === change) folded.push({ changes: run, name: rangeName(run) })
  }
  return folded
}

/** True for a folded run. */
export function isRun(item: Change | ChangeRun): item is ChangeRun {
  return 'changes' in item
}

const LAST_NUMBER = /(\d+)(?!.*\d)/su

function runKey(change: Change): string | undefined {
  if (change.path.length > 0 || !/-(added|removed)$/.test(change.kind) || !LAST_NUMBER.test(change.name)) return undefined
  return [change.kind, change.severity, change.entity, change.outOfScope ? 'out' : 'in', change.authorization ?? '', change.name.replace(LAST_NUMBER, '#')].join('\0')
}

function rangeName(run: readonly Change[]): string {
  const numbers = run.map((change) => Number(LAST_NUMBER.exec(change.name)?.[1]))
  const low = Math.min(...numbers)
  const high = Math.max(...numbers)
  return run[0].name.replace(LAST_NUMBER, `{${low}…${high}}`)
}
