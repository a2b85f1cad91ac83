import type { LockReport, ServerCheck } from '../lock/check-lock.js'
import type { AgentReference } from '../lock/client-config/types.js'
import { counted } from './counted.js'
import { formatGithubOf, formatSarifOf } from './format-ci.js'
import { toJsonReport, formatReport, type JsonReport } from './format-report.js'
import { formatJunit, type JunitCase, type JunitSuite } from './format-junit.js'
import { renderText } from './format-text.js'
import type { ReportFormat } from './report-formats.js'
import { textStyles } from './text-colors.js'

/** Where a lock check's report points: the lock file as the user named it, and its text (SARIF and GitHub lines). */
export interface LockLocation {
  file: string
  text?: string
}

/** The JSON `check --lock --format json` prints; field names are stable. */
export interface JsonLockReport {
  ok: boolean
  failOn: string
  /** Why the run fails, one code each: `changes`, `not-checked`, `nothing-checked`, `agent-tools-missing`, `token-budget`, `host-tool-limit`. */
  failures: string[]
  allowNotChecked: boolean
  /** How many servers have each status. */
  counts: Record<string, number>
  servers: {
    name: string
    status: string
    fails: boolean
    /** not-checked: `gone`, `needs-authorization`, `did-not-start`, `timed-out`, `needs-variable`, `failed` or `not-locked`, and in words. */
    reason?: string
    message?: string
    needs?: string[]
    httpStatus?: number
    exitCode?: number
    stderrTail?: readonly string[]
    package?: { name: string; runner: string; locked?: string; now?: string }
    /** changed, with a package: `version-moved` or `same-version` (its dependencies moved the surface). */
    cause?: string
    /** The sentence a reader sees first: the version move, or the same version changed. */
    headline?: string
    scope?: string[]
    tools?: number
    tokens?: number
    summary?: JsonReport['summary']
    changes?: JsonReport['changes']
    notRecorded?: JsonReport['notRecorded']
    consumers?: { consumer: string; file: string; ok: boolean; changes: JsonReport['changes'] }[]
  }[]
  agentToolsMissing: AgentReference[]
  size: LockReport['size']
}

/**
 * Renders a lock check: one report over every server, in each format `check` prints. `text` and
 * `markdown` list each server with its status, then each changed server's classified changes;
 * `json` is {@link JsonLockReport}; `junit` one suite per server; `sarif` and `github` locate
 * every change, every server not checked and every missing agent tool in the lock file.
 * @example formatLockReport(report, { format: 'text', lock: { file: 'mcp-contract.lock.json' } })
 */
export function formatLockReport(report: LockReport, options: { format?: ReportFormat; lock: LockLocation; color?: boolean; toolVersion?: string }): string {
  switch (options.format ?? 'text') {
    case 'json':
      return `${JSON.stringify(toJsonLockReport(report), null, 2)}\n`
    case 'markdown':
      return renderMarkdown(report)
    case 'junit':
      return renderJunit(report)
    case 'sarif':
      return renderSarif(report, options.lock, options.toolVersion)
    case 'github':
      return renderGithub(report, options.lock)
    default:
      return renderLockText(report, options.color ?? false)
  }
}

/** The report as the plain object `--format json` prints. */
export function toJsonLockReport(report: LockReport): JsonLockReport {
  const counts: Record<string, number> = {}
  for (const server of report.servers) counts[server.status] = (counts[server.status] ?? 0) + 1
  return {
    ok: report.ok,
    failOn: report.failOn,
    failures: report.failures,
    allowNotChecked: report.allowNotChecked,
    counts,
    servers: report.servers.map((server) => {
      const json = server.report && toJsonReport(server.report)
      const why = server.notChecked
      const headline = packageHeadline(server)
      return {
        name: server.name,
        status: server.status,
        fails: server.fails || (server.status === 'not-checked' && !report.allowNotChecked),
        ...(why ? { reason: why.reason, message: whyWords(server), ...('needs' in why && why.needs ? { needs: why.needs } : {}), ...('httpStatus' in why && why.httpStatus !== undefined ? { httpStatus: why.httpStatus } : {}), ...('exitCode' in why && why.exitCode !== undefined ? { exitCode: why.exitCode } : {}), ...('stderrTail' in why && why.stderrTail ? { stderrTail: why.stderrTail } : {}) } : {}),
        ...(server.package ? { package: server.package } : {}),
        ...(server.cause ? { cause: server.cause } : {}),
        ...(headline ? { headline } : {}),
        ...(server.scope ? { scope: server.scope } : {}),
        ...(server.tools !== undefined ? { tools: server.tools, tokens: server.tokens } : {}),
        ...(json ? { summary: json.summary, changes: json.changes, notRecorded: json.notRecorded } : {}),
        ...(server.consumers ? { consumers: server.consumers.map((verdict) => ({ consumer: verdict.consumer, file: verdict.file, ok: verdict.report.ok, changes: toJsonReport(verdict.report).changes })) } : {}),
      }
    }),
    agentToolsMissing: report.agentToolsMissing,
    size: report.size,
  }
}

