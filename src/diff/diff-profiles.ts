import { lintSurface, type ListingRefusal, type Violation } from '../lint/lint-surface.js'
import { entityKey, profileChanges } from '../lint/profile-changes.js'
import type { Surface } from '../surface/types.js'
import type { Detected } from './detected.js'

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
  const before = lintSurface({ surface: recorded }, profiles)
  const after = lintSurface({ surface: live }, profiles)
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

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function violationDetails(violation: Violation): Detected['details'] {
  return { ruleSeverity: violation.severity, where: violation.path, ...(violation.detail === undefined ? {} : { found: violation.detail }) }
}

function liveKeys(live: Surface): string[] {
  return [
    ...(live.tools ?? []).map((tool) => entityKey({ entity: 'tool', name: tool.name })),
    ...(live.prompts ?? []).map((prompt) => entityKey({ entity: 'prompt', name: prompt.name })),
    ...(live.resources ?? []).map((resource) => entityKey({ entity: 'resource', name: resource.uri })),
    ...(live.resourceTemplates ?? []).map((template) => entityKey({ entity: 'resourceTemplate', name: template.uriTemplate })),
  ]
}
