import { readConsumerContract } from '../consumer/consumer-contract.js'
import { findConsumerContracts, verifyConsumers, type ConsumerVerdict } from '../consumer/verify/verify-consumers.js'
import type { Change, Severity } from '../diff/change.js'
import { diffSurfaces, type DiffReport } from '../diff/diff-surfaces.js'
import { resolvePolicy, type Policy } from '../diff/policy.js'
import { compareText } from '../schema/keywords.js'
import { judgeHostLimits, type HostServer } from '../lint/host-limits.js'
import { toolListTokens } from '../surface/token-cost.js'
import type { Surface } from '../surface/types.js'
import type { AgentReference, ClientConfig, ConfiguredServer } from './client-config/types.js'
import { firstOfEachName } from './lock-client-config.js'
import { lockedSurface, type LockEntry, type LockFile } from './lock-file.js'
import { isNotRead, readServer, type NotRead, type ReadOptions } from './read-server.js'
import { defaultConcurrency, mapBounded } from './run-bounded.js'

/** A server's status in a lock check. */
export type LockStatus = 'unchanged' | 'changed' | 'not-checked' | 'disabled' | 'removed-from-config' | 'added-to-config'

/** Every {@link LockStatus}, in the order reports count them. */
export const LOCK_STATUSES: readonly LockStatus[] = ['changed', 'not-checked', 'added-to-config', 'removed-from-config', 'disabled', 'unchanged']

/** The package a checked server runs: the version locked and the one the registry resolves now. */
export interface PackageMove {
  name: string
  runner: string
  locked?: string
  now?: string
}

/** One server's result. */
export interface ServerCheck {
  name: string
  status: LockStatus
  /** Why a server was not checked (`not-checked`): the reason, the capture layer's words, the figures. */
  notChecked?: NotRead | { reason: 'not-locked'; message: string }
  /** For a server that runs a package: the locked and the current version. */
  package?: PackageMove
  /** For a `changed` server that runs a package: whether its version moved, or the surface moved under the same version (its dependencies). */
  cause?: 'version-moved' | 'same-version'
  /** The classified changes against the locked surface (checked servers). */
  report?: DiffReport
  /** The consumer contracts in its scope, each verified against the live surface. */
  consumers?: ConsumerVerdict[]
  /** The names its scope holds (`used`, consumer contracts, agent definitions); absent when every change counts. */
  scope?: string[]
  /** Tools it lists now (or, not checked, as locked) and what they cost an agent in tokens. */
  tools?: number
  tokens?: number
  /** True when this server fails the run. */
  fails: boolean
}

/** A host limit the whole config breaks (a profile's rule, such as 128 tools per request), with the tools it is reported on. */
export interface HostLimitBroken {
  profile: string
  rule: string
  severity: string
  /** How many tools it is reported on (past a count, or each name too long). */
  count: number
  /** The first few, in config order: the ones a host drops first. */
  examples: { server: string; tool: string; detail?: string }[]
}

/** The whole config's size, judged against the token budget and the hosts' tool limits. */
export interface ConfigSize {
  tools: number
  tokens: number
  tokenizer: string
  /** The config's `tokenBudget.max` over all servers, when set. */
  budget?: { max: number; exceeded: boolean }
  /** The host limits (`lint/` host profiles: tools per request, built names) the config breaks, all its servers together. */
  hosts: HostLimitBroken[]
}

/** What fails a lock check, one code per reason. */
export type LockFailure = 'changes' | 'not-checked' | 'nothing-checked' | 'agent-tools-missing' | 'token-budget' | 'host-tool-limit'

/** The report over every server of a lock. */
export interface LockReport {
  ok: boolean
  failOn: Severity
  servers: ServerCheck[]
  /** Tools an agent definition names for a locked server that does not offer them. */
  agentToolsMissing: AgentReference[]
  size: ConfigSize
  /** Whether servers that could not be checked were allowed (`--allow-not-checked`); the report still lists them. */
  allowNotChecked: boolean
  failures: LockFailure[]
}

/** How a lock is checked. */
export interface CheckLockOptions extends ReadOptions {
  /** The project folder: consumer contract paths resolve from it. */
  cwd: string
  /** The lock file, as reports and errors name it. */
  file: string
  /** The policy every server is judged by (the project config's under the flags); its `tokenBudget.max` judges the whole config. */
  policy?: Policy
  concurrency?: number
  /** Servers that could not be checked do not fail the run (they are still listed). Default false. */
  allowNotChecked?: boolean
  /** Tools the repository's agent definitions name (`findAgentReferences`), found now. */
  agentReferences?: readonly AgentReference[]
  /** The host profiles the whole config is judged by (`judgeHostLimits`); default every host's and OpenAI's count. */
  hostProfiles?: readonly string[]
  onProgress?: (server: string, state: 'started' | LockStatus) => void
}

