import { nextStored, type MatcherContext, type RunnerAdapter, type StoredSnapshots, type UpdateMode } from './runner-adapter.js'

interface VitestCounter {
  get(key: string): number
  set(key: string, value: number): unknown
  increment(key: string): void
}

interface VitestContext extends MatcherContext {
  currentTestName?: string
  testPath?: string
  task?: { id: string; timeout?: number; result?: { startTime?: number }; context?: { signal?: AbortSignal }; file?: { filepath?: string } }
  snapshotState?: { snapshotUpdateState?: UpdateMode; unmatched?: VitestCounter; matched?: VitestCounter } & SnapshotKeys
}

/** The bookkeeping Vitest's snapshot state keeps per snapshot key (Vitest 4.1 and 5.1). */
interface SnapshotKeys extends StoredSnapshots {
  _counters?: Map<string, number>
  _testIdToKeys?: Map<string, string[]>
  _uncheckedKeys?: Set<string>
}

/** True when a matcher runs under Vitest (its context carries the running task). */
export function isVitestContext(context: MatcherContext): context is VitestContext {
  const { task } = context as VitestContext
  return typeof task === 'object' && task !== null
}

/**
 * Vitest: snapshots through `Snapshots` (4.1.3+), which keeps `-u`, `CI=true` and obsolete
 * counts as Vitest users know them. Vitest is imported lazily: it is already loaded in the worker.
 */
export function vitestAdapter(context: VitestContext): RunnerAdapter {
  const task = context.task!
  const snapshotName = (hint: string | undefined) => [context.currentTestName ?? '', ...(hint === undefined ? [] : [hint])].join(' > ')
  return {
    command: 'vitest',
    updateMode: () => context.snapshotState?.snapshotUpdateState ?? 'new',
    testFile: () => task.file?.filepath ?? String(context.testPath),
    snapshotName,
    testClock: () => ({ timeoutMs: task.timeout ?? 0, elapsedMs: Date.now() - (task.result?.startTime ?? Date.now()), signal: task.context?.signal }),
    storedSnapshot: (hint) => nextStored(context.snapshotState, snapshotName(hint)),
    async matchSnapshot(surface, hint) {
      const { Snapshots } = await import('vitest')
      const result = Snapshots.toMatchSnapshot.call(context as never, surface, hint)
      return { pass: result.pass, stored: typeof result.expected === 'string' ? result.expected : undefined }
    },
    async matchFile(text, file) {
      const { Snapshots } = await import('vitest')
      const restore = keysKept(context.snapshotState, task.id)
      const result = await Snapshots.toMatchFileSnapshot.call(context as never, text, file)
      restore()
      return { pass: result.pass, stored: typeof result.expected === 'string' ? result.expected : undefined }
    },
    countAsMatched() {
      const { unmatched, matched } = context.snapshotState ?? {}
      // Why: Vitest counted the stored entry as failed; the drift was judged acceptable, so the summary must say matched.
      if (!unmatched || !matched || unmatched.get(task.id) < 1) return
      unmatched.set(task.id, unmatched.get(task.id) - 1)
      matched.increment(task.id)
    },
  }
}

/**
 * Takes note of the snapshot keys of the running test, and returns what puts them back.
 * Why: Vitest's file snapshot takes the test's next snapshot key (`name 1`) although the .snap
 * file holds nothing under it, so a `toMatchMcpContract` after a `toHonorContract` was stored as
 * `name 2`, and adding or removing the contract check renamed the snapshot. The contract file is
 * still counted as a written or updated snapshot, as Vitest counts every file snapshot.
 */
function keysKept(state: SnapshotKeys | undefined, testId: string): () => void {
  const { _counters: counters, _testIdToKeys: keys, _uncheckedKeys: unchecked } = state ?? {}
  if (!(counters instanceof Map) || !(keys instanceof Map) || !(unchecked instanceof Set)) return () => {}
  const counts = new Map(counters)
  const taken = keys.has(testId) ? keys.get(testId)!.length : undefined
  const uncheckedBefore = [...unchecked]
  return () => {
    for (const [name, count] of counters) if (count !== (counts.get(name) ?? 0)) counters.set(name, counts.get(name) ?? 0)
    if (taken === undefined) keys.delete(testId)
    else keys.get(testId)?.splice(taken)
    for (const key of uncheckedBefore) unchecked.add(key)
  }
}