/** Why a server was not checked, in words: the reason first, then the capture layer's explanation. */
function whyWords(server: ServerCheck): string {
  const why = server.notChecked
  if (why === undefined) return ''
  const status = 'httpStatus' in why && why.httpStatus !== undefined ? ` (HTTP ${why.httpStatus})` : ''
  switch (why.reason) {
    case 'gone':
      return `gone${status}: the server no longer answers at this address; ${why.message}`
    case 'needs-authorization':
      return `needs authorization${status}: ${why.message}`
    case 'did-not-start':
      return `did not start${'exitCode' in why && why.exitCode !== undefined ? ` (exit code ${why.exitCode})` : ''}: ${why.message}`
    case 'timed-out':
      return `timed out: ${why.message}`
    case 'needs-variable':
      return why.message
    case 'not-locked':
      return why.message
    default:
      return `could not be read: ${why.message}`
  }
}

/** What a server's package did: `npx now resolves 2026.8.31; locked 2025.7.29`, or the same version changed. */
function packageHeadline(server: ServerCheck): string | undefined {
  const pkg = server.package
  if (pkg === undefined || pkg.now === undefined) return undefined
  if (pkg.locked !== undefined && pkg.locked !== pkg.now) {
    const move = `${pkg.runner} now resolves ${pkg.name} ${pkg.now}; locked ${pkg.locked}`
    return server.status === 'changed' ? move : `${move}; the upgrade changes nothing in the surface (lock it again to record the version)`
  }
  if (server.status === 'changed') return `changed at the same version (${pkg.name} ${pkg.now}): its dependencies moved the surface`
  return undefined
}

/** The heading of a changed server's changes: what moved them, when a package says. */
function changesHeading(server: ServerCheck): string {
  const scope = server.scope ? ` (scope: ${server.scope.join(', ')})` : ''
  if (server.cause === 'version-moved') return `${server.name}: what the upgrade from ${server.package?.locked} to ${server.package?.now} changes${scope}`
  if (server.cause === 'same-version') return `${server.name}: what moved under the same version ${server.package?.now}${scope}`
  return `${server.name}${scope}`
}

const MARKS: Record<ServerCheck['status'], string> = { unchanged: '✓', changed: '~', 'not-checked': '!', disabled: '-', 'removed-from-config': '-', 'added-to-config': '+' }

/** One line per server: its mark, name, status and what a reader needs next. */
function statusLine(server: ServerCheck, width: number, allowNotChecked: boolean): string {
  const mark = server.fails || (!allowNotChecked && (server.status === 'not-checked' || server.status === 'added-to-config')) ? '✗' : MARKS[server.status]
  const size = server.tools !== undefined ? ` · ${counted(server.tools, 'tool')} · ${(server.tokens ?? 0).toLocaleString('en-US')} tokens` : ''
  const name = server.name.padEnd(width)
  switch (server.status) {
    case 'not-checked':
      return `${mark} ${name}  not checked: ${whyWords(server)}`
    case 'added-to-config':
      return `${mark} ${name}  added to the config, not locked yet: lock it with \`mcp-contract lock ${server.name}\``
    case 'removed-from-config':
      return `${mark} ${name}  removed from the config; \`mcp-contract lock\` drops it from the lock`
    case 'disabled':
      return `${mark} ${name}  disabled in the config; not checked`
    default:
      return `${mark} ${name}  ${server.status}${size}${packageHeadline(server) ? ` · ${packageHeadline(server)}` : ''}`
  }
}

function renderLockText(report: LockReport, color: boolean): string {
  const style = textStyles(color)
  const width = Math.max(0, ...report.servers.map((server) => server.name.length))
  const lines = [style.heading(`MCP lock: ${counted(report.servers.length, 'server')} · ${statusCounts(report)}`)]
  for (const server of report.servers) {
    // Why indented: the capture layer's advice runs over several lines, and each must read as this server's.
    lines.push(statusLine(server, width, report.allowNotChecked).replace(/\n/g, `\n${' '.repeat(width + 4)}`))
    const tail = server.notChecked && 'stderrTail' in server.notChecked ? server.notChecked.stderrTail : undefined
    if (tail && tail.length > 0) lines.push(...tail.slice(-5).map((line) => `    | ${line}`))
  }
  for (const server of report.servers) {
    if (server.status !== 'changed') continue
    lines.push('', style.heading(changesHeading(server)))
    // Why the consumer's words: a locked server is one the team uses and does not build, so a
    // provider's release advice has no reader here; what a change does to its agents does.
    if (server.report && server.report.changes.length > 0) lines.push(...indent(renderText({ ...server.report, version: undefined }, { color, audience: 'consumer' })))
    for (const verdict of server.consumers ?? []) {
      if (verdict.report.changes.length === 0) continue
      lines.push(`  consumer ${verdict.consumer} (${verdict.file}):`, ...indent(renderText(verdict.report, { color })).map((line) => `  ${line}`))
    }
  }
  lines.push(...agentLines(report.agentToolsMissing), '', sizeLine(report), style.verdict(report.ok, verdictLine(report)))
  return `${lines.join('\n')}\n`
}

