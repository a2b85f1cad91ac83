import { comparedByShapeLine, volatileHint, type VolatileAdvice } from './describe-volatile.js'
import type { Change, Severity } from '../diff/change.js'
import { collapseRuns, isRun } from './collapse-runs.js'
import { counted } from './counted.js'
import type { DiffReport } from '../diff/diff-surfaces.js'
import { kindById } from '../diff/registry.js'
import type { VersionAdvice } from '../diff/version-advice.js'
import { versionWarning } from './describe-version.js'
import { renderPath } from '../surface/render-path.js'
import type { Json } from '../surface/types.js'
import { changeSentence, describeChange } from './describe-change.js'
import { refusalLines } from './describe-refusal.js'
import { formatGithub, formatSarif, type ContractLocation } from './format-ci.js'
import { formatJunit, type JunitCase } from './format-junit.js'
import { renderText, summaryLine, type Audience } from './format-text.js'
import { securityFirst } from './security-first.js'
import type { ReportFormat } from './report-formats.js'
import { proseDiff, type DiffRun } from './word-diff.js'

export { REPORT_FORMATS, type ReportFormat } from './report-formats.js'

/**
 * Renders a diff report. `text` groups changes by tool (or prompt, resource, server) and says what
 * each does to a caller, in colour only when `color` is true (never in any other format);
 * `json` is the stable machine format (see ARCHITECTURE.md); `markdown` suits PR comments;
 * `junit` suits CI dashboards; `sarif` (code scanning) and `github` (workflow commands) point each
 * change at its line in the contract file `contract` names (default `mcp-contract.json`, line 1);
 * `toolVersion` (this package's version) goes into SARIF's `driver.version` and rule help links;
 * `forced` (text only) ends a failing report with what `snapshot --force` recorded over;
 * `volatileAdvice` (text and json) says in a hint how a value that looks volatile is detected where the report is read;
 * `audience: 'consumer'` is for a reader who uses the server and does not build it (`--used-by`):
 * no release advice, and each breaking tool says what it does to the reader's agent.
 * @example console.log(formatReport(diffSurfaces(recorded, live), { format: 'text' }))
 */
export function formatReport(given: DiffReport, options: { format?: ReportFormat; contract?: ContractLocation; color?: boolean; toolVersion?: string; forced?: boolean; volatileAdvice?: VolatileAdvice; audience?: Audience } = {}): string {
  const contract = options.contract ?? { file: 'mcp-contract.json' }
  // Why only JSON keeps the version for a consumer: which release the server needed is the provider's advice; the figures stay for tools.
  const report = options.audience === 'consumer' && options.format !== 'json' ? { ...given, version: undefined } : given
  switch (options.format ?? 'text') {
    case 'sarif':
      return formatSarif(report, contract, options.toolVersion)
    case 'github':
      return formatGithub(report, contract)
    case 'json':
      return `${JSON.stringify(toJsonReport(report, options.volatileAdvice), null, 2)}\n`
    case 'markdown':
      return renderMarkdown(report)
    case 'junit':
      return renderJunit(report)
    default:
      return renderText(report, { color: options.color, forced: options.forced, volatileAdvice: options.volatileAdvice, audience: options.audience })
  }
}

/** The JSON report's shape; field names are stable. */
export interface JsonReport {
  ok: boolean
  failOn: Severity
  /** The changes by severity; with a consumer scope (`--used`, `--used-by`), only those in scope. */
  summary: Record<Severity, number>
  /** With a consumer scope: the changes out of scope by severity (each is in `changes` with `outOfScope: true`). */
  outOfScope?: Record<Severity, number>
  changes: {
    kind: string
    severity: Severity
    entity: string
    name: string
    direction?: string
    path: string
    message: string
    /**
     * The value before and after, as JSON values (a text, a number, a schema object), never JSON
     * text inside a string. Both are present when either side has a value and on every change
     * that moves a value; `null` for a side that had none.
     */
    before?: Json | null
    after?: Json | null
    /**
     * On schema changes: how the set of valid values moved at `path` — `widened`, `narrowed`,
     * `incomparable`, `equal` or `unknown` (not decided); the severity maps it by `direction`.
     */
    relation?: string
    outOfScope?: boolean
    /** On `profile-violation-*` changes: the profile and the rule. */
    profile?: string
    rule?: string
    /** The named authorization (`--as admin`) whose view changed; absent for the unnamed one. */
    authorization?: string
    /**
     * On `server-token-budget-exceeded` (whose `before` and `after` are the tool list's token
     * counts): the limits of the policy's `tokenBudget` it crossed, what counted the tokens, and
     * the tools that grew most (a new tool by all of its count), largest first, and the live
     * list's costliest tools (the markdown report's "largest tools" table).
     */
    tokenBudget?: { growth?: number; max?: number; tokenizer: string; grown: { name: string; tokens: number }[]; largest: { name: string; tokens: number }[] }
    /** When the value only looks like a clock or a random id moving: how to mark it volatile. */
    hint?: string
    /**
     * The security cues the new text introduced (`instruction`, `concealment`, `destination`,
     * `secret`, `hidden-characters`, `shadowing`, `exfiltration`), each with the evidence found;
     * absent when none. Such a change is at least the policy's `cueSeverity` (risky by default).
     */
    cues?: { cue: string; evidence: string }[]
    /** On a changed description, title or instructions that introduced no cue: the edit is wording only. */
    wordingOnly?: true
  }[]
  notRecorded: DiffReport['notRecorded']
  /** Lists a profile's client refuses whole; present only when there is one. */
  listingRefused?: NonNullable<DiffReport['listingRefused']>
  /** The release the changes need, and whether the live version was bumped too little for them. */
  version?: VersionAdvice
  /** The volatile values compared by their shape rather than their value (path, type, format or pattern); present when any was. */
  comparedByShape?: NonNullable<DiffReport['comparedByShape']>
  /** Changed values that look like a clock or a random id and are not marked volatile (path and shape); present when any is. */
  looksVolatile?: NonNullable<DiffReport['looksVolatile']>
}

