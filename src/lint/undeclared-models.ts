import type { RawSurface } from '../surface/types.js'
import { lintSubjects } from './lint-subjects.js'
import { MODEL_PROFILES } from './profile-registry.js'

/** One model API that refuses a tool list no declared profile judges, and the first tools that make it so. */
export interface UndeclaredRefusal {
  /** `Claude's API`. */
  api: string
  /** The profile that would judge it when declared: `anthropic`. */
  profile: string
  /** Each tool and what in it is refused, in the server's order, one per tool. */
  tools: { name: string; detail: string }[]
}

/**
 * The model APIs that refuse what the server sent, judged by the rules that fail requests as
 * well-known clients send them (`warnsUndeclared`); none when `inForce` names a model profile
 * already (the project declared the models it serves, and their rules are enforced as declared).
 * Why: a server that passes every MCP gate can still fail every request of every agent.
 * @example undeclaredModelRefusals(raw, ['mcp-2025-11-25', 'sdk-typescript']) // [{ api: "Claude's API", profile: 'anthropic', tools: [{ name: 'version_diff', detail: 'anyOf at its root' }] }]
 */
export function undeclaredModelRefusals(raw: RawSurface, inForce: readonly string[]): UndeclaredRefusal[] {
  if (MODEL_PROFILES.some((profile) => inForce.includes(profile.name))) return []
  const tools = lintSubjects({ raw }).filter((subject) => subject.entity === 'tool')
  const byApi = new Map<string, UndeclaredRefusal>()
  for (const profile of MODEL_PROFILES) {
    const api = profile.modelApi?.api ?? profile.name
    // Why the first profile of an API only: openai-strict and gemini-json-schema repeat its undeclared rules.
    if (byApi.has(api)) continue
    const rules = profile.rules.filter((rule) => rule.warnsUndeclared === true && rule.severity === 'error')
    const refusal: UndeclaredRefusal = { api, profile: profile.name, tools: [] }
    for (const subject of tools) {
      if (refusal.tools.some((tool) => tool.name === subject.name)) continue
      const finding = rules.flatMap((rule) => rule.check(subject))[0]
      if (finding !== undefined) refusal.tools.push({ name: subject.name, detail: finding.detail ?? finding.path })
    }
    byApi.set(api, refusal)
  }
  return [...byApi.values()].filter((refusal) => refusal.tools.length > 0)
}
