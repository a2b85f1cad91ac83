/**
 * The text report: changes grouped by the entity they touch (a headline, then its changes), a
 * tool's hint changes collapsed into one line, then what was not recorded and a summary line.
 */
import { SEVERITIES, severityRank, type Change, type Severity } from '../diff/change.js'
import type { DiffReport } from '../diff/diff-surfaces.js'
import { collapseRuns, isRun, type ChangeRun } from './collapse-runs.js'
import { counted } from './counted.js'
import { describeChange } from './describe-change.js'
import { comparedByShapeLine, volatileHint, type VolatileAdvice } from './describe-volatile.js'
import { refusalLines } from './describe-refusal.js'
import { versionWarning } from './describe-version.js'
import { textStyles, type TextStyles } from './text-colors.js'
import { securityFirst } from './security-first.js'
import { proseDiff, type DiffRun } from './word-diff.js'

/** The kinds of a behaviour hint change; two or more on one tool read as one line. */
const HINT_KINDS: Record<string, string> = { 'hint-reversed': 'reversed', 'hint-relaxed': 'relaxed' }

/** One line of a group: a change, or a tool's hint changes collapsed. */
interface Row {
  severity: Severity
  kind: string
  place: string
  /** The line under the row (what, then effect); absent on a collapsed hint row, which says it all in one. */
  detail?: string
  /** The changed text as a word diff, clipped around the changes; on a change to prose an agent reads. */
  text?: string
  /** A second line: how to mark a value that only changed by itself (a clock, a random id). */
  hint?: string
  /** A line with the security cues the new text introduced, evidence quoted. */
  cues?: string
}

/**
 * Renders the text report; `color` adds ANSI colour (the CLI decides it with `wantsColor`);
 * `volatileAdvice` says how a value that looks volatile can be detected where the report is read.
 * @example renderText(diffSurfaces(recorded, live), { color: false })
 */
export function renderText(report: DiffReport, options: { color?: boolean; forced?: boolean; volatileAdvice?: VolatileAdvice; audience?: Audience } = {}): string {
  const style = textStyles(options.color ?? false)
  // Why first: when a client cannot list the surface at all, every change below is moot for it.
  const lines: string[] = refusalLines(report.listingRefused ?? [])
  const inScope = report.changes.filter((change) => !change.outOfScope)
  const outOfScope = report.changes.filter((change) => change.outOfScope)
  // Why first: a text that turns an agent on its user, or a tool that now writes, matters before any
  // caller's code. Why never folded into runs: each change carries its own evidence.
  const { security, rest } = securityFirst(inScope)
  if (security.length > 0) {
    const groups = groupByEntity(security, false)
    lines.push(`${style.heading('security')} · ${countsText(groups.flat(), style)}`)
    const rows = groups.flatMap((group) => {
      const rows = rowsOf(group, style, options.volatileAdvice, true)
      // Why on the entity's first row: the security group has no headline per entity to carry it.
      return options.audience === 'consumer' ? rows.map((row, index) => (index === 0 ? { ...row, place: `${row.place}${consumerEffect(group)}` } : row)) : rows
    })
    pushRows(lines, rows, style)
  }
  for (const group of groupByEntity(rest)) {
    lines.push(headlineOf(group, style) + (options.audience === 'consumer' ? consumerEffect(group) : ''))
    pushRows(lines, rowsOf(group, style, options.volatileAdvice), style)
  }
  // Why one line per severity: with a scope, what the consumer does not use is context, never the verdict.
  if (outOfScope.length > 0) {
    lines.push(style.quiet(`out of scope, not judged (${counted(outOfScope.length, 'change')}; --format json lists each):`))
    const groups = groupByEntity(outOfScope)
    for (const severity of SEVERITIES) {
      const entries = groups.flatMap((group) => group.filter((entry) => entry.change.severity === severity))
      if (entries.length === 0) continue
      const count = entries.reduce((sum, entry) => sum + (entry.run?.changes.length ?? 1), 0)
      const subjects = [...new Set(entries.map((entry) => subjectOf(entry)))]
      lines.push(`  ${style.severity(severity, `${count} ${severity}`.padEnd(SEVERITY_WIDTH + 4))}  ${subjects.join(', ')}`)
    }
  }
  if (report.notRecorded.length > 0) {
    lines.push(style.heading(`not recorded (${report.notRecorded.length})`))
    for (const place of report.notRecorded) {
      const where = [place.entity === 'tool' ? '' : `${place.entity} `, place.name, place.path ? ` → ${place.path}` : ''].join('')
      lines.push(`  ${where}`, `      ${place.reason}`)
    }
  }
  const byShape = comparedByShapeLine(report)
  if (byShape !== undefined) lines.push(byShape)
  lines.push(summaryLine(report, style, options.forced))
  const warning = versionWarning(report.version)
  if (warning !== undefined) lines.push(style.severity('breaking', `version: ${warning}`))
  return `${lines.join('\n')}\n`
}