/** The report as the plain object `--format json` prints. */
export function toJsonReport(report: DiffReport, volatileAdvice?: VolatileAdvice): JsonReport {
  return {
    ok: report.ok,
    failOn: report.failOn,
    summary: report.summary,
    ...(report.outOfScope !== undefined ? { outOfScope: report.outOfScope } : {}),
    changes: report.changes.map((change) => ({
      kind: change.kind,
      severity: change.severity,
      entity: change.entity,
      name: change.name,
      ...(change.direction ? { direction: change.direction } : {}),
      path: renderPath(change.path),
      message: changeSentence(change),
      // Why both sides whenever one is there: a reader of the JSON should not have to know which side may be absent.
      ...(change.before !== undefined || change.after !== undefined || movesValue(change) ? { before: jsonValue(change.before), after: jsonValue(change.after) } : {}),
      ...(change.relation ? { relation: change.relation } : {}),
      ...(change.outOfScope ? { outOfScope: true } : {}),
      ...(change.profile ? { profile: change.profile, rule: change.rule } : {}),
      ...(change.authorization !== undefined ? { authorization: change.authorization } : {}),
      // Why this kind's details and no other's: the others' are words for the message, these are figures a dashboard reads.
      ...(change.kind === 'server-token-budget-exceeded' ? { tokenBudget: change.details as NonNullable<JsonReport['changes'][number]['tokenBudget']> } : {}),
      ...hintOf(change, volatileAdvice),
      ...(change.cues !== undefined && change.cues.length > 0 ? { cues: change.cues.map(({ cue, evidence }) => ({ cue, evidence })) } : {}),
      ...(change.wordingOnly ? { wordingOnly: true as const } : {}),
    })),
    notRecorded: report.notRecorded,
    ...(report.listingRefused ? { listingRefused: report.listingRefused } : {}),
    ...(report.version ? { version: report.version } : {}),
    ...(report.comparedByShape ? { comparedByShape: report.comparedByShape } : {}),
    ...(report.looksVolatile ? { looksVolatile: report.looksVolatile } : {}),
  }
}

function hintOf(change: DiffReport['changes'][number], advice: VolatileAdvice | undefined): { hint?: string } {
  const hint = volatileHint(change, advice)
  return hint === undefined ? {} : { hint }
}

/** A side's value as the JSON report prints it: the value itself, `null` for no value. */
function jsonValue(value: Json | undefined): Json | null {
  return value === undefined ? null : value
}

function movesValue(change: DiffReport['changes'][number]): boolean {
  return kindById(change.kind).movesValue === true
}

