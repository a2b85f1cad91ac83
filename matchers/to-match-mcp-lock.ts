import { policyProblem, type Policy } from '../src/diff/policy.js'
import { isClientConfigRef, type ClientConfigRef } from '../src/lock/client-config-ref.js'
import { displayPath, failed, loadEngine, matcherHint, notice, passed, pointedAt, projectOf, readIfPresent, runnerFor, updateCommand, usageError, type Engine, type MatcherResult } from './matcher-core.js'
import type { MatcherContext, RunnerAdapter } from './runner-adapter.js'

/** The policy of `toMatchMcpLock`: the diff's, and whether servers that could not be checked may pass. */
export type LockPolicy = Policy & {
  /** A server that could not be checked (gone, needs authorization or a variable, did not start) does not fail the test; it is still listed. */
  allowNotChecked?: boolean
}

/** The lock file a matcher holds the config to when none is named. */
const DEFAULT_LOCK = 'mcp-contract.lock.json'

/**
 * Holds every server of a client config to its lock file (`mcp-contract lock` writes the same
 * file): each is started or connected, and the test fails with the classified report over all of
 * them when one changed at `failOn`, could not be checked (unless `allowNotChecked`), or an agent
 * definition names a tool no locked server offers. A missing lock is written outside CI; `-u`
 * rewrites the lock, and only the lock.
 * @example await expect(clientConfig('.mcp.json')).toMatchMcpLock()
 * @example await expect(clientConfig()).toMatchMcpLock('mcp-contract.lock.json', { failOn: 'breaking' })
 */
export function toMatchMcpLock(this: MatcherContext, received: unknown, fileOrPolicy?: string | LockPolicy, policyArgument?: LockPolicy): Promise<MatcherResult> {
  const [file, policy] = typeof fileOrPolicy === 'object' && fileOrPolicy !== null ? [DEFAULT_LOCK, fileOrPolicy] : [fileOrPolicy ?? DEFAULT_LOCK, policyArgument]
  const matcher = matcherHint(this, 'toMatchMcpLock', JSON.stringify(file), 'clientConfig')
  if (this.isNot) throw usageError(matcher, '.not.toMatchMcpLock() is not supported: it would pass for any drift at all, including the ones you did not mean.')
  if (!isClientConfigRef(received)) throw usageError(matcher, "The received value must name a client config: clientConfig('.mcp.json'), or clientConfig() for the known places (import { clientConfig } from 'mcp-contract').")
  if (typeof file !== 'string' || file.trim() === '') throw usageError(matcher, 'The lock file must be a path relative to the project root, such as "mcp-contract.lock.json".')
  // Why: taken before the first await, so errors point at the user's line, not at ours.
  const callSite = new Error()
  return matchLock(runnerFor(this), received, file, policy ?? {}, matcher, callSite)
}

async function matchLock(adapter: RunnerAdapter, received: ClientConfigRef, file: string, lockPolicy: LockPolicy, matcher: string, callSite: Error): Promise<MatcherResult> {
  const { allowNotChecked, ...given } = lockPolicy
  const engine = await loadEngine()
  const problem = policyProblem(given, engine.KINDS.map((kind) => kind.id))
  if (problem !== undefined) throw pointedAt(usageError(matcher, problem), callSite)
  const { root, config: project } = await projectOf(engine, adapter, matcher, callSite)
  const cwd = root.folder
  const path = engine.projectPath(root, file)
  const shown = displayPath(path)
  let config: Awaited<ReturnType<Engine['readClientConfig']>>
  try {
    config = await engine.readClientConfig({ ...(received.file !== undefined ? { file: received.file } : {}), cwd, env: process.env })
  } catch (error) {
    if (!(error instanceof engine.ClientConfigError)) throw error
    return failed(() => `${matcher}\n\n${error.message}`)
  }
  const clock = adapter.testClock()
  // Why below the test's own timeout: a server that hangs is closed by us, with its reason, not torn down by the runner.
  const reading = { cwd, resolvePackage: (pkg: Parameters<Engine['resolvePackage']>[0]) => engine.resolvePackage(pkg, { cwd }), timeoutMs: clock.timeoutMs > 0 ? Math.max(1_000, clock.timeoutMs - clock.elapsedMs - 1_000) : 60_000, ...(clock.signal ? { signal: clock.signal } : {}), agentReferences: await engine.findAgentReferences(cwd) }
  const stored = await readIfPresent(path)
  const relock = async (previous?: Parameters<Engine['serializeLock']>[0]) => {
    const outcome = await engine.lockClientConfig(config, { ...reading, ...(previous ? { previous } : {}), profiles: given.profiles ?? project?.config.profiles ?? engine.DEFAULT_PROFILES })
    await engine.writeLockFile(path, outcome.lock)
    return outcome
  }
  if (stored === undefined) {
    if (adapter.updateMode() === 'none') {
      return failed(() => [matcher, '', `${shown} does not exist, and lock files are not written in CI without -u.`, `Write it outside CI (run the test once, or ${updateCommand(adapter)}, or mcp-contract lock), review it and commit it.`].join('\n'))
    }
    return written(matcher, await relock(), shown, allowNotChecked === true, 'wrote a new lock file')
  }
  let lock: Parameters<Engine['serializeLock']>[0]
  try {
    lock = engine.parseLock(stored, shown)
  } catch (error) {
    if (!(error instanceof engine.ContractFileError)) throw error
    return failed(() => `${matcher}\n\n${error.message}`)
  }
  const report = await engine.checkLock(lock, config, { ...reading, file: shown, policy: engine.policyWithConfig(project, given), allowNotChecked: allowNotChecked === true })
  if (report.ok) {
    const behind = report.servers.filter((server) => server.status === 'changed').map((server) => server.name)
    if (behind.length > 0) notice(`mcp-contract: ${shown} is behind ${behind.join(', ')} by changes that do not fail; ${updateCommand(adapter)} rewrites the lock.`)
    return passed(matcher)
  }
  // Why the lock only: -u accepts what the servers are now into the lock, and writes nothing else.
  if (adapter.updateMode() === 'all') return written(matcher, await relock(lock), shown, allowNotChecked === true, 'rewrote the lock file')
  return failed(() =>
    [
      matcher,
      '',
      `The servers of the client config no longer match the lock ${shown}.`,
      '',
      engine.formatLockReport(report, { format: 'text', lock: { file: shown } }).trimEnd(),
      '',
      `To accept what the servers are now, rewrite the lock (and nothing else): ${updateCommand(adapter)}`,
    ].join('\n'),
  )
}

/** A lock just written: it passes, named for review, unless a server could not be locked and that is not allowed. */
function written(matcher: string, outcome: { notLocked: { name: string; why: { reason: string; message: string } }[] }, shown: string, allowNotChecked: boolean, what: string): MatcherResult {
  notice(`mcp-contract: ${what} ${shown}; review it and commit it.`)
  if (outcome.notLocked.length === 0 || allowNotChecked) return passed(matcher)
  return failed(() =>
    [
      matcher,
      '',
      `${shown} was written, but ${outcome.notLocked.length === 1 ? 'one server' : `${outcome.notLocked.length} servers`} could not be locked:`,
      ...outcome.notLocked.map(({ name, why }) => `  ${name}: ${why.reason.replace(/-/g, ' ')}: ${why.message}`),
      'Fix what each needs, or pass { allowNotChecked: true } to let them pass (they stay listed).',
    ].join('\n'),
  )
}
