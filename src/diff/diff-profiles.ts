import { enforcedFindings, isVouchedProfile } from '../lint/enforced-rules.js'
import { lintSubjects } from '../lint/lint-subjects.js'
import { lintSubjectsWith, type FindingsOf, type ListingRefusal, type Violation } from '../lint/lint-surface.js'
import { entityKey, profileChanges } from '../lint/profile-changes.js'
import { profileByName } from '../lint/profile-registry.js'
import { brokenWhenSent } from '../lint/sent-rule-marks.js'
import type { LintSubject, ProfileRule, RuleFinding } from '../lint/profile-rule.js'
import type { VerifiedEntries } from '../surface/vouched-entries.js'
import type { ListName, RawSurface, Surface } from '../surface/types.js'
import type { Detected } from './detected.js'
import { jsonEqual } from './json-equal.js'

/** A list a profile's client refuses whole, on the recorded or the live side. */
export interface SideRefusal extends ListingRefusal {
  side: 'recorded' | 'live'
}

/**
 * Lints both surfaces against the policy's profiles: which rules an entity started or stopped
 * breaking (as changes), and which lists a profile's client cannot read at all on either side.
 * Why in the diff: a change can be additive by JSON Schema and still make every client refuse.
 */
export function diffProfiles(recorded: Surface, live: Surface, profiles: readonly string[]): { detected: Detected[]; refusals: SideRefusal[] } {
  if (profiles.length === 0) return { detected: [], refusals: [] }
  // Why the recorded findings kept: an entity the live surface lists unchanged breaks exactly the
  // rules it broke, so each entity is checked once (most of a check's entities are unchanged).
  // Why only rules that refuse a listing for such an entity: its other findings are the same on both
  // sides and make no change; only a refused list is reported from one side's findings alone.
  const unchanged = unchangedKeys(recorded, live)
  // Why the subjects made here: each subject's key is worked out once, not once per rule, and a
  // live entity that is the recorded object itself (a vouched entry reused) shares its subject.
  const made = new Map<object, LintSubject>()
  const beforeSubjects = lintSubjects({ surface: recorded }, made)
  const afterSubjects = lintSubjects({ surface: live }, made)
  const keys = new Map<LintSubject, string>()
  for (const subject of [...beforeSubjects, ...afterSubjects]) {
    const key = entityKey(subject)
    if (unchanged.has(key)) keys.set(subject, key)
  }
  const known = new Map<ProfileRule, Map<string, readonly RuleFinding[]>>()
  const remember: FindingsOf = (rule, subject) => {
    const key = keys.get(subject)
    if (key === undefined) return rule.check(subject)
    if (rule.refusesListing !== true) return []
    const findings = rule.check(subject)
    const byEntity = known.get(rule) ?? new Map<string, readonly RuleFinding[]>()
    known.set(rule, byEntity.set(key, findings))
    return findings
  }
  const before = lintSubjectsWith(beforeSubjects, true, profiles, remember)
  const reuse: FindingsOf = (rule, subject) => {
    const key = keys.get(subject)
    if (key === undefined) return rule.check(subject)
    return rule.refusesListing === true ? (known.get(rule)?.get(key) ?? rule.check(subject)) : []
  }
  const after = lintSubjectsWith(afterSubjects, true, profiles, reuse)
  const liveEntities = new Set(liveKeys(live))
  // Why sorted by entity: each entity's rules read together, as the other changes of an entity do.
  const changes = profileChanges(before.violations, after.violations, liveEntities).sort((a, b) => compareKeys(entityKey(a.violation), entityKey(b.violation)))
  const detected = changes.map(
    ({ change, violation }): Detected => ({
      kind: change === 'introduced' ? 'profile-violation-introduced' : 'profile-violation-fixed',
      entity: violation.entity,
      name: violation.name,
      path: [],
      profile: violation.profile,
      rule: violation.rule,
      details: violationDetails(violation),
    }),
  )
  const refusals = [
    ...before.refusals.map((refusal): SideRefusal => ({ ...refusal, side: 'recorded' })),
    ...after.refusals.map((refusal): SideRefusal => ({ ...refusal, side: 'live' })),
  ]
  return { detected, refusals }
}