function indent(text: string): string[] {
  return text.trimEnd().split('\n').map((line) => `  ${line}`)
}

function statusCounts(report: LockReport): string {
  const counts = new Map<string, number>()
  for (const server of report.servers) counts.set(server.status, (counts.get(server.status) ?? 0) + 1)
  return [...counts].map(([status, count]) => `${count} ${status.replace(/-/g, ' ')}`).join(' · ')
}

function agentLines(missing: readonly AgentReference[]): string[] {
  if (missing.length === 0) return []
  return ['', 'agent definitions name tools no locked server offers (breaking):', ...missing.map((reference) => `  ${reference.file}:${reference.line}  ${reference.server ?? ''}${reference.server ? ' → ' : ''}${reference.tool}`)]
}

/** The whole config's size: tools and tokens, against the budget and the hosts' limits. */
function sizeLine(report: LockReport): string {
  const { size } = report
  const budget = size.budget ? ` · token budget ${size.budget.max.toLocaleString('en-US')}: ${size.budget.exceeded ? 'exceeded' : 'within'}` : ''
  const hosts = size.hosts.map((host) => `\n  ${host.severity} ${host.profile} ${host.rule}: ${counted(host.count, 'tool')}, first ${host.examples.map((example) => `${example.server} → ${example.tool}${example.detail ? ` (${example.detail})` : ''}`).join(', ')}`).join('')
  return `all servers: ${counted(size.tools, 'tool')} · ${size.tokens.toLocaleString('en-US')} tokens (${size.tokenizer})${budget}${hosts}`
}

/** The verdict, with every reason it fails, and what was let through. */
function verdictLine(report: LockReport): string {
  const notChecked = report.servers.filter((server) => server.status === 'not-checked' || server.status === 'added-to-config').length
  const reasons = report.failures.map((failure) => {
    switch (failure) {
      case 'changes':
        return `${counted(report.servers.filter((server) => server.fails).length, 'server')} changed at ${report.failOn} and above`
      case 'not-checked':
        return `${counted(notChecked, 'server')} not checked (--allow-not-checked lets ${notChecked === 1 ? 'it' : 'them'} pass, still listed)`
      case 'nothing-checked':
        return 'no server was checked'
      case 'agent-tools-missing':
        return `${counted(report.agentToolsMissing.length, 'agent tool')} no locked server offers`
      case 'token-budget':
        return 'the tool lists exceed the token budget'
      default:
        return `the servers together break ${counted(report.size.hosts.filter((host) => host.severity === 'error').length, 'host limit')}`
    }
  })
  if (!report.ok) return `fails: ${reasons.join('; ')}`
  return `passes (fails at ${report.failOn} and above)${notChecked > 0 ? `; ${counted(notChecked, 'server')} not checked, allowed by --allow-not-checked` : ''}`
}

