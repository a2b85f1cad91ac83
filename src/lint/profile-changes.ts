import type { Violation } from './lint-surface.js'

/** An entity that started or stopped breaking a profile rule between two surfaces. */
export interface ProfileChange {
  change: 'introduced' | 'fixed'
  /** The violation: on the live side when introduced, on the recorded side when fixed. */
  violation: Violation
}

/**
 * Which rules entities started or stopped breaking. An entity added in the live surface that
 * breaks a rule introduces it (the recorded surface satisfied the rule); a removed entity fixes
 * nothing (its removal is reported as such). One rule broken in several places counts once.
 * @example profileChanges(lintSurface({ surface: recorded }).violations, lintSurface({ surface: live }).violations, liveKeys)
 */
export function profileChanges(before: readonly Violation[], after: readonly Violation[], liveEntities: ReadonlySet<string>): ProfileChange[] {
  const beforeRules = firstPerRule(before)
  const afterRules = firstPerRule(after)
  const changes: ProfileChange[] = []
  for (const [key, violation] of afterRules) if (!beforeRules.has(key)) changes.push({ change: 'introduced', violation })
  for (const [key, violation] of beforeRules) {
    if (!afterRules.has(key) && liveEntities.has(entityKey(violation))) changes.push({ change: 'fixed', violation })
  }
  return changes
}

/** The key pairing an entity across two surfaces: entity kind and key. */
export function entityKey(entity: { entity: string; name: string }): string {
  return `${entity.entity}\0${entity.name}`
}

function firstPerRule(violations: readonly Violation[]): Map<string, Violation> {
  const rules = new Map<string, Violation>()
  for (const violation of violations) {
    const key = `${entityKey(violation)}\0${violation.profile}\0${violation.rule}`
    if (!rules.has(key)) rules.set(key, violation)
  }
  return rules
}
