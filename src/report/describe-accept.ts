import { severityRank, type Severity } from '../diff/change.js'
import type { DiffReport } from '../diff/diff-surfaces.js'
import { kindById } from '../diff/registry.js'
import { enforcedFindings } from '../lint/enforced-rules.js'
import { lintSubjects } from '../lint/lint-subjects.js'
import { lintSubjectsWith } from '../lint/lint-surface.js'
import { MODEL_PROFILES, profileByName } from '../lint/profile-registry.js'
import { undeclaredModelRefusals, type UndeclaredRefusal } from '../lint/undeclared-models.js'
import type { RawSurface } from '../surface/types.js'
import { refusedTools } from './describe-undeclared.js'

/** What the server sent, for {@link acceptSafety}: the listing, the profiles in force, and whether the recorded side said what was sent. */
export interface SentListing {
  raw: RawSurface
  profiles: readonly string[]
  /**
   * True when the recorded side cannot say what the server sent (a snapshot holds the normalized
   * surface alone): a changed tool that a declared model API refuses as sent is then named here,
   * since no change can say so.
   */
  recordedUnsent?: boolean
}

/**
 * The line a matcher's failure ends with: whether accepting the drift with `-u` is safe. It is
 * when no in-scope change reaches risky and no model API refuses the tool list it would record;
 * a change whose kind says why accepting it is not safe (`acceptRisk`, e.g. a token budget) says
 * that instead of breaking callers, and a change that introduces security cues says to read the new text.
 * @example acceptSafety(report) // 'Accepting it with -u is safe: no caller breaks.'
 */
export function acceptSafety(report: DiffReport, sent?: SentListing): string {
  const notSafe = report.changes.filter((change) => !change.outOfScope && severityRank(change.severity) <= severityRank('risky'))
  const refused = sent === undefined ? [] : modelRefusals(report, sent)
  const refusedWords = refused.map((refusal) => `${refusal.api} refuses (${refusedTools(refusal)})`).join(' and ')
  if (notSafe.length === 0) {
    return refused.length === 0 ? 'Accepting it with -u is safe: no caller breaks.' : `Accepting it with -u breaks no caller of the recorded surface, but records a tool list that ${refusedWords}.`
  }
  const counts = (['breaking', 'risky'] as Severity[]).map((severity) => [severity, notSafe.filter((change) => change.severity === severity).length] as const).filter(([, count]) => count > 0)
  const listed = counts.map(([severity, count]) => `${count} ${severity}`).join(', ')
  // Why its own reason: a text that now carries an instruction breaks no caller's code, yet accepting it unread is what the attack needs.
  const cued = notSafe.filter((change) => change.cues !== undefined && change.cues.length > 0)
  const callers = notSafe.filter((change) => kindById(change.kind).acceptRisk === undefined && !cued.includes(change))
  const own = [...new Set(notSafe.map((change) => kindById(change.kind).acceptRisk).filter((risk): risk is string => risk !== undefined))]
  const reasons = [
    ...(cued.length > 0 ? [`${cued.length === 1 ? '1 change introduces' : `${cued.length} changes introduce`} security cues (listed above) that agents would read as instructions; read the new text before you accept it`] : []),
    ...(callers.length > 0 ? [`callers written against the recorded surface ${callers.some((change) => change.severity === 'breaking') ? 'break' : 'may break'}`] : []),
    ...own.map((risk) => `it ${risk}`),
    ...(refused.length > 0 ? [`it records a tool list that ${refusedWords}`] : []),
  ]
  return `Accepting it with -u is NOT safe (${listed}): ${reasons.join(', and ')}.`
}

/**
 * The model APIs that refuse the tool list as sent and that no change names: with no model
 * profile in force, those that refuse it as well-known clients send it (the stderr warning's);
 * with one in force and `recordedUnsent`, what the declared ones refuse in the tools the drift changed.
 */
function modelRefusals(report: DiffReport, sent: SentListing): UndeclaredRefusal[] {
  const undeclared = undeclaredModelRefusals(sent.raw, sent.profiles)
  if (undeclared.length > 0 || !sent.recordedUnsent) return undeclared
  const changed = new Set(report.changes.filter((change) => change.entity === 'tool' && !change.outOfScope).map((change) => change.name))
  const named = new Set(report.changes.filter((change) => change.kind === 'profile-violation-introduced').map((change) => `${change.name}\0${change.profile}`))
  const declared = sent.profiles.filter((name) => MODEL_PROFILES.some((profile) => profile.name === name))
  const subjects = lintSubjects({ raw: sent.raw }).filter((subject) => subject.entity === 'tool' && changed.has(subject.name))
  const byApi = new Map<string, UndeclaredRefusal>()
  for (const violation of lintSubjectsWith(subjects, false, declared, enforcedFindings).violations) {
    if (violation.severity !== 'error' || named.has(`${violation.name}\0${violation.profile}`)) continue
    const api = profileByName(violation.profile).modelApi?.api ?? violation.profile
    const refusal = byApi.get(api) ?? { api, profile: violation.profile, tools: [] }
    // Why every place of a tool: the snapshot cannot say which of them the drift brought, so none is left out.
    const detail = violation.detail ?? violation.path
    const tool = refusal.tools.find((each) => each.name === violation.name)
    if (tool === undefined) refusal.tools.push({ name: violation.name, detail })
    else if (!tool.detail.split(', ').includes(detail)) tool.detail = `${tool.detail}, ${detail}`
    byApi.set(api, refusal)
  }
  return [...byApi.values()]
}