/** What the live server sent beside its normalized surface, for {@link sentViolationsIntroduced}. */
export interface SentSurface {
  /** What the server sent: whole, or only its entries judged afresh (the others digest as the contract vouches, so break no enforced rule). */
  raw: RawSurface
  /** The contract's entries whose `vouched` digest holds: no enforced rule faulted what the server sent for them when the file was written. */
  verified?: VerifiedEntries
}

const LIST_ENTITY: Record<ListName, LintSubject['entity']> = { tools: 'tool', prompts: 'prompt', resources: 'resource', resourceTemplates: 'resourceTemplate' }
const ENTITY_LIST = Object.fromEntries(Object.entries(LIST_ENTITY).map(([list, entity]) => [entity, list])) as Record<LintSubject['entity'], ListName>

/**
 * The enforced rules an entity the server sent newly breaks, judged on what it sent: an entity the
 * contract does not record, or one whose digest says it broke none when recorded. Those the diff of
 * normalized surfaces found already (`found`) are not repeated. Why on what was sent: normalizing
 * rewrites what some rules read (a root `allOf` of one member reads as the object it wraps), and a
 * client refuses what the server sends. Why an entity recorded without a digest (an older file) is
 * left out: whether it broke the rule before is not known, so the warnings on stderr are all it gets.
 * @example sentViolationsIntroduced({ raw, verified }, recorded, ['sdk-typescript'], []) // [{ kind: 'profile-violation-introduced', … }]
 */
export function sentViolationsIntroduced(sent: SentSurface, recorded: Surface, profiles: readonly string[], found: readonly Detected[]): Detected[] {
  if (profiles.length === 0) return []
  const recordedKeys = new Set(keyedEntities(recorded).map(([key]) => key))
  const vouched = new Set<string>()
  for (const [list, byKey] of sent.verified ?? []) for (const name of byKey.keys()) vouched.add(entityKey({ entity: LIST_ENTITY[list], name }))
  const subjects = lintSubjects({ raw: sent.raw })
  const fresh = subjects.filter((subject) => !recordedKeys.has(entityKey(subject)))
  const vouchedSubjects = subjects.filter((subject) => recordedKeys.has(entityKey(subject)) && vouched.has(entityKey(subject)))
  if (fresh.length === 0 && vouchedSubjects.length === 0) return []
  // Why a vouched entry is judged on the vouched profiles only: its digest vouches for those (cleanEntries),
  // not for a model API's or a host's rules, which it may have broken when recorded already.
  const mcpProfiles = profiles.filter((name) => isVouchedProfile(profileByName(name)))
  const ruleKey = (of: { entity: string; name: string; profile?: string; rule?: string }) => `${entityKey(of)}\0${of.profile}\0${of.rule}`
  const seen = new Set(found.filter((change) => change.kind === 'profile-violation-introduced').map(ruleKey))
  const detected: Detected[] = []
  const violations = [
    ...lintSubjectsWith(fresh, false, profiles, enforcedFindings).violations,
    ...lintSubjectsWith(vouchedSubjects, false, mcpProfiles, enforcedFindings).violations,
    ...markedViolations(vouchedSubjects, sent.verified, profiles.filter((name) => !mcpProfiles.includes(name))),
  ]
  for (const violation of violations) {
    if (seen.has(ruleKey(violation))) continue
    seen.add(ruleKey(violation))
    detected.push({ kind: 'profile-violation-introduced', entity: violation.entity, name: violation.name, path: [], profile: violation.profile, rule: violation.rule, details: violationDetails(violation) })
  }
  return detected.sort((a, b) => compareKeys(entityKey(a), entityKey(b)))
}

/**
 * `detected` without a rule an entity is found to start breaking in its normalized form that what
 * the server sent for it does not break. Why: normalization rewrites schemas (a `const` of type
 * string becomes an `enum` with no type), and a client judges what it is sent; an entity whose
 * listing is not at hand (reused as the contract vouches, so unchanged) is kept as found.
 * @example sentConfirmed(diffProfiles(recorded, live, profiles).detected, { raw })
 */
