import { stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Policy } from '../src/diff/policy.js'
import type { Surface } from '../src/surface/types.js'
import type { VerifiedEntries } from '../src/surface/vouched-entries.js'
import {
  canReadTwice,
  captureLive,
  captureLiveRaw,
  displayPath,
  driftMessage,
  failed,
  loadEngine,
  matchCommittedFile,
  matcherHint,
  notice,
  projectOf,
  readIfPresent,
  passed,
  passedOrRecorded,
  pointedAt,
  rejectUnknownKinds,
  rejectUnusable,
  typoBeside,
  resolveUsedBy,
  runnerFor,
  updateCommand,
  usageError,
  volatileAdviceFor,
  type Engine,
  type MatcherResult,
} from './matcher-core.js'
import { firstInRun } from './once-per-run.js'
import type { MatcherContext, RunnerAdapter } from './runner-adapter.js'

/**
 * Holds a server to its committed contract file (the format `mcp-contract snapshot` writes).
 * A relative `file` resolves from the project root: the configuration file's folder (its
 * `contractRoot` when set), else the nearest package.json's, else the working directory. Fails when a change reaches `failOn` (default `risky`;
 * `strict: true` means `routing`). A missing file is written outside CI and fails in CI; `-u`
 * writes a missing or drifted file, in CI too (an explicit `-u` wins, as in the runners).
 * @example await expect(createServer()).toHonorContract('mcp-contract.json', { failOn: 'breaking' })
 */
export function toHonorContract(this: MatcherContext, received: unknown, file: string, policy?: Policy): Promise<MatcherResult> {
  const matcher = matcherHint(this, 'toHonorContract', typeof file === 'string' ? JSON.stringify(file) : 'file')
  rejectUnusable(this, 'toHonorContract', matcher, received, policy)
  if (typeof file !== 'string' || file.trim() === '') {
    throw usageError(matcher, 'The contract file must be a path, relative to the project root (the folder of mcp-contract.config.json or package.json), such as "mcp-contract.json".')
  }
  // Why: taken before the first await, so errors point at the user's line, not at ours.
  const callSite = new Error()
  return honorContract(runnerFor(this), received, file, policy, matcher, callSite)
}

