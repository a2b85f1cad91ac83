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
  ],
}
