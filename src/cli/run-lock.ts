import { appendFile, readFile } from 'node:fs/promises'
import { relative, resolve } from 'node:path'
import { findProject, policyWithConfig } from '../config/project-config.js'
import { ContractFileError } from '../contract/contract-error.js'
import { DEFAULT_PROFILES } from '../lint/profile-names.js'
import { checkLock, type LockReport } from '../lock/check-lock.js'
import { findAgentReferences } from '../lock/client-config/agent-references.js'
import { ClientConfigError } from '../lock/client-config/client-config-error.js'
import { readClientConfig } from '../lock/client-config/read-client-config.js'
import { resolvePackage } from '../lock/client-config/resolve-package.js'
import type { ClientConfig, ConfiguredPackage } from '../lock/client-config/types.js'
import { lockClientConfig, UnknownServerError, type LockProgress } from '../lock/lock-client-config.js'
import { DEFAULT_LOCK_FILE, readLockFile, writeLockFile, type LockFile } from '../lock/lock-file.js'
import { formatLockReport } from '../report/format-lock-report.js'
import { wantsColor } from '../report/text-colors.js'
import { CliRunError } from './cli-error.js'
import type { CliIo } from './cli-io.js'
import { EXIT } from './exit-codes.js'
import { judgingFlags } from './judge-surface.js'
import { packageVersion } from './package-version.js'
import type { Invocation } from './parse-argv.js'

/**
 * Why a longer wait than `check`'s 10 s: `npx -y pkg` downloads and installs the package before
 * the server starts, on a cold cache for every server of the config at once.
 */
const LOCK_TIMEOUT_MS = 60_000

/**
 * `lock [NAME…]`: locks every server of the client config (or only those named, keeping the
 * others' entries) and writes the lock file atomically. A server that cannot be locked is written
 * with why and named on stderr; the run then exits 2 unless `--allow-not-checked`.
 */
export async function runLock(invocation: Invocation, io: CliIo): Promise<number> {
  const { config: project } = await findProject(io.cwd, io.cwd)
  const file = resolve(io.cwd, invocation.lockFile ?? DEFAULT_LOCK_FILE)
  const shown = relative(io.cwd, file) || file
  const clientConfig = await readConfig(invocation, io)
  const previous = await readLockFile(file).catch((error: unknown) => {
    if (error instanceof ContractFileError && error.code === 'missing') return undefined
    throw error
  })
  const progress = io.isTerminal === true ? (event: LockProgress) => io.stderr(`${progressLine(event)}\n`) : undefined
  let outcome: Awaited<ReturnType<typeof lockClientConfig>>
  try {
    outcome = await lockClientConfig(clientConfig, {
      cwd: io.cwd,
      previous,
      ...(invocation.files.length > 0 ? { only: invocation.files } : {}),
      profiles: invocation.profiles ?? project?.config.profiles ?? DEFAULT_PROFILES,
      agentReferences: await findAgentReferences(io.cwd),
      resolvePackage: (pkg: ConfiguredPackage) => resolvePackage(pkg, { cwd: io.cwd }),
      timeoutMs: invocation.timeoutMs ?? LOCK_TIMEOUT_MS,
      signal: io.signal,
      ...(progress ? { onProgress: progress } : {}),
    })
  } catch (error) {
    if (error instanceof UnknownServerError) throw new CliRunError(`${error.message}. Run mcp-contract lock without names to lock them all.`)
    throw error
  }
  // Why: a signal that came while the last server was read must not still write the file.
  if (io.signal?.aborted) return EXIT.error
  await writeLockFile(file, outcome.lock)
  io.stdout(`${lockSummary(outcome.lock, shown, invocation.files)}\n`)
  for (const { name, file: where, by } of outcome.shadowed) io.stderr(`mcp-contract lock: ${name} in ${where} was not locked: ${by} has a server of the same name, locked first; rename one to lock both\n`)
  for (const { name, why } of outcome.notLocked) io.stderr(`mcp-contract lock: ${name} was not locked: ${why.reason === 'needs-variable' ? why.message : `${why.reason.replace(/-/g, ' ')}: ${why.message}`}\n`)
  return outcome.notLocked.length > 0 && !invocation.allowNotChecked ? EXIT.error : EXIT.ok
}

/**
 * `check --lock [FILE]`: checks every server of the lock against the client config as it is now,
 * prints one report over all of them in `--format`, and returns the exit code: 1 when a change,
 * a missing agent tool or the size fails it; else 2 when a server could not be checked (unless
 * allowed) or none was; else 0.
 */
