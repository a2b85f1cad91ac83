import { nextStored, type MatcherContext, type RunnerAdapter, type SnapshotOutcome, type StoredSnapshots, type UpdateMode } from './runner-adapter.js'

interface JestContext extends MatcherContext {
  currentTestName?: string
  currentConcurrentTestName?: () => string | undefined
  testPath?: string
  snapshotState?: { _updateSnapshot?: UpdateMode; unmatched?: number; matched?: number } & StoredSnapshots
}

type SnapshotMatcher = (this: unknown, received: unknown, hint?: string) => { pass: boolean; expected?: unknown }

/**
 * Jest: snapshots through the running Jest's own `toMatchSnapshot` (taken from the registered
 * matchers, so its version always matches the runner), so `-u`, `--ci` and obsolete counts
 * behave as Jest users know. Jest has no file snapshot, so the core writes contract files itself.
 */
export function jestAdapter(context: JestContext): RunnerAdapter {
  const snapshotName = (hint: string | undefined) => [context.currentConcurrentTestName?.() ?? context.currentTestName ?? '', ...(hint === undefined ? [] : [hint])].join(': ')
  return {
    command: 'jest',
    updateMode: () => context.snapshotState?._updateSnapshot ?? 'new',
    testFile: () => String(context.testPath),
    snapshotName,
    testClock: jestTestClock,
    storedSnapshot: (hint) => nextStored(context.snapshotState, snapshotName(hint)),
    async matchSnapshot(surface, hint): Promise<SnapshotOutcome> {
      const toMatchSnapshot = registeredMatchers().toMatchSnapshot as SnapshotMatcher
      // Why: Jest reads a hint from the argument count, so an absent hint must not be passed as `undefined`.
      const result = hint === undefined ? toMatchSnapshot.call(context, surface) : toMatchSnapshot.call(context, surface, hint)
      return { pass: result.pass, stored: typeof result.expected === 'string' ? result.expected : undefined }
    },
    countAsMatched() {
      const state = context.snapshotState
      // Why: Jest counted the stored entry as failed (which fails the run); the drift was judged acceptable.
      if (!state || typeof state.unmatched !== 'number' || typeof state.matched !== 'number' || state.unmatched < 1) return
      state.unmatched -= 1
      state.matched += 1
    },
  }
}

function registeredMatchers(): Record<string, unknown> {
  const holder = (globalThis as Record<symbol, { matchers?: Record<string, unknown> } | undefined>)[Symbol.for('$$jest-matchers-object')]
  if (!holder?.matchers?.toMatchSnapshot) throw new Error('mcp-contract: Jest\'s toMatchSnapshot is not registered; load mcp-contract/jest from "setupFilesAfterEnv".')
  return holder.matchers
}

interface CircusState {
  testTimeout?: number
  currentlyRunningTest?: { timeout?: number; startedAt?: number | null } | null
}

/**
 * The running test's timeout and age. Why: Jest passes neither to matchers; jest-circus keeps
 * them in its state object on the global, found by its symbol's description. Without it, the
 * timeout Jest would use by default.
 */
function jestTestClock(): { timeoutMs: number; elapsedMs: number } {
  const global = globalThis as unknown as Record<symbol, unknown>
  const symbol = Object.getOwnPropertySymbols(global).find((candidate) => candidate.description === 'JEST_STATE_SYMBOL')
  const state = (symbol ? global[symbol] : undefined) as CircusState | undefined
  const test = state?.currentlyRunningTest
  const timeoutMs = test?.timeout || (global[Symbol.for('TEST_TIMEOUT_SYMBOL')] as number | undefined) || state?.testTimeout || 5_000
  const now = (global[Symbol.for('jest-native-now')] as (() => number) | undefined) ?? Date.now
  return { timeoutMs, elapsedMs: typeof test?.startedAt === 'number' ? now() - test.startedAt : 0 }
}
