/**
 * What both matchers share, runner-neutral: checking what `expect()` received before anything
 * connects, capturing within the test's time, and turning a diff report into a failure message.
 */
import { readdir, readFile } from 'node:fs/promises'
import { basename, dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { doesNotExist } from '../src/contract/project-root.js'
import { closeFileBeside } from '../src/surface/did-you-mean.js'
import { kindOfValue } from '../src/surface/kind-of-value.js'
import { ACCEPTED_TARGETS, isCaptureTarget, isInProcessServer } from '../src/capture/target.js'
import { policyProblem, type Policy } from '../src/diff/policy.js'
import { isSurface } from '../src/surface/is-surface.js'
import { shellWord } from '../src/report/shell-word.js'
import type { RawSurface, Surface } from '../src/surface/types.js'
import { jestAdapter } from './jest-adapter.js'
import type { MatcherContext, RunnerAdapter } from './runner-adapter.js'
import { isVitestContext, vitestAdapter } from './vitest-adapter.js'

/** What a matcher returns to the runner. */
export interface MatcherResult {
  pass: boolean
  message: () => string
  actual?: unknown
  expected?: unknown
}

/** The names of this package's matchers. */
export type MatcherName = 'toHonorContract' | 'toMatchMcpContract' | 'toMatchConsumerContract' | 'toSatisfyConsumerContracts' | 'toMatchMcpLock'

/**
 * The engine (capture, diff, contract file, report), loaded on first use. Why: the setup file
 * must stay cheap to import; the engine and the MCP SDK load only when a matcher runs.
 */
export function loadEngine(): Promise<Engine> {
  return import('../src/index.js')
}

/** What `loadEngine` gives: the package's public API. */
export type Engine = typeof import('../src/index.js')

/** The adapter for whichever runner called the matcher. */
export function runnerFor(context: MatcherContext): RunnerAdapter {
  return isVitestContext(context) ? vitestAdapter(context) : jestAdapter(context)
}

/** `expect(server).toHonorContract("mcp-contract.json")`, in the runner's own style. */
export function matcherHint(context: MatcherContext, name: MatcherName, argument: string, received = 'server'): string {
  const options = { isNot: context.isNot, promise: context.promise }
  return context.utils?.matcherHint?.(name, received, argument, options) ?? `expect(${received}).${name}(${argument})`
}

/** An error about how a matcher was called: the hint, then what is wrong and what to do; its stack starts at the caller's code. */
export function usageError(hint: string, message: string): Error {
  const error = new Error(`${hint}\n\n${message}`)
  error.stack = [`${error.name}: ${error.message}`, ...foreignFrames(error.stack)].join('\n')
  return error
}

/**
 * The folders this package's own code runs from: `dist/` when installed, else `matchers/`,
 * `src/` and `setup/` of the source tree.
 */
const OWN_FOLDERS = ((here) => (basename(here) === 'dist' ? [here] : ['matchers', 'src', 'setup'].map((name) => join(dirname(here), name))))(dirname(fileURLToPath(import.meta.url)))

/**
 * The stack's frames without this package's own. Why: a matcher's error is about the user's call;
 * frames inside the package only push the user's line down, as jest-dom's and Vitest's own matchers avoid.
 */
function foreignFrames(stack: string | undefined): string[] {
  const frames = (stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))
  return frames.filter((frame) => !OWN_FOLDERS.some((folder) => frame.includes(`${folder}/`) || frame.includes(`file://${folder}/`)))
}

/**
 * Rejects, before anything connects, what these matchers cannot do: `.not`, a value that is not
 * a server target or a surface, and a policy that is not one.
 */