/**
 * The matchers, each marking the running test's other snapshots as checked when it fails, so
 * Vitest does not list them as obsolete (nor delete them under -u).
 * Why: a failed matcher ends the test, so a `toMatchMcpContract` after a failed `toHonorContract`
 * never runs, and Vitest counts its stored snapshot obsolete
 * (https://github.com/vitest-dev/vitest/issues/9984 shows the same for a failed property check);
 * Jest marks a failed test's snapshots as checked itself (`markSnapshotsAsCheckedForTest` for a
 * failed test in jest-circus and jest-jasmine2).
 */
export function snapshotsKeptOnFailure<T extends Record<string, (this: MatcherContext, ...args: never[]) => unknown>>(matchers: T): T {
  const kept: Record<string, unknown> = {}
  for (const [name, matcher] of Object.entries(matchers)) {
    kept[name] = function (this: VitestContext, ...args: never[]) {
      const keep = () => keepTestSnapshots(this)
      let result: unknown
      try {
        result = matcher.apply(this, args)
      } catch (error) {
        keep()
        throw error
      }
      if (!(result instanceof Promise)) return result
      return result.then(
        (outcome: { pass?: boolean }) => {
          if (outcome?.pass === false) keep()
          return outcome
        },
        (error: unknown) => {
          keep()
          throw error
        },
      )
    }
  }
  return kept as T
}

/** Takes the running test's stored snapshots (`name 1`, `name > hint 1`) off the unchecked list. */
function keepTestSnapshots(context: VitestContext): void {
  const name = context.currentTestName
  const unchecked = context.snapshotState?._uncheckedKeys
  if (name === undefined || !(unchecked instanceof Set)) return
  // Why not Vitest's markSnapshotsAsCheckedForTest: it does not check the key starts with the name, and would also keep other tests' obsolete entries (https://github.com/vitest-dev/vitest/issues/11157).
  for (const key of [...unchecked]) if (key.startsWith(name) && /^(?: > .*)? \d+$/.test(key.slice(name.length))) unchecked.delete(key)
}

interface ChaiLike {
  Assertion: { prototype: object }
  util: {
    flag(assertion: object, key: string): unknown
    addMethod(target: object, name: string, method: (this: object, ...args: unknown[]) => unknown): void
  }
}

/** The running test as Vitest's runner holds it: the parts the async-assertion protocol uses. */
interface RunningTest {
  promises?: Promise<unknown>[]
  context?: { onTestFinished?(handler: () => void): void }
}

/**
 * Makes Vitest wait for the promise each matcher returns and fail the test when the user forgot
 * to `await` it, instead of losing the check after the test ended.
 *
 * Why not Vitest's own `recordAsyncExpect`: Vitest 4 reaches it only through `@vitest/expect`,
 * which Vitest 5 no longer ships. Both majors run the same protocol with what they expose: the
 * runner awaits every promise in the test's `promises` before the test ends (which is how their
 * built-in async assertions are kept), and `context.onTestFinished` runs after that. So this
 * works on both, and the one behaviour a user sees is Vitest 5's: not awaiting fails the test.
 */
export function trackUnawaited(chai: ChaiLike, names: readonly string[]): void {
  for (const name of names) {
    const installed = (chai.Assertion.prototype as Record<string, (...args: unknown[]) => unknown>)[name]
    chai.util.addMethod(chai.Assertion.prototype, name, function (this: object, ...args: unknown[]) {
      const callSite = new Error(name)
      const result = installed.apply(this, args)
      const test = chai.util.flag(this, 'vitest-test') as RunningTest | undefined
      return result instanceof Promise && test ? keepUntilFinished(test, result, `expect(server).${name}()`, callSite) : result
    })
  }
}

function keepUntilFinished(test: RunningTest, promise: Promise<unknown>, assertion: string, callSite: Error): PromiseLike<unknown> {
  const promises = (test.promises ??= [])
  const kept: Promise<unknown> = promise.finally(() => {
    const at = promises.indexOf(kept)
    if (at !== -1) promises.splice(at, 1)
  })
  promises.push(kept)
  let awaited = false
  test.context?.onTestFinished?.(() => {
    if (awaited) return
    const error = new Error(`${assertion} was not awaited: put \`await\` before it, or the check may finish after the test and its verdict is lost.\n\nawait ${assertion}`)
    if (callSite.stack) error.stack = callSite.stack.replace(callSite.message, error.message)
    throw error
  })
  return {
    then(onFulfilled, onRejected) {
      awaited = true
      return kept.then(onFulfilled, onRejected)
    },
  }
}