/** Prints a group's rows, kinds aligned: the row, then what and its effect, the cues, a hint. */
function pushRows(lines: string[], rows: readonly Row[], style: TextStyles): void {
  const width = Math.max(...rows.map((row) => row.kind.length))
  for (const row of rows) {
    const severity = style.severity(row.severity, row.severity.padEnd(SEVERITY_WIDTH))
    lines.push(`  ${severity}  ${`${row.kind.padEnd(width)}  ${row.place}`.trimEnd()}`)
    if (row.detail) lines.push(`      ${row.detail}`)
    if (row.cues) lines.push(`      ${style.severity(row.severity, row.cues)}`)
    if (row.text !== undefined) lines.push(`      ${style.quiet('text:')} ${row.text}`)
    if (row.hint) lines.push(`      ${style.quiet(`hint: ${row.hint}`)}`)
  }
}

/** A group's headline: the entity (a run's names as a range), then its changes counted by severity. */
function headlineOf(group: readonly Entry[], style: TextStyles): string {
  const first = group[0].change
  const entity = subjectOf(group[0])
  // Why in the headline: a change one authorization sees must never read as everyone's.
  return `${style.heading(first.authorization === undefined ? entity : `${entity} (as ${first.authorization})`)} · ${countsText(group, style)}`
}

/** Who reads a report: the server's own team (the default), or a consumer of a server it does not build. */
export type Audience = 'provider' | 'consumer'

/**
 * For a consumer, what a group's breaking change does to its agent: ` — your agent's calls to add fail`.
 * Why only on breaking groups: the rest leaves every call the agent makes working.
 */
function consumerEffect(group: readonly Entry[]): string {
  const first = group[0].change
  const breaking = group.filter((entry) => entry.change.severity === 'breaking').map((entry) => entry.change)
  const name = group[0].run?.name ?? first.name
  // Why only these: a reversed hint or a changed output breaks no call; their reason lines say what they do.
  if (breaking.some((change) => change.direction !== 'output' && change.kind !== 'hint-reversed')) {
    const what: Partial<Record<Change['entity'], string>> = { tool: `calls to ${name}`, prompt: `requests for prompt ${name}`, resource: `reads of ${name}`, resourceTemplate: `reads through ${name}` }
    return what[first.entity] === undefined ? '' : ` — your agent's ${what[first.entity]} fail`
  }
  if (first.entity === 'tool' && breaking.some((change) => change.direction === 'output')) return ` — what your agent reads from ${name} changed`
  return ''
}

/** The entity an entry is about, as a headline names it: `tool search`, `prompt summarize`, a run's names as a range. */
function subjectOf({ change, run }: Entry): string {
  const subject = describeChange(run === undefined ? change : { ...change, name: run.name }).subject
  return change.entity === 'tool' ? `tool ${subject}` : subject
}

/** `1 breaking change`, `2 risky changes`, or `3 changes at risky and above` when their severities differ. */
function failingCount(report: DiffReport): string {
  const severities = new Set(report.failing.map((change) => change.severity))
  const [only] = severities
  return severities.size === 1 ? counted(report.failing.length, `${only} change`) : `${counted(report.failing.length, 'change')} at ${report.failOn} and above`
}

const SEVERITY_WIDTH = Math.max(...SEVERITIES.map((severity) => severity.length))

/**
 * One line: how many changes of each severity, and whether the check fails (with `forced`, what
 * `snapshot --force` recorded over instead).
 * @example '3 changes · 2 breaking · 1 routing — fails at risky and above'
 */