export function rejectUnusable(context: MatcherContext, name: MatcherName, hint: string, received: unknown, policy: unknown): void {
  if (context.isNot) {
    throw usageError(
      hint,
      `.not.${name}() is not supported: it would pass for any drift at all, including the ones you did not mean.\n` +
        'To assert a particular change, capture both surfaces and check diffSurfaces(recorded, live).changes.',
    )
  }
  if (!isCaptureTarget(received) && !isSurface(received)) {
    throw usageError(hint, `The received value must be an MCP server to connect to, or a captured surface; got ${kindOfValue(received)}.\nPass ${ACCEPTED_TARGETS}, or a surface from captureSurface().`)
  }
  const problem = policyProblem(policy)
  if (problem !== undefined) throw usageError(hint, problem)
}

/** Rejects, once the engine is loaded and before anything connects, an `ignore` id that names no change kind. */
export function rejectUnknownKinds(engine: Engine, policy: Policy | undefined, hint: string, callSite: Error): void {
  const problem = policyProblem(policy, engine.KINDS.map((kind) => kind.id))
  if (problem !== undefined) throw pointedAt(usageError(hint, problem), callSite)
}

/** Where each runner sets a test's timeout, for the advice when a capture outlasts it. */
const TIMEOUT_SETTING = {
  vitest: '`testTimeout` in vitest.config, or `test(name, { timeout: 30_000 }, fn)`',
  jest: '`testTimeout` in jest.config, or `test(name, fn, 30_000)`',
} as const

/**
 * Captures the received target. Waits stop on the test's abort signal and end a little before
 * the test's own timeout, so the connection is closed by us, not torn down by the runner.
 */
export async function captureLive(adapter: RunnerAdapter, received: unknown, hint: string, callSite: Error, era?: Policy['era']): Promise<Surface> {
  return (await captureLiveRaw(adapter, received, hint, callSite, era)).surface
}

/**
 * {@link captureLive}, and the raw surface it normalized: what a written contract file vouches
 * for; `undefined` for a `Surface` received (it passes through unchanged).
 */
export async function captureLiveRaw(adapter: RunnerAdapter, received: unknown, hint: string, callSite: Error, era?: Policy['era']): Promise<{ surface: Surface; raw?: RawSurface }> {
  if (isSurface(received)) return { surface: received }
  const { captureRaw, normalizeSurface, describeTarget, CaptureError, DEFAULT_TIMEOUT_MS } = await loadEngine()
  const clock = adapter.testClock()
  const remaining = clock.timeoutMs > 0 ? clock.timeoutMs - clock.elapsedMs : Number.POSITIVE_INFINITY
  // Why: leave a fifth of what is left (at least 500 ms, at most 2 s) to close the connection and
  // report: stopping a stdio server and reading its last stderr lines takes a few hundred ms on a
  // busy machine, and a test torn down by the runner shows no message naming the step.
  const budget = Number.isFinite(remaining) ? Math.max(1, Math.floor(remaining - Math.min(2_000, Math.max(500, remaining / 5)))) : undefined
  const deadline = new AbortController()
  const timer = budget === undefined ? undefined : setTimeout(() => deadline.abort(), budget)
  const signal = clock.signal ? AbortSignal.any([clock.signal, deadline.signal]) : deadline.signal
  try {
    const raw = await captureRaw(received as Parameters<typeof captureRaw>[0], { timeoutMs: Math.min(DEFAULT_TIMEOUT_MS, budget ?? DEFAULT_TIMEOUT_MS), signal, era, adviceFor: 'matcher' })
    return { surface: normalizeSurface(raw), raw }
  } catch (error) {
    if (deadline.signal.aborted && !clock.signal?.aborted) {
      const step = error instanceof CaptureError && error.step !== undefined ? ` while waiting for ${error.step}` : ''
      throw pointedAt(
        usageError(
          hint,
          `Stopped waiting for ${describeTarget(received)} after ${budget} ms${step}, so the connection closes before the test's ${clock.timeoutMs} ms timeout.\n` +
            `Raise the test timeout (${TIMEOUT_SETTING[adapter.command]}), or find out why the server is slow to start or to list.`,
        ),
        callSite,
        error,
      )
    }
    // Why no cause for a CaptureError: its message already says what failed, with the stderr tail,
    // and runners print a cause and its fields again (the tail three times, and internal frames).
    throw pointedAt(usageError(hint, (error as Error).message), callSite, error instanceof CaptureError ? undefined : error)
  } finally {
    clearTimeout(timer)
  }
}

