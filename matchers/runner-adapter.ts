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
  /** The runner's own file snapshot, when it has one that writes only under the runner's rules. */
  matchFile?(text: string, file: string): Promise<SnapshotOutcome>
  /** Turns the mismatch the runner just counted into a match: the drift was judged acceptable and the stored entry stands. */
  countAsMatched(): void
}

/** The parts of a matcher's `this` both runners provide. */
export interface MatcherContext {
  isNot?: boolean
  promise?: string
  utils?: { matcherHint?(name: string, received?: string, expected?: string, options?: { isNot?: boolean; promise?: string }): string }
}
