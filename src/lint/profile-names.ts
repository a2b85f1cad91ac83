/**
 * Every profile name, in the registry's order, for checking the names a policy or `--profile`
 * gives. Why a list of its own: the matchers check a policy before the engine loads, and the
 * rules (with their sentences and sources) would triple the setup module; a test holds this list
 * equal to the registry's (test/lint/profile-rules.test.ts).
 */
export const PROFILE_NAMES: readonly string[] = [
  'mcp-2025-11-25',
  'mcp-2026-07-28',
  'sdk-typescript',
  'anthropic',
  'openai',
  'openai-strict',
  'gemini',
  'gemini-sanitized',
  'gemini-json-schema',
  'claude-code',
  'claude-connectors',
  'cursor',
  'vscode-copilot',
  'zed',
  'bedrock-converse',
]

/**
 * The profiles `show`, `snapshot`, `check`, `lint` and the diff use when none are named. Why these:
 * 2025-11-25 is the revision today's SDK clients speak, and the TypeScript SDK client is the one
 * most hosts embed; a surface it cannot list must never be recorded silently.
 */
export const DEFAULT_PROFILES: readonly string[] = ['mcp-2025-11-25', 'sdk-typescript']

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