/**
 * Checks every server of a lock against the config as it is now: each locked server started or
 * connected in parallel (bounded), its package resolved again, its surface compared with the
 * locked one by the same diff engine, scoped to what the consumer uses; then the whole config's
 * size. A server that cannot be checked is a result with its reason, and fails the run unless
 * allowed; a run that checked nothing never passes.
 * @example const report = await checkLock(await readLockFile(file), await readClientConfig({ cwd, env }), { cwd, file })
 */
export async function checkLock(lock: LockFile, config: ClientConfig, options: CheckLockOptions): Promise<LockReport> {
  const policy = options.policy ?? {}
  const failOn = resolvePolicy(policy).failOn
  const configured = new Map(firstOfEachName(config, options.cwd).servers.map((server) => [server.name, server]))
  const locked = new Map(lock.servers.map((entry) => [entry.name, entry]))
  const names = [...new Set([...locked.keys(), ...configured.keys()])].sort(compareText)
  const references = options.agentReferences ?? []
  const toolsOf = new Map<string, readonly { name: string }[]>()
  const servers = await mapBounded(names, options.concurrency ?? defaultConcurrency(), async (name) => {
    const { check, tools } = await checkServer(locked.get(name), configured.get(name), name, options, references)
    if (tools !== undefined && check.status !== 'removed-from-config') toolsOf.set(name, tools)
    options.onProgress?.(name, check.status)
    return check
  })
  const agentToolsMissing = missingAgentTools(references, lock, options.file)
  // Why in the config's order: a host that drops tools past its cap drops the last servers' first.
  const hostServers = config.servers.flatMap((server) => (toolsOf.has(server.name) ? [{ name: server.name, tools: toolsOf.get(server.name) ?? [] }] : []))
  const size = configSize(servers, policy, hostLimitsBroken(hostServers, options.hostProfiles))
  const allowNotChecked = options.allowNotChecked === true
  const failures: LockFailure[] = []
  if (servers.some((server) => server.fails)) failures.push('changes')
  if (!allowNotChecked && servers.some((server) => server.status === 'not-checked' || server.status === 'added-to-config')) failures.push('not-checked')
  if (!servers.some((server) => server.status === 'changed' || server.status === 'unchanged')) failures.push('nothing-checked')
  if (agentToolsMissing.length > 0) failures.push('agent-tools-missing')
  if (size.budget?.exceeded) failures.push('token-budget')
  if (size.hosts.some((host) => host.severity === 'error')) failures.push('host-tool-limit')
  return { ok: failures.length === 0, failOn, servers, agentToolsMissing, size, allowNotChecked, failures }
}

async function checkServer(entry: LockEntry | undefined, server: ConfiguredServer | undefined, name: string, options: CheckLockOptions, references: readonly AgentReference[]): Promise<{ check: ServerCheck; tools?: readonly { name: string }[] }> {
  if (entry === undefined) return { check: { name, status: 'added-to-config', fails: false } }
  if (server === undefined) return { check: { name, status: 'removed-from-config', fails: false, ...counted(entry, options.file) } }
  if (server.disabled) return { check: { name, status: 'disabled', fails: false } }
  const recorded = lockedSurface(entry, options.file)
  if (recorded === undefined) {
    // Why read the config's needs first: a variable still missing is the reason, not the lock.
    const why = server.needs.length > 0 ? await readServer(server, options, false) : { reason: 'not-locked' as const, message: `it is not locked yet (${entry.notLocked?.reason ?? 'no surface recorded'}); lock it with \`mcp-contract lock ${name}\`` }
    return { check: { name, status: 'not-checked', notChecked: why as NotRead, fails: false } }
  }
  options.onProgress?.(name, 'started')
  const read = await readServer(server, options, false)
  const pkg = packageMove(entry, isNotRead(read) ? undefined : read.resolved?.version)
  // Why the locked tools count toward the config's size: the server is still in it, as locked.
  if (isNotRead(read)) return { check: { name, status: 'not-checked', notChecked: read, ...(pkg ? { package: pkg } : {}), fails: false, ...counted(entry, options.file) }, tools: recorded.tools ?? [] }
  const consumers = entry.scope?.consumers
  const scope = [...new Set([...(entry.scope?.used ?? []), ...(entry.scope?.agents ?? []), ...references.filter((reference) => reference.server === name).map((reference) => reference.tool), ...(consumers ? await consumerNames(consumers, options.cwd) : [])])].sort(compareText)
  const policy = serverPolicy(options.policy ?? {}, entry, scope)
  const report = firstThatMatter(diffSurfaces(recorded, read.surface, policy))
  const verdicts = consumers ? await verifyConsumers(consumers, read.surface, options.cwd, { ...(policy.ignore ? { ignore: policy.ignore } : {}) }) : undefined
  const changed = report.changes.length > 0 || (verdicts ?? []).some((verdict) => verdict.report.changes.length > 0)
  const cost = toolListTokens(read.surface.tools ?? [])
  const check: ServerCheck = {
    name,
    status: changed ? 'changed' : 'unchanged',
    ...(pkg ? { package: pkg } : {}),
    ...(changed && pkg ? { cause: pkg.locked !== pkg.now ? ('version-moved' as const) : ('same-version' as const) } : {}),
    report,
    ...(verdicts ? { consumers: verdicts } : {}),
    ...(scope.length > 0 ? { scope } : {}),
    tools: read.surface.tools?.length ?? 0,
    tokens: cost.total,
    fails: !report.ok || (verdicts ?? []).some((verdict) => !verdict.report.ok),
  }
  return { check, tools: read.surface.tools ?? [] }
}