function renderMarkdown(report: DiffReport): string {
  const refused = refusalLines(report.listingRefused ?? [])
  const byShape = comparedByShapeLine(report)
  const lines = [`### MCP contract: ${report.ok ? 'passes' : 'fails'}`, '', ...(refused.length > 0 ? [...refused.map((line) => `> ${line.trim()}`), ''] : []), summaryLine(report), ...(byShape !== undefined ? ['', byShape] : []), '']
  const warning = versionWarning(report.version)
  if (warning !== undefined) lines.push(`> **Version:** ${warning}`, '')
  const inScope = report.changes.filter((change) => !change.outOfScope)
  const outOfScope = report.changes.filter((change) => change.outOfScope)
  const { security, rest } = securityFirst(inScope)
  // Why a table of its own, first: a text that turns an agent on its user must not sit below a reworded title.
  if (security.length > 0) lines.push('**Security**', '', ...markdownTable(security, false), '', ...(rest.length > 0 ? ['**Other changes**', ''] : []))
  if (rest.length > 0) lines.push(...markdownTable(rest), '')
  // Why folded away: with a scope, what the consumer does not use is context for the PR comment, never its verdict.
  if (outOfScope.length > 0) lines.push(`<details><summary>${counted(outOfScope.length, 'change')} out of scope, not judged</summary>`, '', ...markdownTable(outOfScope), '', '</details>', '')
  const texts = inScope.flatMap((change) => {
    const diff = proseDiff(change)
    return diff === undefined ? [] : [`- ${codeSpan(describeChange(change).location)} ${describeChange(change).what}: ${diffMarkdown(diff)}`]
  })
  if (texts.length > 0) lines.push('**Changed texts** (~~removed~~ **added**)', '', ...texts, '')
  lines.push(...largestToolLines(report))
  if (report.notRecorded.length > 0) {
    lines.push('**Not recorded**', '')
    for (const place of report.notRecorded) lines.push(`- ${cell(`${place.name}${place.path ? ` → ${place.path}` : ''}`)}: ${cell(place.reason)}`)
    lines.push('')
  }
  return `${lines.join('\n')}`
}

/**
 * A word diff in GitHub markdown: every run a code span, so nothing in a server's text is read as
 * markdown, HTML, a link, a mention or an emoji; removed runs struck through, added runs bold.
 */
function diffMarkdown(runs: readonly DiffRun[]): string {
  if (runs.length === 0) return '_only whitespace changed_'
  const mark: Record<DiffRun['op'], (text: string) => string> = {
    same: codeSpan,
    removed: (text) => `~~${codeSpan(text)}~~`,
    added: (text) => `**${codeSpan(text)}**`,
    clipped: (text) => text,
  }
  return runs.map((run) => mark[run.op](run.text)).join('')
}

/**
 * A code span that shows `text` exactly: a fence longer than any run of backticks inside, and a
 * space on each side where CommonMark would strip one or a backtick would touch the fence.
 * Why code spans: GitHub makes links, mentions and emoji of plain text, even escaped; never inside code.
 */
function codeSpan(text: string): string {
  const fence = '`'.repeat(Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length)) + 1)
  const pad = /^`|`$/.test(text) || (/^ [^]*[^ ][^]* $/.test(text)) ? ' ' : ''
  return `${fence}${pad}${text}${pad}${fence}`
}

/**
 * Where a token budget is crossed: the live list's costliest tools, each with its share of the
 * list. Why share and not a target: a description is trimmed where its tokens buy nothing; what the
 * model needs to choose and call a tool stays (a budget must not push a description below use).
 */
function largestToolLines(report: DiffReport): string[] {
  const change = report.changes.find((candidate) => candidate.kind === 'server-token-budget-exceeded')
  const largest = Array.isArray(change?.details?.largest) ? (change.details.largest as { name: string; tokens: number }[]) : []
  if (change === undefined || largest.length === 0) return []
  const total = Number(change.after)
  const rows = largest.map((tool) => `| ${cell(tool.name)} | ${tool.tokens.toLocaleString('en-US')} | ${total > 0 ? Math.round((tool.tokens / total) * 100) : 0}% |`)
  return [
    `**Largest tools** (of ${total.toLocaleString('en-US')} tokens in the tool list; trim what the model does not need to choose and call a tool, not what it does)`,
    '',
    '| tool | tokens | share |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ]
}

/** A markdown table of changes, a run of alike changes (`collapseRuns`) on one row. */
function markdownTable(changes: readonly Change[], fold = true): string[] {
  const rows = ['| severity | change | where | what it does to a caller |', '| --- | --- | --- | --- |']
  for (const item of fold ? collapseRuns(changes) : changes) {
    const change = isRun(item) ? item.changes[0] : item
    const { location, what, effect, cues } = describeChange(isRun(item) ? { ...change, name: item.name } : change)
    const where = isRun(item) ? `${location} (${item.changes.length})` : location
    // Why escaped: GitHub renders `<IMPORTANT>` as a tag and shows nothing.
    const label = cues === undefined ? '' : `<br>**${cell(cues).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}**`
    rows.push(`| ${change.severity} | \`${change.kind}\` | ${cell(where)} | ${cell([what, effect].filter(Boolean).join('; '))}${label} |`)
  }
  return rows
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
}

/** JUnit XML: one test case per change; failing changes carry a failure. */
function renderJunit(report: DiffReport): string {
  const cases: JunitCase[] = report.changes.map((change) => ({
    classname: `mcp-contract.${change.severity}`,
    name: `${change.kind} ${describeChange(change).location}`,
    ...(report.failing.includes(change) ? { failure: { message: changeSentence(change), type: change.severity } } : {}),
  }))
  if (cases.length === 0) cases.push({ classname: 'mcp-contract', name: 'surface honors the contract' })
  return formatJunit('mcp-contract', [{ name: 'mcp-contract', cases }])
}
