import type { Policy } from '../src/diff/policy.js'
import { parseSurfaceSnapshot, SurfaceSnapshotSyntaxError } from '../src/report/parse-surface-snapshot.js'
import { printSurfaceSnapshot } from '../src/report/surface-serializer.js'
import type { Surface, VolatileValue } from '../src/surface/types.js'
import {
  canReadTwice,
  captureLive,
  captureLiveRaw,
  driftMessage,
  failed,
  loadEngine,
  matcherHint,
  notice,
  projectOf,
  passed,
  rejectUnknownKinds,
  rejectUnusable,
  resolveUsedBy,
  runnerFor,
  updateCommand,
  usageError,
  volatileAdviceFor,
  type MatcherResult,
} from './matcher-core.js'
import { firstInRun } from './once-per-run.js'
import type { MatcherContext, RunnerAdapter } from './runner-adapter.js'

/**
 * Stores the server's normalized surface in the test file's ordinary snapshot file, through the
 * runner's own snapshot state. By default any recorded drift fails, with the drift classified.
 * With a policy, only in-scope changes at `failOn` (default `cosmetic`: any change) fail; a drift
 * below it passes without touching the stored snapshot or counting it obsolete.
 * `vitest -u` / `jest -u` accepts a drift.
 * @example await expect(createServer()).toMatchMcpContract()
 * @example await expect(createServer()).toMatchMcpContract('catalog', { failOn: 'risky' })
 */
export function toMatchMcpContract(this: MatcherContext, received: unknown, hintOrPolicy?: string | Policy, policyArgument?: Policy): Promise<MatcherResult> {
  const [hint, policy] = typeof hintOrPolicy === 'object' && hintOrPolicy !== null ? [undefined, hintOrPolicy] : [hintOrPolicy, policyArgument]
  const matcher = matcherHint(this, 'toMatchMcpContract', hint === undefined ? '' : JSON.stringify(hint))
  rejectUnusable(this, 'toMatchMcpContract', matcher, received, policy)
  if (hint !== undefined && typeof hint !== 'string') {
    throw usageError(matcher, `The snapshot hint must be a string; got ${typeof hint}.`)
  }
  // Why: taken before the first await, so errors point at the user's line, not at ours.
  const callSite = new Error()
  return matchMcpContract(runnerFor(this), received, hint, policy, matcher, callSite)
}

