import type { LintReport, Violation } from '../lint/lint-surface.js'
import { profileByName, ruleById } from '../lint/profile-registry.js'
import { refusalLines } from './describe-refusal.js'
import { counted } from './counted.js'

/** The formats `mcp-contract lint` prints. */
export type LintFormat = 'text' | 'json'

const ENTITY_LABEL: Record<Violation['entity'], string> = { tool: '', prompt: 'prompt ', resource: 'resource ', resourceTemplate: 'template ' }

/**
 * Renders a lint report. `text`: the lists a client refuses whole first, then per profile each
 * broken rule with its sentence, what the SDK emits when that is the cause, its source and where
 * it is broken (each place the SDK's doing marked so), then a summary line; `json`:
 * the report object (field names are stable), each violation with its rule's `source` ({ title, url }).
 * @example process.stdout.write(formatLint(lintSurface({ raw }), { format: 'text' }))
 */
export function formatLint(report: LintReport, options: { format?: LintFormat } = {}): string {
  if (options.format === 'json') {
    // Why each finding carries its rule's source: the text output cites it, and a JSON reader has no registry.
    const violations = report.violations.map((violation) => ({ ...violation, source: ruleById(violation.profile, violation.rule).source }))
    return `${JSON.stringify({ ...report, violations }, null, 2)}\n`
  }
  const lines = refusalLines(report.refusals)
  if (lines.length > 0) lines.push('')
  for (const profileName of report.profiles) {
    const profile = profileByName(profileName)
    const mine = report.violations.filter((violation) => violation.profile === profileName)
    if (profileName !== report.profiles[0]) lines.push('')
    lines.push(`${profile.name} — ${profile.title}`)
    if (profile.modelApi && mine.length > 0) lines.push(`  judges ${profile.modelApi.judges}`)
    if (profile.hostClient && mine.length > 0) lines.push(`  when an error rule is broken, ${profile.hostClient.effect}`)
    if (mine.length === 0) lines.push('  no rule broken')
    for (const rule of profile.rules) {
      const broken = mine.filter((violation) => violation.rule === rule.id)
      if (broken.length === 0) continue
      const emitted = broken.filter((violation) => violation.sdkEmitted).length
      lines.push(`  ${rule.severity} ${rule.id} (${broken.length}${emitted > 0 ? `, ${emitted === broken.length ? 'all' : emitted} emitted by the SDK` : ''})`, `      ${rule.message}`)
      // Why: what the SDK emits for ordinary code is not the user's to fix; say so before the places.
      if (emitted > 0) lines.push(`      emitted by the SDK: ${rule.sdkEmits}`)
      if (rule.fix) lines.push(`      instead: ${rule.fix}`)
      lines.push(`      source: ${rule.source.title} <${rule.source.url}>`)
      for (const violation of broken) lines.push(`    ${where(violation)}${violation.detail ? `: ${violation.detail}` : ''}${violation.sdkEmitted ? ' (emitted by the SDK)' : ''}`)
    }
  }
  if (report.notJudged.length > 0) {
    lines.push('', `not judged from a contract file (${report.notJudged.length}); lint the live server for these`)
    for (const place of report.notJudged) lines.push(`  ${place.profile} ${place.rule}: ${place.reason}`)
  }
  lines.push(lintSummary(report))
  return `${lines.join('\n')}\n`
}

/**
 * What `show`, `snapshot` and `check` print to stderr when the surface breaks an error rule of a
 * profile: the lists a client refuses whole, one line per broken rule, and how to see more.
 * Empty when no error rule is broken.
 */
export function lintWarnings(report: LintReport): string {
  const errors = report.violations.filter((violation) => violation.severity === 'error')
  if (errors.length === 0) return ''
  const lines = refusalLines(report.refusals)
  const rules = new Map<string, Violation[]>()
  for (const violation of errors) rules.set(`${violation.profile} ${violation.rule}`, [...(rules.get(`${violation.profile} ${violation.rule}`) ?? []), violation])
  for (const [rule, broken] of rules) {
    const names = [...new Set(broken.map((violation) => `${ENTITY_LABEL[violation.entity]}${violation.name}`))]
    lines.push(`${rule}: ${names.slice(0, 5).join(', ')}${names.length > 5 ? `, and ${names.length - 5} more` : ''}`)
  }
  lines.push('`mcp-contract lint` shows each rule, its source and where it is broken')
  return lines.map((line) => `mcp-contract: warning: ${line}\n`).join('')
}

/**
 * One line: errors and warnings, and whether lint fails.
 * @example '13 errors · 1 warning in 2 profiles — fails'
 * @example '0 errors · 4 warnings (4 emitted by the SDK, not by your code) in 2 profiles — passes'
 */
export function lintSummary(report: LintReport): string {
  const errors = report.violations.filter((violation) => violation.severity === 'error').length
  const warnings = report.violations.length - errors
  const emitted = report.violations.filter((violation) => violation.sdkEmitted).length
  const fromSdk = emitted === 0 ? '' : ` (${emitted} emitted by the SDK, not by your code)`
  return `${counted(errors, 'error')} · ${counted(warnings, 'warning')}${fromSdk} in ${counted(report.profiles.length, 'profile')} — ${report.ok ? 'passes' : 'fails'}`
}

function where(violation: Violation): string {
  return `${ENTITY_LABEL[violation.entity]}${violation.name}${violation.path ? ` → ${violation.path}` : ''}`
}
