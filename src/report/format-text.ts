/**
 * The text report: changes grouped by the entity they touch (a headline, then its changes), a
 * tool's hint changes collapsed into one line, then what was not recorded and a summary line.
 */
import { SEVERITIES, severityRank, type Change, type Severity } from '../diff/change.js'
import type { DiffReport } from '../diff/diff-surfaces.js'
import { counted } from './counted.js'
import { describeChange } from './describe-change.js'
import { comparedByShapeLine, volatileHint, type VolatileAdvice } from './describe-volatile.js'
import { refusalLines } from './describe-refusal.js'
import { versionWarning } from './describe-version.js'
import { textStyles, type TextStyles } from './text-colors.js'
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
}

/**
 * Renders the text report; `color` adds ANSI colour (the CLI decides it with `wantsColor`);
 * `volatileAdvice` says how a value that looks volatile can be detected where the report is read.
 * @example renderText(diffSurfaces(recorded, live), { color: false })
 */
export function renderText(report: DiffReport, options: { color?: boolean; forced?: boolean; volatileAdvice?: VolatileAdvice } = {}): string {
  const style = textStyles(options.color ?? false)
  // Why first: when a client cannot list the surface at all, every change below is moot for it.
  const lines: string[] = refusalLines(report.listingRefused ?? [])
  for (const group of groupByEntity(report.changes)) {
    const first = group[0]
    const subject = describeChange(first).subject
    const entity = first.entity === 'tool' ? `tool ${subject}` : subject
    // Why in the headline: a change one authorization sees must never read as everyone's.
    const headline = first.authorization === undefined ? entity : `${entity} (as ${first.authorization})`
    lines.push(`${style.heading(headline)} · ${countsText(group, style)}${first.outOfScope ? style.quiet('  (out of scope)') : ''}`)
    const rows = rowsOf(group, style, options.volatileAdvice)
    const width = Math.max(...rows.map((row) => row.kind.length))
    for (const row of rows) {
      const severity = style.severity(row.severity, row.severity.padEnd(SEVERITY_WIDTH))
      lines.push(`  ${severity}  ${`${row.kind.padEnd(width)}  ${row.place}`.trimEnd()}`)
      if (row.detail) lines.push(`      ${row.detail}`)
      if (row.text !== undefined) lines.push(`      ${style.quiet('text:')} ${row.text}`)
      if (row.hint) lines.push(`      ${style.quiet(`hint: ${row.hint}`)}`)
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
  if (report.changes.length === 0) return `no changes — ${verdict}`
  return [counted(report.changes.length, 'change'), ...counts].join(' · ') + ` — ${verdict}`
}

/**
 * Changes grouped by the entity they touch, each group sorted by severity; groups ordered by
 * their most serious change, then as the diff listed them.
 */
function groupByEntity(changes: readonly Change[]): Change[][] {
  const groups = new Map<string, Change[]>()
  for (const change of changes) {
    const key = `${change.entity}\0${change.name}\0${change.authorization ?? ''}`
    groups.set(key, [...(groups.get(key) ?? []), change])
  }
  const bySeverity = (a: Change, b: Change) => severityRank(a.severity) - severityRank(b.severity)
  const sorted = [...groups.values()].map((group) => [...group].sort(bySeverity))
  return sorted.sort((a, b) => bySeverity(a[0], b[0]))
}

/** `2 breaking, 1 additive`: a group's changes counted by severity. */
function countsText(group: readonly Change[], style: TextStyles): string {
  return SEVERITIES.map((severity) => [severity, group.filter((change) => change.severity === severity).length] as const)
    .filter(([, count]) => count > 0)
    .map(([severity, count]) => style.severity(severity, `${count} ${severity}`))
    .join(', ')
}

/** A group's rows: one per change, except that two or more hint changes share one row where the first stood. */
function rowsOf(group: readonly Change[], style: TextStyles, advice: VolatileAdvice | undefined): Row[] {
  const hints = group.filter((change) => change.kind in HINT_KINDS)
  const collapse = hints.length > 1
  const rows: Row[] = []
  for (const change of group) {
    if (collapse && change.kind in HINT_KINDS) {
      if (change !== hints[0]) continue
      const moves = hints.map((hint) => `${describeChange(hint).what} (${HINT_KINDS[hint.kind]})`)
      rows.push({ severity: hints[0].severity, kind: 'hints', place: moves.join(' · ') })
      continue
    }
    const { place, what, effect } = describeChange(change)
    const hint = volatileHint(change, advice)
    const diff = proseDiff(change)
    rows.push({
      severity: change.severity,
      kind: change.kind,
      place,
      detail: [what, effect].filter(Boolean).join('; '),
      ...(diff !== undefined ? { text: diffText(diff, style) } : {}),
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