/**
 * The policy one server is judged by: its recorded profiles unless the run names some, its scope,
 * the token budget's growth (the whole config answers for `max`), and a change that introduces a
 * security cue is breaking unless the policy says otherwise. Why breaking in a lock: the team did
 * not write these servers, and a release that starts instructing the model is the rug pull the lock is for.
 */
function serverPolicy(policy: Policy, entry: LockEntry, scope: string[]): Policy {
  const { tokenBudget, ...rest } = policy
  return {
    cueSeverity: 'breaking',
    ...rest,
    profiles: policy.profiles ?? entry.profiles,
    ...(tokenBudget?.growth !== undefined ? { tokenBudget: { growth: tokenBudget.growth } } : {}),
    ...(scope.length > 0 ? { used: [...(policy.used ?? []), ...scope] } : {}),
  }
}

/**
 * The report with the changes a reader must see first moved to the top: a reversed behaviour hint
 * (a tool that now destroys what it only read) and any change whose new text carries a security cue.
 */
function firstThatMatter(report: DiffReport): DiffReport {
  const first = (change: Change) => change.kind === 'hint-reversed' || ((change as { cues?: unknown[] }).cues?.length ?? 0) > 0
  return { ...report, changes: [...report.changes.filter(first), ...report.changes.filter((change) => !first(change))] }
}

function packageMove(entry: LockEntry, now: string | undefined): PackageMove | undefined {
  if (entry.package === undefined) return undefined
  return { name: entry.package.name, runner: entry.package.runner, ...(entry.package.version ? { locked: entry.package.version } : {}), ...(now ? { now } : {}) }
}

/** Tools and tokens of a server not read now, as locked. */
function counted(entry: LockEntry, file: string): { tools?: number; tokens?: number } {
  const surface = lockedSurface(entry, file)
  if (surface === undefined) return {}
  return { tools: surface.tools?.length ?? 0, tokens: toolListTokens(surface.tools ?? []).total }
}

/** The tool, prompt and resource names the consumer contracts at `paths` use. */
async function consumerNames(paths: readonly string[], cwd: string): Promise<string[]> {
  const contracts = await Promise.all((await findConsumerContracts(paths, cwd)).map((file) => readConsumerContract(file)))
  return contracts.flatMap((contract) => [...contract.tools.map((tool) => tool.name), ...contract.prompts.map((prompt) => prompt.name), ...contract.resources.map((resource) => resource.uri)])
}

/**
 * The references to a tool a locked server does not offer (a server named that the lock does not
 * have counts too). Why only references that name a server: a bare name in `tools:` is as often a
 * host's own tool (`Read`, `Bash`) as an MCP one. A server locked without a surface cannot be judged.
 */
function missingAgentTools(references: readonly AgentReference[], lock: LockFile, file: string): AgentReference[] {
  const entries = new Map(lock.servers.map((entry) => [entry.name, entry]))
  return references.filter((reference) => {
    if (reference.server === undefined) return false
    const entry = entries.get(reference.server)
    if (entry === undefined) return true
    const surface = lockedSurface(entry, file)
    return surface !== undefined && !(surface.tools ?? []).some((tool) => tool.name === reference.tool)
  })
}

/** The host limits the servers break together, one entry per profile rule, with how many tools and the first few. */
function hostLimitsBroken(servers: readonly HostServer[], profiles?: readonly string[]): HostLimitBroken[] {
  const grouped = new Map<string, HostLimitBroken>()
  for (const violation of judgeHostLimits(servers, profiles)) {
    const key = `${violation.profile}\0${violation.rule}`
    const group = grouped.get(key) ?? { profile: violation.profile, rule: violation.rule, severity: violation.severity, count: 0, examples: [] }
    group.count += 1
    if (group.examples.length < 3) group.examples.push({ server: violation.server, tool: violation.tool, ...(violation.detail ? { detail: violation.detail } : {}) })
    grouped.set(key, group)
  }
  return [...grouped.values()]
}

function configSize(servers: readonly ServerCheck[], policy: Policy, hosts: HostLimitBroken[]): ConfigSize {
  const tools = servers.reduce((sum, server) => sum + (server.status === 'removed-from-config' ? 0 : (server.tools ?? 0)), 0)
  const tokens = servers.reduce((sum, server) => sum + (server.status === 'removed-from-config' ? 0 : (server.tokens ?? 0)), 0)
  const max = policy.tokenBudget?.max
  return {
    tools,
    tokens,
    tokenizer: toolListTokens([]).tokenizer,
    ...(max !== undefined ? { budget: { max, exceeded: tokens > max } } : {}),
    hosts,
  }
}
