import { readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import type { Policy } from '../src/diff/policy.js'
import type { Surface } from '../src/surface/types.js'
import {
  captureLive,
  displayPath,
  driftMessage,
  failed,
  loadEngine,
  matcherHint,
  passed,
  pointedAt,
  rejectUnknownKinds,
  rejectUnusable,
  resolveUsedBy,
  runnerFor,
  updateCommand,
  usageError,
  type MatcherResult,
} from './matcher-core.js'
import type { MatcherContext, RunnerAdapter } from './runner-adapter.js'

/**
 * Holds a server to its committed contract file (the format `mcp-contract snapshot` writes).
 * `file` is relative to the test file. Fails when a change reaches `failOn` (default `risky`;
 * `strict: true` means `routing`). A missing file is written outside CI and fails in CI; `-u`
 * rewrites a drifted file; in CI nothing is ever written.
 * @example await expect(createServer()).toHonorContract('mcp-contract.json', { failOn: 'breaking' })
 */
export function toHonorContract(this: MatcherContext, received: unknown, file: string, policy?: Policy): Promise<MatcherResult> {
  const matcher = matcherHint(this, 'toHonorContract', typeof file === 'string' ? JSON.stringify(file) : 'file')
  rejectUnusable(this, 'toHonorContract', matcher, received, policy)
  if (typeof file !== 'string' || file.trim() === '') {
    throw usageError(matcher, 'The contract file must be a path, relative to the test file, such as "mcp-contract.json".')
  }
  // Why: taken before the first await, so errors point at the user's line, not at ours.
  const callSite = new Error()
  return honorContract(runnerFor(this), received, file, policy, matcher, callSite)
}

async function honorContract(adapter: RunnerAdapter, received: unknown, file: string, policy: Policy | undefined, matcher: string, callSite: Error): Promise<MatcherResult> {
  const engine = await loadEngine()
  rejectUnknownKinds(engine, policy, matcher, callSite)
  const path = resolve(dirname(adapter.testFile()), file)
  const shown = displayPath(path)
  const live = await captureLive(adapter, received, matcher, callSite)
  const text = engine.serializeContract(live)

  let storedText: string | undefined
  if (adapter.matchFile) {
    const outcome = await adapter.matchFile(text, path)
    if (outcome.pass) return passed(matcher)
    storedText = outcome.stored
  } else {
    storedText = await readIfPresent(path)
    if (storedText === text) return passed(matcher)
    const mode = adapter.updateMode()
    if (storedText === undefined ? mode !== 'none' : mode === 'all') {
      await engine.writeContract(path, live)
      return passed(matcher)
    }
  }
  if (storedText === undefined) {
    return failed(() =>
      [
        matcher,
        '',
        `${shown} does not exist, and contract files are not written in CI.`,
        `Record it outside CI (run the test once, or ${updateCommand(adapter)}), review it and commit it.`,
      ].join('\n'),
    )
  }

  let recorded: Surface
  try {
    recorded = engine.parseContract(storedText, shown)
  } catch (error) {
    if (!(error instanceof engine.ContractFileError)) throw pointedAt(usageError(matcher, (error as Error).message), callSite, error)
    return failed(() => `${matcher}\n\n${error.message}`)
  }
  const report = engine.diffSurfaces(recorded, live, await resolveUsedBy(engine, adapter, policy, [recorded, live], matcher, callSite))
  if (report.ok) {
    // Why: a drift below failOn passes, and the recorded contract stays as it is (only -u rewrites it).
    if (adapter.matchFile) adapter.countAsMatched()
    return passed(matcher)
  }
  return failed(() =>
    driftMessage({
      matcher,
      headline: `The server no longer honors its contract ${shown}.`,
      reportText: engine.formatReport(report),
      report,
      accept: `To accept it deliberately: ${updateCommand(adapter)} rewrites ${shown}; review the diff and commit it.`,
    }),
  )
}

async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}
