import { lintSubjects, type LintSource } from './lint-subjects.js'
import { DEFAULT_PROFILES, profileByName } from './profile-registry.js'
import { LIST_METHOD, type LintEntity, type LintSubject, type ProfileRule, type RuleFinding, type RuleSeverity } from './profile-rule.js'

/** One place where an entity breaks a profile rule. */
export interface Violation {
  profile: string
  rule: string
  severity: RuleSeverity
  entity: LintEntity
  name: string
  /** Where in the entity: `inputSchema.type`; empty for the entity as a whole. */
  path: string
  /** What was found, in the client's terms: `type is missing`. */
  detail?: string
  /** True when the profile's client rejects the entity's whole list because of it. */
  refusesListing: boolean
  /** True when what breaks the rule is what the SDK emits for ordinary code, not the user's own choice (the rule's `sdkEmits` says more). */
  sdkEmitted?: boolean
}

/** A list a profile's client cannot read at all, and the rules that make it so. */
export interface ListingRefusal {
  profile: string
  /** The request the client sends: `tools/list`. */
  method: string
  entity: LintEntity
  rules: string[]
  /** The entities that break those rules. */
  names: string[]
}

/** A rule lint left out, and why (a contract file does not record what it needs). */
export interface NotJudged {
  profile: string
  rule: string
  reason: string
}

/** What lint found: violations in profile order, the lists a client refuses whole, what it could not judge. */
export interface LintReport {
  /** True when no violation is an error. */
  ok: boolean
  profiles: string[]
  violations: Violation[]
  refusals: ListingRefusal[]
  notJudged: NotJudged[]
}

/** Where `subject` breaks `rule`: by default what the rule's check finds; a caller that knows the answer may give it. */
export type FindingsOf = (rule: ProfileRule, subject: LintSubject) => readonly RuleFinding[]

const checkSubject: FindingsOf = (rule, subject) => rule.check(subject)

/**
 * Lints a surface against client-acceptance profiles (default: `DEFAULT_PROFILES`). Give the raw
 * surface where you have it: it is what clients see; a recorded surface has been normalized, and
 * rules that need what normalization drops are listed under `notJudged`.
 * @example lintSurface({ raw: await captureRaw(target) }, ['sdk-typescript']).refusals
 */
export function lintSurface(source: LintSource, profiles: readonly string[] = DEFAULT_PROFILES): LintReport {
  return lintSurfaceWith(source, profiles, checkSubject)
}

/**
 * `lintSurface` with the findings of each rule for each subject taken from `findingsOf`. Why: the
 * diff lints two surfaces, and an entity unchanged between them has the findings it had.
 * @example lintSurfaceWith({ surface: live }, profiles, (rule, subject) => known(rule, subject) ?? rule.check(subject))
 */
export function lintSurfaceWith(source: LintSource, profiles: readonly string[], findingsOf: FindingsOf): LintReport {
  return lintSubjectsWith(lintSubjects(source), 'surface' in source, profiles, findingsOf)
}

/**
 * `lintSurfaceWith` over subjects made already (by `lintSubjects`); `fromContract` says whether
 * they come from a recorded surface. Why: the diff makes the subjects of both sides itself, to
 * know each subject's key once and to share the subject of an entity both sides hold.
 * @example lintSubjectsWith(lintSubjects({ raw }), false, ['sdk-typescript'], (rule, subject) => rule.check(subject))
 */
export function lintSubjectsWith(subjects: readonly LintSubject[], fromContract: boolean, profiles: readonly string[], findingsOf: FindingsOf): LintReport {
  // Why by entity: a rule reads only its own entity's subjects, and most subjects are tools.
  const byEntity = new Map<LintEntity, LintSubject[]>()
  for (const subject of subjects) {
    const same = byEntity.get(subject.entity)
    if (same === undefined) byEntity.set(subject.entity, [subject])
    else same.push(subject)
  }
  const violations: Violation[] = []
  const notJudged: NotJudged[] = []
  for (const profileName of profiles) {
    for (const rule of profileByName(profileName).rules) {
      if (fromContract && rule.needsRawSurface) {
        notJudged.push({ profile: profileName, rule: rule.id, reason: rule.needsRawSurface })
        continue
      }
      const push = (name: string, { path, detail, sdkEmitted }: RuleFinding) => {
        const where = { entity: rule.entity, name, path, ...(detail === undefined ? {} : { detail }) }
        violations.push({ profile: profileName, rule: rule.id, severity: rule.severity, ...where, refusesListing: rule.refusesListing === true, ...(sdkEmitted ? { sdkEmitted } : {}) })
      }
      const same = byEntity.get(rule.entity) ?? []
      for (const subject of same) for (const finding of findingsOf(rule, subject)) push(subject.name, finding)
      // Why the list rules read every subject: a count is broken by the list, not by one entity in it.
      if (rule.checkList) for (const { name, ...finding } of rule.checkList(same)) push(name, finding)
    }
  }
  return { ok: violations.every((violation) => violation.severity !== 'error'), profiles: [...profiles], violations, refusals: listingRefusals(violations), notJudged }
}

function listingRefusals(violations: readonly Violation[]): ListingRefusal[] {
  const refusals = new Map<string, ListingRefusal>()
  for (const violation of violations) {
    if (!violation.refusesListing) continue
    const key = `${violation.profile}\0${violation.entity}`
    const refusal = refusals.get(key) ?? { profile: violation.profile, method: LIST_METHOD[violation.entity], entity: violation.entity, rules: [], names: [] }
    if (!refusal.rules.includes(violation.rule)) refusal.rules.push(violation.rule)
    if (!refusal.names.includes(violation.name)) refusal.names.push(violation.name)
    refusals.set(key, refusal)
  }
  return [...refusals.values()]
}
