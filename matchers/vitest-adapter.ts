import type { MatcherContext, RunnerAdapter, UpdateMode } from './runner-adapter.js'

interface VitestCounter {
  get(key: string): number
  set(key: string, value: number): unknown
  increment(key: string): void
}

interface VitestContext extends MatcherContext {
  currentTestName?: string
  testPath?: string
  task?: { id: string; timeout?: number; result?: { startTime?: number }; context?: { signal?: AbortSignal }; file?: { filepath?: string } }
  snapshotState?: { snapshotUpdateState?: UpdateMode; unmatched?: VitestCounter; matched?: VitestCounter }
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
  return {
    command: 'vitest',
    updateMode: () => context.snapshotState?.snapshotUpdateState ?? 'new',
    testFile: () => task.file?.filepath ?? String(context.testPath),
    snapshotName: (hint) => [context.currentTestName ?? '', ...(hint === undefined ? [] : [hint])].join(' > '),
    testClock: () => ({ timeoutMs: task.timeout ?? 0, elapsedMs: Date.now() - (task.result?.startTime ?? Date.now()), signal: task.context?.signal }),
    async matchSnapshot(surface, hint) {
      const { Snapshots } = await import('vitest')
      const result = Snapshots.toMatchSnapshot.call(context as never, surface, hint)
      return { pass: result.pass, stored: typeof result.expected === 'string' ? result.expected : undefined }
    },
    async matchFile(text, file) {
      const { Snapshots } = await import('vitest')
      const result = await Snapshots.toMatchFileSnapshot.call(context as never, text, file)
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

interface ChaiLike {
  Assertion: { prototype: object }
  util: {
    flag(assertion: object, key: string): unknown
    addMethod(target: object, name: string, method: (this: object, ...args: unknown[]) => unknown): void
  }
}

type RecordAsyncExpect = (test: unknown, promise: Promise<unknown>, assertion: string, error: Error, isSoft?: boolean) => unknown

/**
 * Makes Vitest track the promise each matcher returns, so a matcher the user forgot to
 * `await` still fails its test (with a warning) instead of being lost after the test ended.
 */
export function trackUnawaited(chai: ChaiLike, recordAsyncExpect: RecordAsyncExpect, names: readonly string[]): void {
  for (const name of names) {
    const installed = (chai.Assertion.prototype as Record<string, (...args: unknown[]) => unknown>)[name]
    chai.util.addMethod(chai.Assertion.prototype, name, function (this: object, ...args: unknown[]) {
      const notAwaited = new Error(name)
      const result = installed.apply(this, args)
      const test = chai.util.flag(this, 'vitest-test')
      return result instanceof Promise && test ? recordAsyncExpect(test, result, `expect(server).${name}()`, notAwaited) : result
    })
  }
}