async function matchMcpContract(adapter: RunnerAdapter, received: unknown, hint: string | undefined, policy: Policy | undefined, matcher: string, callSite: Error): Promise<MatcherResult> {
  const engine = await loadEngine()
  rejectUnknownKinds(engine, policy, matcher, callSite)
  const { surface: captured, raw } = await captureLiveRaw(adapter, received, matcher, callSite, policy?.era)
  const configured = engine.policyWithConfig((await projectOf(engine, adapter, matcher, callSite)).config)
  // Why the project's profiles too: a model profile declared in its configuration silences the line.
  const models = raw && engine.modelApiWarning(raw, policy?.profiles ?? configured.profiles)
  if (models && firstInRun(models)) notice(models.trimEnd())
  // Why declared values print as their shape too: the runner compares texts, and a declared clock must not make them differ.
  const declarations = [...(configured.volatile ?? []), ...(policy?.volatile ?? [])]
  const declared = engine.resolveVolatile(captured, declarations)
  const nowhere = engine.volatileNamesNothingLine(engine.namesNothing(captured, declarations))
  if (nowhere && firstInRun(nowhere)) notice(nowhere)
  // Why the shapes the stored snapshot holds too: a value seen moving on an earlier run still moves when this
  // run does not see it (a server object read once, a date), and -u must not write today's value over its shape.
  const earlier = [...declared, ...storedShapes(adapter.storedSnapshot(hint))]
  // Why a second read whenever the snapshot may be written (not in CI): what moved between two reads prints as its shape, so an unchanged rerun prints the same text.
  const live =
    adapter.updateMode() !== 'none' && canReadTwice(received)
      ? engine.markVolatile(captured, await captureLive(adapter, received, matcher, callSite, policy?.era), { ...captured, volatile: earlier }).surface
      : earlier.length > 0
        ? { ...captured, volatile: engine.mergeVolatile(earlier, [], captured) }
        : captured
  const outcome = await adapter.matchSnapshot(live, hint)
  if (outcome.pass) return passed(matcher)
  const name = adapter.snapshotName(hint)
  if (outcome.stored === undefined) {
    return failed(() =>
      [
        matcher,
        '',
        `No surface is stored for "${name}", and snapshots are not written in CI without -u.`,
        `Record it outside CI (run the test once, or ${updateCommand(adapter)}), review the snapshot and commit it.`,
      ].join('\n'),
    )
  }

  let recorded: Surface
  try {
    recorded = parseSurfaceSnapshot(outcome.stored)
  } catch (error) {
    if (!(error instanceof SurfaceSnapshotSyntaxError)) throw error
    return failed(() =>
      [
        matcher,
        '',
        `The snapshot stored for "${name}" is not a surface this mcp-contract can read (${error.message}).`,
        `If it was edited by hand or written by another matcher, record it again: ${updateCommand(adapter)}.`,
      ].join('\n'),
    )
  }

  // Why the stored snapshot's volatile values too: a value it printed as its shape is compared by that shape, also when
  // this run did not see it move; and this run's on the stored side, which an earlier version stored as values.
  const volatile = engine.mergeVolatile(recorded.volatile, live.volatile ?? [], live)
  const shaped = volatile === undefined ? live : { ...live, volatile }
  const stored = volatile === undefined ? recorded : parseSurfaceSnapshot(printSurfaceSnapshot({ ...recorded, volatile }))
  // Why: a snapshot stored by an earlier version (every hint listed) that reads back as the live surface is no drift.
  if (printSurfaceSnapshot(stored) === printSurfaceSnapshot(shaped)) {
    adapter.countAsMatched()
    return passed(matcher)
  }

  // Why: a snapshot fails on any change unless the test chose a level; `used`/`ignore` alone keep that level.
  const chosenLevel = policy?.failOn !== undefined || policy?.strict === true
  // Why only what the project scopes (used, ignore, profiles): a snapshot fails on any drift unless this call chooses a level.
  const { failOn: _failOn, strict: _strict, ...scoping } = configured
  const scoped = { ...scoping, ...(await resolveUsedBy(engine, adapter, policy, [stored, shaped], matcher, callSite)), ...(scoping.ignore && policy?.ignore ? { ignore: [...(scoping.ignore ?? []), ...(policy?.ignore ?? [])] } : {}), ...(scoping.volatile && policy?.volatile ? { volatile: [...scoping.volatile, ...policy.volatile] } : {}) }
  // Why the live surface as a snapshot holds it: the snapshot leaves out what reads as nothing (zod's
  // safe-integer limits), so the stored text is compared with what the live text says, like with like.
  const report = engine.diffSurfaces(stored, parseSurfaceSnapshot(printSurfaceSnapshot(shaped)), chosenLevel ? scoped : { ...scoped, failOn: 'cosmetic' })
  // Why: with no policy, text that differs is drift even when no classified change explains it.
  if (policy !== undefined && report.ok) {
    adapter.countAsMatched()
    return passed(matcher)
  }
  if (report.changes.length === 0) {
    // Why: nothing a caller can notice changed, so there is no report to show; the text diff is the explanation.
    return failed(
      () =>
        [
          matcher,
          '',
          `The surface stored for "${name}" differs from the live one, but no change affects a caller.`,
          `${engine.acceptSafety(report, raw && { raw, profiles: policy?.profiles ?? configured.profiles ?? engine.DEFAULT_PROFILES, recordedUnsent: true })} To accept it: ${updateCommand(adapter)}.`,
        ].join('\n'),
      { actual: printSurfaceSnapshot(shaped), expected: outcome.stored },
    )
  }
  return failed(() =>
    driftMessage({
      matcher,
      headline: `The MCP surface drifted from the snapshot stored for "${name}".`,
      reportText: engine.formatReport(report, { volatileAdvice: volatileAdviceFor(received) }),
      // Why recordedUnsent: a snapshot holds no digest of what was sent, so what a declared model API refuses in a changed tool is said here.
      acceptSafety: engine.acceptSafety(report, raw && { raw, profiles: policy?.profiles ?? configured.profiles ?? engine.DEFAULT_PROFILES, recordedUnsent: true }),
      accept: `To accept it deliberately: ${updateCommand(adapter)}, review the snapshot diff and commit it.`,
    }),
  )
}

/** The volatile values a stored snapshot prints as their shape; none when nothing is stored or it does not read as a surface (reported where it is compared). */
function storedShapes(stored: string | undefined): VolatileValue[] {
  if (stored === undefined) return []
  try {
    return parseSurfaceSnapshot(stored).volatile ?? []
  } catch (error) {
    if (error instanceof SurfaceSnapshotSyntaxError) return []
    throw error
  }
}
