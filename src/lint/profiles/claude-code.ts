import { defineRule, type Profile } from '../profile-rule.js'
import { prefixedNameFindings } from './host-rule-checks.js'

/** The name Claude Code gives an MCP tool: `mcp__<server>__<tool>` (a plugin's server adds `plugin_<plugin>_` before the server name). */
const claudeCodeName = (server: string, tool: string) => `mcp__${server}__${tool}`

/** What Claude Code's tool search refuses, beside what Claude's API refuses (`anthropic`). */
export const claudeCode: Profile = {
  name: 'claude-code',
  title: 'Claude Code: tool search over MCP tools (mcp__server__tool names)',
  hostClient: { host: 'Claude Code', effect: "Claude's API refuses the tool search result (400 invalid_request_error) and the session stops answering" },
  rules: [
    defineRule({
      id: 'tool-name-length',
      entity: 'tool',
      severity: 'error',
      message: 'Claude Code names an MCP tool mcp__<server>__<tool>, and its tool search (on by default) sends that name back to Claude\'s API, which refuses one longer than 64 characters ("messages.18.content.0.tool_result.content.0.tool_reference.tool_name: String should have at most 64 characters"): the session stops answering.',
      source: {
        title: 'anthropics/claude-code #19882 (tool search with names past 64); #22327 (the API error, quoted, and the session frozen); mims-harvard/ToolUniverse #65 (mcp__tooluniverse__ leaves 45 characters)',
        url: 'https://github.com/anthropics/claude-code/issues/19882',
      },
      fix: 'shorten the tool name so that mcp__<server>__<tool> stays within 64 characters: 45 characters or fewer leaves room for a server name of 12',
      check: ({ fields, server }) => prefixedNameFindings(fields, server, 64, claudeCodeName),
    }),
    defineRule({
      id: 'tool-description-length',
      entity: 'tool',
      severity: 'warning',
      message: 'Claude Code cuts an MCP tool description at 2,048 characters, silently, with "… [truncated]" (its /mcp view still shows the whole text): what the description says past the cut never reaches the model, which may call the tool on the first part alone.',
      source: {
        title: 'anthropics/claude-code #87650 (the 2,048-character cut in the binary, and a prefix that reads as complete); #41141 (the same through ToolSearch); Avick3110/houseCARL #583 (twelve of 31 tools cut)',
        url: 'https://github.com/anthropics/claude-code/issues/87650',
      },
      // Why a warning at the host's own cut, not a budget of our choosing: a shorter description
      // that drops what the model needs to call the tool right is worse than a long one (the
      // tension issue 47 names); only text a host throws away is certainly wasted.
      fix: 'put what the model needs to choose and call the tool in the first 2,048 characters, and move reference material (grammars, long examples) into the input schema\'s property descriptions or a resource the tool names; do not shorten what the model needs',
      check: ({ fields }) => descriptionFindings(fields, 2048),
    }),
  ],
}

/** Where a tool's description passes `limit` characters. */
function descriptionFindings(fields: Record<string, unknown>, limit: number) {
  const description = fields.description
  if (typeof description !== 'string' || description.length <= limit) return []
  return [{ path: 'description', detail: `a description of ${description.length.toLocaleString('en-US')} characters, ${(description.length - limit).toLocaleString('en-US')} past the cut` }]
}