export function sentConfirmed(detected: readonly Detected[], sent: SentSurface | undefined): Detected[] {
  if (sent === undefined) return [...detected]
  const subjects = new Map(lintSubjects({ raw: sent.raw }).map((subject) => [entityKey(subject), subject]))
  return detected.filter((change) => {
    if (change.kind !== 'profile-violation-introduced' || change.profile === undefined || change.rule === undefined) return true
    const subject = subjects.get(entityKey(change))
    if (subject === undefined) return true
    const rule = profileByName(change.profile).rules.find((each) => each.id === change.rule)
    // Why a list rule is kept: what breaks it is the list, not this entity's own fields.
    return rule === undefined || rule.checkList !== undefined || rule.check(subject).length > 0
  })
}

/**
 * The enforced rules of `profiles` (those a digest does not vouch for: the model APIs') that a
 * vouched entry breaks as sent and did not break when its file was written, as its digest's mark
 * says (`lint/sent-rule-marks.ts`). Why: a contract file cannot show all of them (a `const` is
 * recorded as a one-value `enum`), so an existing tool that gains one is judged on what it sends.
 * Why an entry without a mark, or with one made under other rules, is left out: whether it broke
 * the rule before is not known, and the warnings on stderr are all it gets.
 */
function markedViolations(subjects: readonly LintSubject[], verified: VerifiedEntries | undefined, profiles: readonly string[]): Violation[] {
  if (profiles.length === 0 || verified === undefined) return []
  const brokeBefore = new Map<string, (profile: string, rule: string) => boolean | undefined>()
  for (const subject of subjects) {
    const broke = brokenWhenSent(verified.get(ENTITY_LIST[subject.entity])?.get(subject.name)?.sentMark)
    if (broke !== undefined) brokeBefore.set(entityKey(subject), broke)
  }
  const marked = subjects.filter((subject) => brokeBefore.has(entityKey(subject)))
  return lintSubjectsWith(marked, false, profiles, enforcedFindings).violations.filter((violation) => brokeBefore.get(entityKey(violation))?.(violation.profile, violation.rule) === false)
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function violationDetails(violation: Violation): Detected['details'] {
  return { ruleSeverity: violation.severity, where: violation.path, ...(violation.detail === undefined ? {} : { found: violation.detail }) }
}

/** Every entity of a surface with its pairing key, in the surface's order. */
function keyedEntities(surface: Surface): [string, object][] {
  return [
    ...(surface.tools ?? []).map((tool): [string, object] => [entityKey({ entity: 'tool', name: tool.name }), tool]),
    ...(surface.prompts ?? []).map((prompt): [string, object] => [entityKey({ entity: 'prompt', name: prompt.name }), prompt]),
    ...(surface.resources ?? []).map((resource): [string, object] => [entityKey({ entity: 'resource', name: resource.uri }), resource]),
    ...(surface.resourceTemplates ?? []).map((template): [string, object] => [entityKey({ entity: 'resourceTemplate', name: template.uriTemplate }), template]),
  ]
}

function liveKeys(live: Surface): string[] {
  return keyedEntities(live).map(([key]) => key)
}

/**
 * The keys of entities listed once on each side and equal there. Why once: a hand-edited contract
 * may list a key twice, and then which of them a finding belongs to is not known.
 */
function unchangedKeys(recorded: Surface, live: Surface): Set<string> {
  const once = (surface: Surface) => {
    const byKey = new Map<string, object | undefined>()
    for (const [key, entity] of keyedEntities(surface)) byKey.set(key, byKey.has(key) ? undefined : entity)
    return byKey
  }
  const before = once(recorded)
  const unchanged = new Set<string>()
  for (const [key, entity] of once(live)) {
    const was = before.get(key)
    if (entity !== undefined && was !== undefined && jsonEqual(was, entity)) unchanged.add(key)
  }
  return unchanged
}
