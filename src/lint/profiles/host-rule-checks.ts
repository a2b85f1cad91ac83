import { defineRule, type ListFinding, type ProfileRule, type RuleFinding, type RuleSeverity, type RuleSource } from '../profile-rule.js'

/** What a tool-count rule says: the most tools one request or host takes, and its words and source. */
export interface ToolCountLimit {
  limit: number
  severity: RuleSeverity
  message: string
  source: RuleSource
  fix: string
}

/**
 * A rule on how many tools one server lists, reported on each tool past `limit` in the server's
 * order. Why per server: a host or API that takes at most `limit` tools per request cannot take
 * more from one server alone; the whole client config's count is `judgeHostLimits`'s.
 * @example toolCountRule({ limit: 128, severity: 'error', message: '…', source, fix: '…' })
 */
export function toolCountRule({ limit, severity, message, source, fix }: ToolCountLimit): ProfileRule {
  return defineRule({
    id: 'tool-count',
    entity: 'tool',
    severity,
    message,
    source,
    fix,
    check: () => [],
    checkList: (subjects): ListFinding[] =>
      subjects.slice(limit).map((subject, index) => ({ name: subject.name, path: '', detail: `tool ${limit + index + 1} of ${subjects.length}, past ${limit}` })),
  })
}

/**
 * Where a tool name passes `limit` once the host has built its own name from the server's name
 * and the tool's (`build`). Without the server's name (`lint` of one server) the shortest a host
 * could give it, one letter, is assumed: what is found then is found under every name.
 * @example prefixedNameFindings({ name: 'a'.repeat(60) }, undefined, 64, (server, tool) => `mcp__${server}__${tool}`) // one finding
 */
export function prefixedNameFindings(fields: Record<string, unknown>, server: string | undefined, limit: number, build: (server: string, tool: string) => string): RuleFinding[] {
  const name = fields.name
  if (typeof name !== 'string') return []
  const built = build(server ?? 's', name)
  if (built.length <= limit) return []
  return [{ path: 'name', detail: `${built} is ${built.length} characters${server === undefined ? ' even with a one-letter server name' : ''}, past ${limit}` }]
}
