import { defineRule, type Profile } from '../profile-rule.js'
import { nameFindings } from './model-rule-checks.js'

const CONNECTOR_NAME = /^[a-zA-Z0-9_-]{1,64}$/

/** What claude.ai and Claude Desktop refuse in a connector's tools: names, checked before any request. */
export const claudeConnectors: Profile = {
  name: 'claude-connectors',
  title: 'claude.ai and Claude Desktop connectors (remote MCP servers)',
  hostClient: { host: 'claude.ai and Claude Desktop', effect: 'the connector\'s whole tool set is withheld from every conversation: users see no tools at all' },
  rules: [
    defineRule({
      id: 'tool-name-format',
      entity: 'tool',
      severity: 'error',
      message: "claude.ai and Claude Desktop refuse a connector tool name outside ^[a-zA-Z0-9_-]{1,64}$ (\"tools.34.FrontendRemoteMcpToolDefinition.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'\"), and with it every tool of the connector; Claude's API itself takes 128.",
      source: {
        title: 'NetApp/netapp-dataops-toolkit #38 (the error, quoted: spaces in names); evoila/meho #2745 (dots; "all-or-nothing"); anthropics/claude-code #34960 ("String should have at most 64 characters" in Claude Desktop, not in Claude Code)',
        url: 'https://github.com/NetApp/netapp-dataops-toolkit/issues/38',
      },
      refusesListing: true,
      fix: 'rename the tool to letters, digits, underscores and hyphens, 64 characters at most: get_items_v2, not get.items or Create CIFS Share',
      check: ({ fields }) => nameFindings(fields, CONNECTOR_NAME, 'letters, digits, underscores and hyphens, at most 64'),
    }),
  ],
}
