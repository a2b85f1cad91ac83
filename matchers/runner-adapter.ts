import type { Surface } from '../src/surface/types.js'

/** How the running test runner writes snapshots right now. */
export type UpdateMode = 'all' | 'new' | 'none'

/** What the runner's own snapshot matcher decided. `stored` is the recorded text on a mismatch, absent when nothing is stored. */
export interface SnapshotOutcome {
  pass: boolean
  stored?: string
}

/**
 * Everything the matcher core needs from a test runner. One small implementation per runner
 * (`vitest-adapter.ts`, `jest-adapter.ts`); the core never looks at a runner directly.
 */
export interface RunnerAdapter {
  /** The command users run, for "how to accept" lines. */
  readonly command: 'vitest' | 'jest'
  /** `all` under `-u`, `none` in CI (`CI=true` / `--ci`), `new` otherwise. */
  updateMode(): UpdateMode
  /** Absolute path of the running test file. */
  testFile(): string
  /** The name the runner stores a snapshot under (test name, and the hint the runner's way). */
  snapshotName(hint: string | undefined): string
  /** The running test's timeout in ms (0 when none), how long it has run, and its abort signal. */
  testClock(): { timeoutMs: number; elapsedMs: number; signal?: AbortSignal }
  /** The runner's own `toMatchSnapshot`: `-u`, obsolete counts and CI refusal behave as users know. */
  matchSnapshot(surface: Surface, hint: string | undefined): Promise<SnapshotOutcome>
  /**
   * The text stored for the snapshot `matchSnapshot(surface, hint)` would compare with next, read
   * without counting it; undefined when none is stored or the runner's state cannot be read.
   */
  storedSnapshot(hint: string | undefined): string | undefined
  /** The runner's own file snapshot, when it has one that writes only under the runner's rules. */
  matchFile?(text: string, file: string): Promise<SnapshotOutcome>
  /** Turns the mismatch the runner just counted into a match: the drift was judged acceptable and the stored entry stands. */
  countAsMatched(): void
}

/** The parts of a runner's snapshot state a stored snapshot is read from (Vitest 4.1 and 5.1, Jest 30). */
export interface StoredSnapshots {
  _counters?: Map<string, number>
  _snapshotData?: Record<string, string>
}

/**
 * The text stored under the snapshot key the runner gives a test's next snapshot of `name`
 * (`name 1`, then `name 2`), read without counting it. Why the state's fields: neither runner has a
 * public read that leaves the counters as they are, and -u writes before a matcher sees what was stored.
 */
export function nextStored(state: StoredSnapshots | undefined, name: string): string | undefined {
  const { _counters: counters, _snapshotData: data } = state ?? {}
  if (!(counters instanceof Map) || typeof data !== 'object' || data === null) return undefined
  const stored = data[`${name} ${(counters.get(name) ?? 0) + 1}`]
  return typeof stored === 'string' ? stored : undefined
}

/** The parts of a matcher's `this` both runners provide. */
export interface MatcherContext {
  isNot?: boolean
  promise?: string
  utils?: { matcherHint?(name: string, received?: string, expected?: string, options?: { isNot?: boolean; promise?: string }): string }
}
