import type { RawSurface } from '../surface/types.js'
import type { FindingsOf } from './lint-surface.js'
import { lintSubjects } from './lint-subjects.js'
import { PROFILES } from './profile-registry.js'
import type { Profile, ProfileRule } from './profile-rule.js'

/**
 * True for a rule whose findings a command that judges a live server shows (`check`, `snapshot`,
 * `show` warn on stderr): an error, or a rule whose client refuses the whole list.
 * @example PROFILES[0].rules.filter(isEnforced)
 */
export function isEnforced(rule: ProfileRule): boolean {
  return rule.severity === 'error' || rule.refusesListing === true
}

/**
 * The findings of enforced rules; none for the others. Why: the warnings a live read prints are
 * made of these alone, and checking the other rules was most of the live lint's cost.
 * @example lintWarnings(lintSurfaceWith({ raw }, profiles, enforcedFindings))
 */
export const enforcedFindings: FindingsOf = (rule, subject) => (isEnforced(rule) ? rule.check(subject) : [])

/**
 * True for a profile a `vouched` digest speaks for: the MCP specification's and the SDK clients'.
 * Why not the model APIs' nor the hosts': a digest vouches for what MCP clients accept; most
 * published tools break some model rule (strict mode's closed objects), a host's name limit
 * depends on the name a user gives the server, and a vouched entry is never judged on them again.
 * @example profiles.filter((name) => isVouchedProfile(profileByName(name)))
 */
export function isVouchedProfile(profile: Profile): boolean {
  return profile.modelApi === undefined && profile.hostClient === undefined
}

/**
 * The entries of `raw` that no enforced rule of any vouched profile finds fault with: what a
 * contract file may vouch for (see `surface/vouched-entries.ts`). Why every such profile: a later
 * check may name any.
 * @example vouchEntries(raw, written, cleanEntries(raw))
 */
export function cleanEntries(raw: RawSurface): Set<object> {
  const clean = new Set<object>()
  const rules = PROFILES.filter(isVouchedProfile).flatMap((profile) => profile.rules.filter(isEnforced))
  for (const subject of lintSubjects({ raw })) {
    if (rules.every((rule) => rule.entity !== subject.entity || rule.check(subject).length === 0)) clean.add(subject.fields)
  }
  return clean
}
