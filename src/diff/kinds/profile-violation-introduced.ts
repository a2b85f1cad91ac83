import { profileByName, ruleById } from '../../lint/profile-registry.js'
import type { Change } from '../change.js'
import { defineKind } from '../define-kind.js'

/** Detects an entity that now breaks a client-acceptance profile rule it satisfied before. */
export const profileViolationIntroduced = defineKind({
  id: 'profile-violation-introduced',
  entity: 'tool',
  purpose: 'Detects a tool, prompt, resource or template that now breaks a client-acceptance profile rule it satisfied before, even when the schema change itself is additive.',
  // Why: an error rule is one the profile's clients enforce (they refuse), a warning one they may.
  severity: ({ change }) => (change.details?.ruleSeverity === 'error' ? 'breaking' : 'risky'),
  reason: {
    breaking: 'clients held to this profile refuse what they accepted before',
    risky: 'clients held to this profile may refuse or rename what they accepted before',
  },
  message: (change) => `now breaks ${ruleWords(change)}`,
  example: '`read_file` input schema loses its root `type: "object"`: the TypeScript SDK client refuses the whole tool list',
})

/**
 * The profile, the rule, where and what was found, and the rule's sentence.
 * @example 'sdk-typescript rule tool-input-schema-object-root at inputSchema.type (type is missing) — inputSchema must be …'
 */
export function ruleWords(change: Change): string {
  const profile = String(change.profile)
  const rule = String(change.rule)
  const where = change.details?.where ? ` at ${String(change.details.where)}` : ''
  const found = change.details?.found ? ` (${String(change.details.found)})` : ''
  const record = ruleById(profile, rule)
  // Why a model API's rule says more: the agent's whole request fails, and the user needs the way out.
  const model = profileByName(profile).modelApi
  const consequence = model && record.severity === 'error' ? `; ${model.refusal}` : ''
  const fix = record.fix ? `; instead: ${record.fix}` : ''
  // Why the period goes: the report appends the kind's reason after a semicolon.
  return `${profile} rule ${rule}${where}${found} — ${record.message.replace(/\.$/, '')}${consequence}${fix}`
}
