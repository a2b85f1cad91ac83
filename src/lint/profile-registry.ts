import { PROFILE_NAMES } from './profile-names.js'
import type { Profile, ProfileRule } from './profile-rule.js'
import { mcp20251125 } from './profiles/mcp-2025-11-25.js'
import { mcp20260728 } from './profiles/mcp-2026-07-28.js'
import { anthropic } from './profiles/anthropic.js'
import { bedrockConverse } from './profiles/bedrock-converse.js'
import { claudeCode } from './profiles/claude-code.js'
import { claudeConnectors } from './profiles/claude-connectors.js'
import { cursor } from './profiles/cursor.js'
import { gemini, geminiJsonSchema, geminiSanitized } from './profiles/gemini.js'
import { openai, openaiStrict } from './profiles/openai.js'
import { sdkTypescript } from './profiles/sdk-typescript.js'
import { vscodeCopilot } from './profiles/vscode-copilot.js'
import { zed } from './profiles/zed.js'

/** Every profile, by name. Host and model-API profiles join only with a published source per rule. */
export const PROFILES: readonly Profile[] = [
  mcp20251125,
  mcp20260728,
  sdkTypescript,
  anthropic,
  openai,
  openaiStrict,
  gemini,
  geminiSanitized,
  geminiJsonSchema,
  claudeCode,
  claudeConnectors,
  cursor,
  vscodeCopilot,
  zed,
  bedrockConverse,
]

/** The profiles of model APIs (`modelApi` set): the last consumer of a tool list, after the MCP client. */
export const MODEL_PROFILES: readonly Profile[] = PROFILES.filter((profile) => profile.modelApi !== undefined)

/** The profiles of host applications (`hostClient` set): limits a host applies per server and per client config. */
export const HOST_PROFILES: readonly Profile[] = PROFILES.filter((profile) => profile.hostClient !== undefined)

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

export { DEFAULT_PROFILES, PROFILE_NAMES, profileNamesProblem } from './profile-names.js'