async function honorContract(adapter: RunnerAdapter, received: unknown, file: string, policy: Policy | undefined, matcher: string, callSite: Error): Promise<MatcherResult> {
  const engine = await loadEngine()
  rejectUnknownKinds(engine, policy, matcher, callSite)
  const { root, config } = await projectOf(engine, adapter, matcher, callSite)
  policy = engine.policyWithConfig(config, policy)
  const path = engine.projectPath(root, file, { contract: true })
  const shown = displayPath(path)
  const existed = (await kindOfPath(path)) === 'file'
  const typo = existed ? undefined : await typoBeside(adapter, path, shown, matcher)
  if (typo !== undefined) return typo
  // Why before connecting: a path whose folder does not exist is a typo far more often than a
  // new contract, and writing it (folders and all) would let the test pass against nothing.
  if (!existed && (await kindOfPath(dirname(path))) !== 'folder') {
    return failed(() =>
      [
        matcher,
        '',
        `${shown} cannot be recorded: the folder ${dirname(path)} does not exist. ${engine.pathBase(root)}`,
        'Check the path for a typo, or create the folder if the contract belongs there.',
      ].join('\n'),
    )
  }
  const named = existed ? namedAuthorizationsIn(await readIfPresent(path)) : []
  if (named.length > 0) {
    // Why refuse, not check the unnamed view: the other views would pass unchecked, and an update (-u) would drop them.
    return failed(() =>
      [
        matcher,
        '',
        `${shown} records the surface as seen by named authorizations (${named.join(', ')}), which a matcher cannot read the server as: it would check one view and pass over the others.`,
        'Check it with the CLI, which reads the server as each one: mcp-contract check --url … (credentials with --as NAME, or "authorizations" in the project configuration).',
      ].join('\n'),
    )
  }
  const era = policy?.era ?? (await erasRecordedIn(path))
  const { surface: captured, raw } = await captureLiveRaw(adapter, received, matcher, callSite, era)
  // Why before the verdict: a model API that refuses the tool list is worth a line whether or not the contract holds.
  const models = raw && engine.modelApiWarning(raw, policy.profiles)
  if (models && firstInRun(models)) notice(models.trimEnd())
  const nowhere = engine.volatileNamesNothingLine(engine.namesNothing(captured, policy.volatile ?? []))
  if (nowhere && firstInRun(nowhere)) notice(nowhere)
  const stored = existed ? await readIfPresent(path) : undefined
  let earlier: ReturnType<typeof recordedIn>
  try {
    earlier = recordedIn(engine, stored, shown)
  } catch (error) {
    // Why before anything is written: -u must never record a provider contract over a consumer's contract.
    return failed(() => `${matcher}\n\n${(error as Error).message}`)
  }
  // Why a second read only when the file may be written: that is when volatile values are recorded; a check compares by the recorded ones.
  const mayWrite = existed ? adapter.updateMode() === 'all' : adapter.updateMode() !== 'none'
  const live =
    mayWrite && canReadTwice(received)
      ? engine.markVolatile(captured, await captureLive(adapter, received, matcher, callSite, era), earlier?.surface).surface
      : earlier?.surface.volatile !== undefined
        ? { ...captured, volatile: earlier.surface.volatile }
        : captured
  // Why vouched as the CLI's snapshot writes it: a later check reuses what an unchanged entry records.
  const vouching = raw && engine.vouchingOf(raw)
  // Why the stored text when equal by shape and the diff finds nothing (what was sent is judged too):
  // a clock that moved is no drift, and -u must not rewrite the file for it.
  const unmoved = stored !== undefined && earlier !== undefined && engine.sameByShape(earlier.surface, live) && engine.diffSurfaces(earlier.surface, live, { ...policy, failOn: 'cosmetic' }, raw && { raw, verified: earlier.verified }).changes.length === 0
  // Why the recorded text of a value whose shape held: accepting another change must not put a fresh id or clock in the diff under review.
  const written = earlier === undefined ? live : engine.keepRecordedVolatile(earlier.surface, live)
  const text = unmoved ? stored : engine.serializeContract(written, vouching)

  const outcome = await matchCommittedFile(adapter, path, text, () => engine.writeContract(path, written, vouching))
  // Why existed decides the notice: a pass over a file that was not there means the runner's rules just wrote it.
  if (outcome.pass) return passedOrRecorded(matcher, existed, shown, 'contract file')
  const storedText = outcome.stored
  if (storedText === undefined) {
    return failed(() =>
      [
        matcher,
        '',
        `${engine.doesNotExist(shown, path)}, and contract files are not written in CI without -u. ${engine.pathBase(root)}`,
        `Record it outside CI (run the test once, or ${updateCommand(adapter)}), review it and commit it.`,
      ].join('\n'),
    )
  }

  let recorded: Surface
  let verified: VerifiedEntries | undefined
  try {
    ;({ surface: recorded, verified } = engine.parseContractVouched(storedText, shown))
  } catch (error) {
    if (!(error instanceof engine.ContractFileError)) throw pointedAt(usageError(matcher, (error as Error).message), callSite, error)
    return failed(() => `${matcher}\n\n${error.message}`)
  }
  // Why what was sent: a client refuses a root allOf the normalized surface reads as the object it wraps.
  const report = engine.diffSurfaces(recorded, live, await resolveUsedBy(engine, adapter, policy, [recorded, live], matcher, callSite), raw && { raw, verified })
  if (report.ok) {
    // Why: a drift below failOn passes, and the recorded contract stays as it is (only -u rewrites it).
    if (adapter.matchFile) adapter.countAsMatched()
    // Why say so: a contract left behind by a passing change no longer protects what was added.
    if (report.changes.length > 0) notice(`mcp-contract: ${shown} is behind the server by ${countsOf(report.summary)} that do${report.changes.length === 1 ? 'es' : ''} not fail; ${updateCommand(adapter)} records ${report.changes.length === 1 ? 'it' : 'them'}.`)
    return passed(matcher)
  }
  return failed(() =>
    driftMessage({
      matcher,
      headline: `The server no longer honors its contract ${shown}.`,
      reportText: engine.formatReport(report, { volatileAdvice: volatileAdviceFor(received) }),
      // Why what was sent: with no model API declared, one that refuses the list is named there too.
      acceptSafety: engine.acceptSafety(report, raw && { raw, profiles: policy.profiles ?? engine.DEFAULT_PROFILES }),
      accept: `To accept it deliberately: ${updateCommand(adapter)} rewrites ${shown}; review the diff and commit it.`,
    }),
  )
}

/** The surface a committed contract's text records, and what it vouches for; undefined when there is none or it does not read (reported later, where it is read for the diff). */
function recordedIn(engine: Engine, text: string | undefined, shown: string): ReturnType<Engine['parseContractVouched']> | undefined {
  if (text === undefined) return undefined
  try {
    return engine.parseContractVouched(text, shown)
  } catch (error) {
    if (error instanceof engine.ContractFileError && error.code === 'consumer-contract') throw error
    return undefined
  }
}

/** `1 additive change`, `2 changes (1 routing, 1 additive)`. */
function countsOf(summary: Record<string, number>): string {
  const parts = Object.entries(summary).filter(([, count]) => count > 0)
  const total = parts.reduce((sum, [, count]) => sum + count, 0)
  if (parts.length === 1) return `${total} ${parts[0][0]} change${total === 1 ? '' : 's'}`
  return `${total} changes (${parts.map(([severity, count]) => `${count} ${severity}`).join(', ')})`
}

async function kindOfPath(path: string): Promise<'file' | 'folder' | 'other' | undefined> {
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined
    throw error
  })
  if (!info) return undefined
  return info.isFile() ? 'file' : info.isDirectory() ? 'folder' : 'other'
}

/** The named authorizations a contract file records (format 2), by name; none when it records none or is not JSON. */
function namedAuthorizationsIn(text: string | undefined): string[] {
  try {
    const { authorizations } = JSON.parse(text ?? '{}') as { authorizations?: unknown }
    return typeof authorizations === 'object' && authorizations !== null ? Object.keys(authorizations) : []
  } catch {
    return []
  }
}

/**
 * `both` when the contract file was recorded in both eras, else nothing (the default era).
 * Why: a contract recorded in both eras must be checked in both, or the era not read would look
 * dropped; a file that is missing or unreadable here is reported later, where it is read in full.
 */
async function erasRecordedIn(path: string): Promise<'both' | undefined> {
  try {
    const eras = (JSON.parse((await readIfPresent(path)) ?? '{}') as { eras?: unknown }).eras
    return Array.isArray(eras) && eras.length === 2 ? 'both' : undefined
  } catch {
    return undefined
  }
}