/**
 * True when the target can be read a second time, for volatile values: a factory, a command, a URL,
 * a handler or a connected client. Why not an `McpServer` or `Server` object: it connects to one
 * transport only, so a second read would fail; pass a factory (`() => createServer()`) to detect them.
 */
export function canReadTwice(received: unknown): boolean {
  return !isSurface(received) && !isInProcessServer(received)
}

/**
 * How a report's hint says a value that looks volatile is detected for this target: a server
 * object by passing a factory, a surface only by declaring it, any other target by -u (read twice).
 */
export function volatileAdviceFor(received: unknown): 'update' | 'factory' | 'declare' {
  return isSurface(received) ? 'declare' : isInProcessServer(received) ? 'factory' : 'update'
}

/**
 * The project the test file belongs to: where its relative paths resolve from and its
 * configuration; a broken configuration fails the matcher with the file's own message.
 */
export async function projectOf(engine: Engine, adapter: RunnerAdapter, hint: string, callSite: Error): ReturnType<Engine['findProject']> {
  try {
    return await engine.findProject(dirname(adapter.testFile()))
  } catch (error) {
    if (error instanceof engine.ContractFileError) throw pointedAt(usageError(hint, error.message), callSite)
    throw error
  }
}

/** Keeps the original error as `cause` and points the stack at the user's `expect(…)` line. */
export function pointedAt(error: Error, callSite: Error, cause?: unknown): Error {
  if (cause !== undefined) Object.defineProperty(error, 'cause', { value: cause, configurable: true, writable: true })
  error.stack = [`${error.name}: ${error.message}`, ...foreignFrames(callSite.stack)].join('\n')
  return error
}

/**
 * A line the runner shows beside a passing test (Vitest and Jest both print a test's
 * `console.warn` with the test's name): what was written, or what a passing check left stale.
 */
export function notice(text: string): void {
  console.warn(text)
}

/**
 * A pass over a committed file; when the file did not exist before, the runner's rules just wrote
 * it, and the run output names it so it is reviewed and committed.
 * @example passedOrRecorded(hint, false, 'mcp-contract.json', 'contract file')
 */
export function passedOrRecorded(hint: string, existed: boolean, shown: string, what: 'contract file' | 'consumer contract file'): MatcherResult {
  if (!existed) notice(`mcp-contract: recorded a new ${what} ${shown}; review it and commit it.`)
  return passed(hint)
}

/**
 * The failure for a file about to be recorded whose name is one typo away from a file beside it
 * (`mcp-contrat.json` next to `mcp-contract.json`); undefined when there is none, or under an
 * explicit `-u`, which records a new file deliberately. Why: a typo would otherwise record a
 * second contract and pass, holding the server to nothing that was reviewed.
 */
export async function typoBeside(adapter: RunnerAdapter, path: string, shown: string, matcher: string): Promise<MatcherResult | undefined> {
  if (adapter.updateMode() === 'all') return undefined
  const hint = closeFileBeside(path, await readdir(dirname(path)).catch(() => [] as string[]))
  if (hint === '') return undefined
  return failed(() =>
    [
      matcher,
      '',
      `${doesNotExist(shown, path)}, and a file beside it has a close name, so nothing was recorded.${hint}`,
      `Fix the path; or, if this is a new file, record it deliberately: ${updateCommand(adapter)}.`,
    ].join('\n'),
  )
}

/** A passing result; its message only shows if a runner ever inverts it. */
export function passed(hint: string): MatcherResult {
  return { pass: true, message: () => `${hint}\n\nThe server honors the recorded surface.` }
}