export function summaryLine(report: DiffReport, style: TextStyles = textStyles(false), forced = false): string {
  const counts = SEVERITIES.filter((severity) => report.summary[severity] > 0).map((severity) => style.severity(severity, `${report.summary[severity]} ${severity}`))
  // Why: snapshot --force records what would fail; "fails at …" above "recorded" would read as a refusal.
  const verdict = style.verdict(report.ok, report.ok ? `passes (fails at ${report.failOn} and above)` : forced ? `recorded over ${failingCount(report)} (--force)` : `fails at ${report.failOn} and above`)
  if (report.outOfScope !== undefined) {
    // Why in scope first: with a scope the verdict is about what the consumer uses; the rest is counted, not judged.
    const inScope = SEVERITIES.reduce((sum, severity) => sum + report.summary[severity], 0)
    const elsewhere = report.changes.length - inScope
    const scoped = inScope === 0 ? 'no changes in scope' : `${[counted(inScope, 'change'), ...counts].join(' · ')} in scope`
    return `${scoped}; ${elsewhere} elsewhere — ${verdict}`
  }
  if (report.changes.length === 0) return `no changes — ${verdict}`
  return [counted(report.changes.length, 'change'), ...counts].join(' · ') + ` — ${verdict}`
}

/** A change as the text report lists it: alone, or the first of a folded run (`collapseRuns`). */
interface Entry {
  change: Change
  run?: ChangeRun
}

/**
 * Changes grouped by the entity they touch (a folded run is one group, unless `fold` is false),
 * each group sorted by severity; groups ordered by their most serious change, then as the diff listed them.
 */
function groupByEntity(changes: readonly Change[], fold = true): Entry[][] {
  const groups = new Map<string, Entry[]>()
  for (const item of fold ? collapseRuns(changes) : changes) {
    const entry: Entry = isRun(item) ? { change: item.changes[0], run: item } : { change: item }
    const key = `${entry.change.entity}\0${entry.run?.name ?? entry.change.name}\0${entry.change.authorization ?? ''}`
    groups.set(key, [...(groups.get(key) ?? []), entry])
  }
  const bySeverity = (a: Entry, b: Entry) => severityRank(a.change.severity) - severityRank(b.change.severity)
  const sorted = [...groups.values()].map((group) => [...group].sort(bySeverity))
  return sorted.sort((a, b) => bySeverity(a[0], b[0]))
}

/** `2 breaking, 1 additive`: a group's changes counted by severity (a run by its every change). */
function countsText(group: readonly Entry[], style: TextStyles): string {
  return SEVERITIES.map((severity) => [severity, group.filter((entry) => entry.change.severity === severity).reduce((sum, entry) => sum + (entry.run?.changes.length ?? 1), 0)] as const)
    .filter(([, count]) => count > 0)
    .map(([severity, count]) => style.severity(severity, `${count} ${severity}`))
    .join(', ')
}

/**
 * A group's rows: one per change, except that two or more hint changes share one row where the
 * first stood; `named` puts the entity in each row (the security group mixes entities).
 */
function rowsOf(group: readonly Entry[], style: TextStyles, advice: VolatileAdvice | undefined, named = false): Row[] {
  const hints = group.map((entry) => entry.change).filter((change) => change.kind in HINT_KINDS)
  const collapse = hints.length > 1
  const rows: Row[] = []
  for (const { change, run } of group) {
    if (collapse && change.kind in HINT_KINDS) {
      if (change !== hints[0]) continue
      const moves = hints.map((hint) => `${describeChange(hint).what} (${HINT_KINDS[hint.kind]})`)
      rows.push({ severity: hints[0].severity, kind: 'hints', place: `${named ? `${describeChange(change).subject}: ` : ''}${moves.join(' · ')}` })
      continue
    }
    const { place, location, what, effect, cues } = describeChange(change)
    const hint = volatileHint(change, advice)
    // Why one change only: a run's texts differ, and one diff would speak for all of them.
    const diff = run === undefined ? proseDiff(change) : undefined
    rows.push({
      severity: change.severity,
      kind: change.kind,
      place: run !== undefined ? `${run.changes.length} alike` : named ? location : place,
      detail: [what, effect].filter(Boolean).join('; '),
      ...(diff !== undefined ? { text: diffText(diff, style) } : {}),
      ...(cues !== undefined ? { cues } : {}),
      ...(hint !== undefined ? { hint } : {}),
    })
  }
  return rows
}

/**
 * A word diff on one line: `Find items {+by text+}.`, with `[-removed-]` words, `…` where words
 * were left out, and a note when only whitespace changed.
 */
export function diffText(runs: readonly DiffRun[], style: TextStyles): string {
  if (runs.length === 0) return style.quiet('only whitespace changed')
  const paint: Record<DiffRun['op'], (text: string) => string> = { same: (text) => text, removed: style.removed, added: style.added, clipped: style.quiet }
  return runs.map((run) => paint[run.op](run.text)).join('')
}
