import type { Profile, ProfileRule } from './profile-rule.js'
import { mcp20251125 } from './profiles/mcp-2025-11-25.js'
import { mcp20260728 } from './profiles/mcp-2026-07-28.js'
import { anthropic } from './profiles/anthropic.js'
import { gemini, geminiJsonSchema } from './profiles/gemini.js'
import { openai, openaiStrict } from './profiles/openai.js'
import { sdkTypescript } from './profiles/sdk-typescript.js'

/** Every profile, by name. Host and model-API profiles join only with a published source per rule. */
export const PROFILES: readonly Profile[] = [mcp20251125, mcp20260728, sdkTypescript, anthropic, openai, openaiStrict, gemini, geminiJsonSchema]

/** The profiles of model APIs (`modelApi` set): the last consumer of a tool list, after the MCP client. */
export const MODEL_PROFILES: readonly Profile[] = PROFILES.filter((profile) => profile.modelApi !== undefined)

/** Every profile name, for checking the names a policy or `--profile` gives. */
export const PROFILE_NAMES: readonly string[] = PROFILES.map((profile) => profile.name)

/**
 * The profiles `show`, `snapshot`, `check`, `lint` and the diff use when none are named. Why these:
 * 2025-11-25 is the revision today's SDK clients speak, and the TypeScript SDK client is the one
 * most hosts embed; a surface it cannot list must never be recorded silently.
 */
export const DEFAULT_PROFILES: readonly string[] = ['mcp-2025-11-25', 'sdk-typescript']

const BY_NAME = new Map(PROFILES.map((profile) => [profile.name, profile]))

/** Looks a profile up by name; an unknown name is a programming error (names are checked before). */
export function profileByName(name: string): Profile {
  const profile = BY_NAME.get(name)
  if (!profile) throw new Error(`mcp-contract: unknown profile "${name}"; the profiles are ${PROFILE_NAMES.join(', ')}`)
  return profile
}

/** Looks a rule up by profile name and rule id. */
export function ruleById(profileName: string, ruleId: string): ProfileRule {
  const rule = profileByName(profileName).rules.find((candidate) => candidate.id === ruleId)
  if (!rule) throw new Error(`mcp-contract: profile "${profileName}" has no rule "${ruleId}"`)
  return rule
}

/**
 * What is wrong with a list of profile names a user gave; undefined when nothing is.
 * @example profileNamesProblem(['claude']) // 'profiles lists "claude", which is not a profile; the profiles are …'
 */
export function profileNamesProblem(names: unknown, field = 'profiles'): string | undefined {
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) {
    return `${field} must be a list of profile names, such as ['sdk-typescript']; got ${JSON.stringify(names)}.`
  }
  const strange = names.find((name) => !PROFILE_NAMES.includes(name))
  if (strange === undefined) return undefined
  return `${field} lists ${JSON.stringify(strange)}, which is not a profile; the profiles are ${PROFILE_NAMES.join(', ')} (docs/profiles.md describes each).`
}