/** A failing result with a message that is computed only when the runner shows it. */
export function failed(message: () => string, extra: Pick<MatcherResult, 'actual' | 'expected'> = {}): MatcherResult {
  return { pass: false, message, ...extra }
}

/** The test file, relative to where the runner was started, for "run this" lines. */
export function displayPath(file: string): string {
  return relative(process.cwd(), file) || file
}

/**
 * The failure message for drift: the hint, a headline, the classified report, one line on
 * whether accepting with `-u` is safe (`acceptSafety` of the engine), and how to accept it.
 */
export function driftMessage(options: { matcher: string; headline: string; reportText: string; acceptSafety: string; accept: string }): string {
  return [options.matcher, '', options.headline, '', options.reportText.trimEnd(), '', options.acceptSafety, options.accept].join('\n')
}

/**
 * How to update deliberately with this runner, for this test file only:
 * `npx vitest run test/x.test.ts -u`.
 * Why the file before `-u`: Vitest 4.1 and 5.1 declare `-u, --update [type]` (`argument:
 * "[type]"` in https://github.com/vitest-dev/vitest/blob/main/packages/vitest/src/node/cli/cli-config.ts),
 * so in `vitest run -u test/x.test.ts` the file is read as the update type and every test file
 * runs with `-u`, writing other files' drift. Jest's `-u` is a boolean (`updateSnapshot`,
 * https://github.com/jestjs/jest/blob/main/packages/jest-cli/src/args.ts); the same order serves
 * both. The e2e suites run this text verbatim in a project with two drifted test files.
 */
export function updateCommand(adapter: RunnerAdapter): string {
  return `npx ${adapter.command === 'vitest' ? 'vitest run' : 'jest'} ${shellWord(displayPath(adapter.testFile()))} -u`
}

/**
 * The policy with `usedBy` resolved: the names the consumer's source files (relative to the
 * project root) mention on either surface join `used`. A source that cannot be read fails the
 * test at the user's line, saying which pattern.
 */
export async function resolveUsedBy(engine: Engine, adapter: RunnerAdapter, policy: Policy | undefined, surfaces: Surface[], hint: string, callSite: Error): Promise<Policy | undefined> {
  if (policy?.usedBy === undefined) return policy
  const { usedBy, ...rest } = policy
  let literals: Awaited<ReturnType<Engine['sourceLiterals']>>
  try {
    literals = await engine.sourceLiterals(usedBy, (await projectOf(engine, adapter, hint, callSite)).root.folder)
  } catch (error) {
    if (!(error instanceof engine.ConsumerSourceError)) throw error
    throw pointedAt(usageError(hint, error.message.replace('--used-by', 'usedBy')), callSite, error)
  }
  return { ...rest, used: engine.usedScope(policy.used, engine.usedEntities(literals, surfaces)) }
}

/** What comparing with a committed file decided: it passed (matched, or written as the rules allow), or what is stored (undefined when nothing is). */
export type CommittedFileOutcome = { pass: true } | { pass: false; stored: string | undefined }

/**
 * Compares `text` with the committed file at `path` under the runner's rules: Vitest through its
 * own file snapshot, Jest by reading the file and writing it (with `write`) only when missing
 * outside CI or under `-u`. Shared by every matcher that holds a committed file.
 */
export async function matchCommittedFile(adapter: RunnerAdapter, path: string, text: string, write: () => Promise<void>): Promise<CommittedFileOutcome> {
  if (adapter.matchFile) {
    const outcome = await adapter.matchFile(text, path)
    return outcome.pass ? { pass: true } : { pass: false, stored: outcome.stored }
  }
  const stored = await readIfPresent(path)
  if (stored === text) return { pass: true }
  const mode = adapter.updateMode()
  if (stored === undefined ? mode !== 'none' : mode === 'all') {
    await write()
    return { pass: true }
  }
  return { pass: false, stored }
}

/** The file's text, or undefined when there is no such file. */
export async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}
