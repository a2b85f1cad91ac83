/**
 * Advice that fits every declared API: the spelling each model and host rule's fixture keeps is
 * accepted by every profile a project can declare together, and where two APIs want opposite
 * spellings, the rule's "instead" says which declared API its spelling breaks.
 */
import { describe, expect, test } from 'vitest'
import { lintSurface } from '../../src/lint/lint-surface.js'
import { HOST_PROFILES, MODEL_PROFILES, ruleById } from '../../src/lint/profile-registry.js'
import { HOST_RULE_FIXTURES, MODEL_RULE_FIXTURES } from './model-rule-fixtures.js'

// Why not `gemini`: it stands for a client that forwards $schema and additionalProperties as the
// server wrote them, which openai-strict requires; a project serving both declares gemini-sanitized
// or gemini-json-schema, whose clients strip or accept them.
const DECLARED = [...MODEL_PROFILES, ...HOST_PROFILES].map((profile) => profile.name).filter((name) => name !== 'gemini')

/** The rules two declared APIs want opposite spellings for, and the word a fix must use to say which API it breaks. */
const OPPOSED: Record<string, string> = {
  'openai-strict tool-parameters-closed-objects': 'openai-strict',
  'openai-strict tool-parameters-all-required': 'openai-strict',
  'gemini tool-parameters-json-schema-fields': 'Gemini',
  'gemini tool-parameters-type-list': 'Gemini',
  'gemini-sanitized tool-parameters-type-list': 'Gemini',
}

describe.each([...MODEL_RULE_FIXTURES, ...HOST_RULE_FIXTURES])('$profile $rule: the kept spelling', ({ profile, rule, satisfies }) => {
  test('passes every profile declared with it, or the fix names the API it breaks', () => {
    const broken = lintSurface({ raw: { initialize: {}, ...satisfies } }, [...new Set([...DECLARED, profile])]).violations.filter(
      // Why `gemini`'s other rules are left out: its kept spellings are gemini-sanitized's (the same rules), judged with openai-strict.
      (violation) => violation.severity === 'error' && (violation.profile !== 'gemini' || violation.rule === rule),
    )
    const fix = ruleById(profile, rule).fix ?? ''
    for (const violation of broken) {
      const key = `${violation.profile} ${violation.rule}`
      expect(OPPOSED, `${key} broken by ${profile} ${rule}'s kept spelling`).toHaveProperty([key])
      expect(fix, `${profile} ${rule}'s fix must say it breaks ${key}`).toContain(OPPOSED[key])
    }
  })
})

test('no rule advises a root if/then/else or not as the way out', () => {
  for (const profile of MODEL_PROFILES) {
    for (const rule of profile.rules) expect(rule.fix ?? '', `${profile.name} ${rule.id}`).not.toMatch(/(state|use|as) a root (if|not)/)
  }
})
