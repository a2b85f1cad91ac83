import { defineKind, fixed } from '../define-kind.js'
import { ruleWords } from './profile-violation-introduced.js'

/** Detects an entity that no longer breaks a client-acceptance profile rule it broke before. */
export const profileViolationFixed = defineKind({
  id: 'profile-violation-fixed',
  entity: 'tool',
  purpose: 'Detects a tool, prompt, resource or template that no longer breaks a client-acceptance profile rule it broke before.',
  severity: fixed('additive'),
  reason: { additive: 'clients held to this profile accept what they refused before' },
  message: (change) => `no longer breaks ${ruleWords(change)}`,
  example: '`read_file` input schema has its root `type: "object"` again',
})