function renderMarkdown(report: LockReport): string {
  const lines = [`### MCP lock: ${report.ok ? 'passes' : 'fails'}`, '', '| server | status | details |', '| --- | --- | --- |']
  for (const server of report.servers) {
    const details = server.status === 'not-checked' ? whyWords(server) : [packageHeadline(server), server.tools !== undefined ? `${counted(server.tools, 'tool')}, ${(server.tokens ?? 0).toLocaleString('en-US')} tokens` : undefined].filter(Boolean).join('; ')
    lines.push(`| ${cell(server.name)} | ${server.status} | ${cell(details)} |`)
  }
  lines.push('')
  for (const server of report.servers) {
    if (server.status !== 'changed' || server.report === undefined) continue
    lines.push(`#### ${changesHeading(server)}`, '', formatReport(server.report, { format: 'markdown', audience: 'consumer' }).replace(/^### MCP contract: (passes|fails)\n\n/, ''))
  }
  const agents = agentLines(report.agentToolsMissing)
  if (agents.length > 0) lines.push(...agents.map((line) => line.replace(/^ {2}/, '- ')), '')
  lines.push(sizeLine(report), '', `**${verdictLine(report)}**`, '')
  return lines.join('\n')
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
}

function renderJunit(report: LockReport): string {
  const suites: JunitSuite[] = report.servers.map((server) => {
    const cases: JunitCase[] = (server.report?.changes ?? []).map((change) => ({
      classname: `mcp-contract.${server.name}.${change.severity}`,
      name: `${change.kind} ${change.name}`,
      ...(server.report?.failing.includes(change) ? { failure: { message: `${change.severity}: ${change.kind} ${change.name}`, type: change.severity } } : {}),
    }))
    if (server.status === 'not-checked' || server.status === 'added-to-config') {
      const words = server.status === 'not-checked' ? whyWords(server) : 'added to the config, not locked yet'
      cases.push({ classname: `mcp-contract.${server.name}`, name: `${server.name} not checked`, ...(report.allowNotChecked ? {} : { failure: { message: words, type: 'not-checked' } }) })
    }
    if (cases.length === 0) cases.push({ classname: `mcp-contract.${server.name}`, name: `${server.name} ${server.status}` })
    return { name: server.name, cases }
  })
  if (report.agentToolsMissing.length > 0) {
    suites.push({ name: 'agent definitions', cases: report.agentToolsMissing.map((reference) => ({ classname: 'mcp-contract.agents', name: `${reference.file}:${reference.line} ${reference.tool}`, failure: { message: `${reference.server ?? ''} does not offer ${reference.tool}`, type: 'breaking' } })) })
  }
  if (report.failures.includes('nothing-checked')) suites.push({ name: 'lock', cases: [{ classname: 'mcp-contract', name: 'servers checked', failure: { message: 'no server was checked', type: 'nothing-checked' } }] })
  return formatJunit('mcp-contract lock', suites)
}

/** The 1-based line of a server's entry in the lock text, or 1. */
function serverLine(name: string, text: string | undefined): number {
  const at = (text ?? '').split('\n').findIndex((line) => line === `      "name": ${JSON.stringify(name)},`)
  return at === -1 ? 1 : at + 1
}

/** Every server not checked and every missing agent tool, as one problem each: where, and in words. */
function problems(report: LockReport, lock: LockLocation): { id: string; level: 'error' | 'warning'; file: string; line: number; text: string }[] {
  const level = report.allowNotChecked ? 'warning' : 'error'
  return [
    ...report.servers
      .filter((server) => server.status === 'not-checked' || server.status === 'added-to-config')
      .map((server) => ({ id: 'lock-server-not-checked', level, file: lock.file, line: serverLine(server.name, lock.text), text: `${server.name} not checked: ${server.status === 'added-to-config' ? 'added to the config, not locked yet' : whyWords(server)}` }) as const),
    ...report.agentToolsMissing.map((reference) => ({ id: 'lock-agent-tool-missing', level: 'error' as const, file: reference.file, line: reference.line, text: `${reference.tool}: ${reference.server ? `the locked server ${reference.server} does not offer it` : 'no locked server offers it'}` })),
  ]
}

function renderSarif(report: LockReport, lock: LockLocation, toolVersion?: string): string {
  const located = report.servers.flatMap((server) => (server.report ? [{ report: server.report, contract: lock }] : []))
  const log = JSON.parse(formatSarifOf(located, toolVersion)) as { runs: { tool: { driver: { rules: { id: string }[] } }; results: unknown[] }[] }
  const run = log.runs[0]
  const rules = [
    { id: 'lock-server-not-checked', shortDescription: { text: 'A server of the client config could not be checked against the lock (gone, needs authorization, did not start, timed out, needs a variable, or not locked yet).' } },
    { id: 'lock-agent-tool-missing', shortDescription: { text: 'An agent definition names a tool that no locked server offers.' } },
  ]
  const first = run.tool.driver.rules.length
  run.tool.driver.rules.push(...rules)
  for (const problem of problems(report, lock)) {
    run.results.push({ ruleId: problem.id, ruleIndex: first + rules.findIndex((rule) => rule.id === problem.id), level: problem.level, message: { text: problem.text }, locations: [{ physicalLocation: { artifactLocation: { uri: problem.file }, region: { startLine: problem.line } } }] })
  }
  return `${JSON.stringify(log, null, 2)}\n`
}

function renderGithub(report: LockReport, lock: LockLocation): string {
  const changes = formatGithubOf(report.servers.flatMap((server) => (server.report ? [{ report: server.report, contract: lock }] : [])))
  const escape = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
  const extra = problems(report, lock).map((problem) => `::${problem.level} file=${escape(problem.file).replace(/:/g, '%3A').replace(/,/g, '%2C')},line=${problem.line},title=${problem.id}::${escape(problem.text)}`)
  const verdict = report.ok ? [] : [`::error title=mcp-contract lock::${escape(verdictLine(report))}`]
  return changes + [...extra, ...verdict].map((line) => `${line}\n`).join('')
}
