import { DEFAULT_PROFILES } from '../lint/profile-registry.js'
import { undeclaredModelRefusals, type UndeclaredRefusal } from '../lint/undeclared-models.js'
import type { RawSurface } from '../surface/types.js'

/** How many tools a model API's clause names before it says how many more. */
const TOOLS_SHOWN = 2

/**
 * The one warning line `check`, `snapshot`, `show` and the matchers print when a model API refuses
 * what the server sent and the project declared no model profile; empty when none refuses. Why one
 * line: it must be read, and it never fails a run; declaring the profile is what makes it fail.
 * @example undeclaredModelWarning([{ api: "Claude's API", profile: 'anthropic', tools: [{ name: 'version_diff', detail: 'anyOf at its root' }] }])
 * // "mcp-contract: warning: Claude's API refuses this tool list: version_diff has anyOf at its root (declare the model APIs you serve in the config's profiles, e.g. \"anthropic\", to fail on it)\n"
 */
export function undeclaredModelWarning(refusals: readonly UndeclaredRefusal[]): string {
  if (refusals.length === 0) return ''
  const clauses = refusals.map((refusal, index) => `${refusal.api} refuses ${index === 0 ? 'this tool list' : 'it'}: ${refusedTools(refusal)}`)
  const names = refusals.map((refusal) => JSON.stringify(refusal.profile)).join(', ')
  return `mcp-contract: warning: ${clauses.join('; ')} (declare the model APIs you serve in the config's profiles, e.g. ${names}, to fail on it)\n`
}

/**
 * The first tools a model API refuses and what in each, then how many more.
 * @example refusedTools({ api: "Claude's API", profile: 'anthropic', tools: [{ name: 'version_diff', detail: 'anyOf at its root' }] }) // 'version_diff has anyOf at its root'
 */
export function refusedTools(refusal: UndeclaredRefusal): string {
  const shown = refusal.tools.slice(0, TOOLS_SHOWN).map((tool) => `${tool.name} has ${tool.detail}`)
  const more = refusal.tools.length > TOOLS_SHOWN ? `, and ${refusal.tools.length - TOOLS_SHOWN} more` : ''
  return `${shown.join(', ')}${more}`
}

/**
 * {@link undeclaredModelWarning} for what a server sent, under the profiles in force (default:
 * `DEFAULT_PROFILES`). Empty when a model profile is among them or no model API refuses.
 * @example process.stderr.write(modelApiWarning(raw, policy.profiles))
 */
export function modelApiWarning(raw: RawSurface, profiles: readonly string[] = DEFAULT_PROFILES): string {
  return undeclaredModelWarning(undeclaredModelRefusals(raw, profiles))
}
