import { lintSubjectsWith, type Violation } from './lint-surface.js'
import { HOST_PROFILES, profileByName } from './profile-registry.js'
import type { LintSubject } from './profile-rule.js'

/** One server of a client config as the host limits see it: the name the config gives it, and its tools in the order it lists them. */
export interface HostServer {
  name: string
  tools: readonly { name: string }[]
}

/** A limit a client config breaks: the violation (its `name` is `server/tool`), the server and the tool it is reported on. */
export interface HostLimitViolation extends Violation {
  server: string
  tool: string
}

/** The profiles `judgeHostLimits` applies by default: every host's, and OpenAI's count (strict or not, the same 128). */
export const HOST_LIMIT_PROFILES: readonly string[] = [...HOST_PROFILES.map((profile) => profile.name), 'openai']

/**
 * The host limits one client config breaks, judged on all its servers together: how many tools a
 * request carries (OpenAI's API, GitHub Copilot Chat and Zed take 128, Cursor warns past 80), and
 * each name a host builds from the server's configured name and the tool's (Cursor's 60
 * characters, Claude Code's `mcp__server__tool` within 64). Of a model API's profile only its
 * count applies: its schema rules are each server's lint's. Why for the lock: a count is broken by
 * the config, not by any one server, and a name limit by the name the config gives a server. The
 * tools are read in config order, so those reported past a cap are those a host drops first.
 * @example judgeHostLimits([{ name: 'github', tools }, { name: 'jira', tools }]).filter((violation) => violation.severity === 'error')
 */
export function judgeHostLimits(servers: readonly HostServer[], profiles: readonly string[] = HOST_LIMIT_PROFILES): HostLimitViolation[] {
  const owners = new Map<string, { server: string; tool: string }>()
  const subjects = servers.flatMap(({ name: server, tools }) =>
    tools.map((tool): LintSubject => {
      const name = `${server}/${tool.name}`
      owners.set(name, { server, tool: tool.name })
      return { entity: 'tool', name, fields: { name: tool.name }, fromContract: false, server }
    }),
  )
  const hosts = profiles.filter((name) => profileByName(name).hostClient !== undefined)
  const models = profiles.filter((name) => profileByName(name).modelApi !== undefined)
  const violations = [
    ...lintSubjectsWith(subjects, false, hosts, (rule, subject) => rule.check(subject)).violations,
    // Why no finding per subject: a model API's only list rule is its count.
    ...lintSubjectsWith(subjects, false, models, () => []).violations,
  ]
  return violations.map((violation) => ({ ...violation, ...(owners.get(violation.name) ?? { server: '', tool: violation.name }) }))
}