export async function runCheckLock(invocation: Invocation, io: CliIo): Promise<number> {
  const { config: project } = await findProject(io.cwd, io.cwd)
  const file = resolve(io.cwd, invocation.lockFile ?? DEFAULT_LOCK_FILE)
  const shown = relative(io.cwd, file) || file
  // Why the lock first: a missing or broken lock fails before any server is started.
  const lock: LockFile = await readLockFile(file)
  const clientConfig = await readConfig(invocation, io)
  const progress = io.isTerminal === true ? (server: string, state: string) => io.stderr(`${state === 'started' ? '…' : '·'} ${server} ${state.replace(/-/g, ' ')}\n`) : undefined
  const report = await checkLock(lock, clientConfig, {
    cwd: io.cwd,
    file: shown,
    policy: policyWithConfig(project, judgingFlags(invocation, invocation.used)),
    allowNotChecked: invocation.allowNotChecked,
    agentReferences: await findAgentReferences(io.cwd),
    resolvePackage: (pkg: ConfiguredPackage) => resolvePackage(pkg, { cwd: io.cwd }),
    timeoutMs: invocation.timeoutMs ?? LOCK_TIMEOUT_MS,
    signal: io.signal,
    ...(progress ? { onProgress: progress } : {}),
  })
  const located = invocation.format === 'sarif' || invocation.format === 'github'
  const color = invocation.format === 'text' && wantsColor(io.env, io.isTerminal === true)
  io.stdout(formatLockReport(report, { format: invocation.format, lock: { file: shown, ...(located ? { text: await readFile(file, 'utf8') } : {}) }, color, toolVersion: packageVersion() }))
  // Why: in GitHub Actions the job's summary page shows the report beside the annotations.
  const summary = io.env.GITHUB_STEP_SUMMARY
  if (summary) await appendFile(summary, formatLockReport(report, { format: 'markdown', lock: { file: shown } }))
  return lockExit(report)
}

/** 1 when something the servers did fails the run; 2 when what fails it is what could not be checked; else 0. */
function lockExit(report: LockReport): number {
  if (report.ok) return EXIT.ok
  const judged = report.failures.filter((failure) => failure !== 'not-checked' && failure !== 'nothing-checked')
  return judged.length > 0 ? EXIT.failed : EXIT.error
}

/** The client config, its warnings (an inline secret) said on stderr. */
async function readConfig(invocation: Invocation, io: CliIo): Promise<ClientConfig> {
  let config: ClientConfig
  try {
    config = await readClientConfig({ ...(invocation.clientConfig !== undefined ? { file: invocation.clientConfig } : {}), cwd: io.cwd, env: io.env })
  } catch (error) {
    // Why: the config's errors say what failed and where (file:line:column); the CLI prints them as they are, exit 2.
    if (error instanceof ClientConfigError) throw new CliRunError(error.message)
    throw error
  }
  for (const warning of config.warnings) io.stderr(`mcp-contract: ${relative(io.cwd, warning.file) || warning.file}: ${warning.server}: ${warning.field}: ${warning.message}\n`)
  return config
}

function progressLine(event: LockProgress): string {
  if (event.state === 'started') return `… ${event.server}`
  if (event.state === 'not-locked') return `! ${event.server} not locked: ${event.why.reason.replace(/-/g, ' ')}`
  return `${event.state === 'locked' ? '✓' : '-'} ${event.server} ${event.state}`
}

/** `locked 4 servers to mcp-contract.lock.json (1 disabled, 1 not locked)`. */
function lockSummary(lock: LockFile, shown: string, only: readonly string[]): string {
  const chosen = only.length > 0 ? lock.servers.filter((entry) => only.includes(entry.name)) : lock.servers
  const count = (status: string) => chosen.filter((entry) => entry.status === status).length
  const locked = count('locked')
  const others = [count('disabled') > 0 ? `${count('disabled')} disabled` : '', count('not-locked') > 0 ? `${count('not-locked')} not locked` : ''].filter(Boolean)
  const kept = only.length > 0 ? `; ${lock.servers.length - chosen.length} kept as they were` : ''
  return `locked ${locked} server${locked === 1 ? '' : 's'} to ${shown}${others.length > 0 ? ` (${others.join(', ')})` : ''}${kept}`
}
