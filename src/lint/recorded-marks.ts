import type { Surface } from '../surface/types.js'
import type { VerifiedEntries } from '../surface/vouched-entries.js'
import { isEnforced } from './enforced-rules.js'
import type { LintReport, NotJudged, Violation } from './lint-surface.js'
import { MODEL_PROFILES } from './profile-registry.js'
import { brokenWhenSent } from './sent-rule-marks.js'

/**
 * `report` (a lint of a contract file) with what the file's `vouched` digests say each tool broke
 * as the server sent it, for the declared model APIs' rules: a break the recorded form cannot show
 * (a `const` recorded as a one-value enum) becomes a violation; a model API whose rules could not
 * be judged so for some tool (no digest says what was sent for it) is listed under `notJudged`.
 * Why: a contract file is normalized, and a model API refuses what the server sends.
 * @example withRecordedMarks(lintSurface({ surface }, profiles), surface, verified)
 */
export function withRecordedMarks(report: LintReport, surface: Surface, verified: VerifiedEntries | undefined): LintReport {
  const profiles = MODEL_PROFILES.filter((profile) => report.profiles.includes(profile.name))
  const tools = surface.tools ?? []
  if (profiles.length === 0 || tools.length === 0) return report
  const shown = new Set(report.violations.map((violation) => `${violation.profile}\0${violation.rule}\0${violation.name}`))
  const violations: Violation[] = []
  let unknown = 0
  for (const tool of tools) {
    const broke = brokenWhenSent(verified?.get('tools')?.get(tool.name)?.sentMark)
    if (broke === undefined) {
      unknown += 1
      continue
    }
    for (const profile of profiles) {
      for (const rule of profile.rules.filter((each) => each.entity === 'tool' && isEnforced(each))) {
        if (broke(profile.name, rule.id) !== true || shown.has(`${profile.name}\0${rule.id}\0${tool.name}`)) continue
        violations.push({ profile: profile.name, rule: rule.id, severity: rule.severity, entity: 'tool', name: tool.name, path: '', detail: 'as the server sent it when the file was written (the file records it rewritten)', refusesListing: rule.refusesListing === true })
      }
    }
  }
  const notJudged: NotJudged[] =
    unknown === 0
      ? []
      : profiles.map((profile) => ({
          profile: profile.name,
          rule: '(what the server sent)',
          reason: `no digest says what the server sent for ${unknown} of ${tools.length} tools (written before digests did, or not vouched), and a contract file records a const as a one-value enum and an exclusive bound of an integer as an inclusive one`,
        }))
  const all = [...report.violations, ...violations]
  // Why a model API's rule that needs what was sent leaves the list when every tool has its digest: the digests judged it.
  const marked = new Set(profiles.flatMap((profile) => profile.rules.filter(isEnforced).map((rule) => `${profile.name}\0${rule.id}`)))
  const judged = unknown === 0 ? report.notJudged.filter((place) => !marked.has(`${place.profile}\0${place.rule}`)) : report.notJudged
  return { ...report, ok: all.every((violation) => violation.severity !== 'error'), violations: all, notJudged: [...judged, ...notJudged] }
}

/**
 * The declared model APIs whose rules a comparison of two contract files cannot judge in full:
 * what each release sent is not in the files (a `const` is recorded as a one-value enum, an
 * integer's exclusive bound as an inclusive one). Why listed: `diff OLD NEW` must not pass
 * silently on what `check` would fail.
 * @example notJudgedBetweenFiles(['sdk-typescript', 'gemini']) // [{ profile: 'gemini', rule: '(what the server sent)', reason: '…' }]
 */
export function notJudgedBetweenFiles(profiles: readonly string[]): NotJudged[] {
  return MODEL_PROFILES.filter((profile) => profiles.includes(profile.name)).map((profile) => ({
    profile: profile.name,
    rule: '(what the server sent)',
    reason: `what each release sent is not in a contract file (a const is recorded as a one-value enum, an exclusive bound of an integer as an inclusive one, $schema is dropped), so its rules are judged here on the recorded schemas only; check judges what the server sends`,
  }))
}
