import { defineRule, type Profile } from '../profile-rule.js'
import { prefixedNameFindings, toolCountRule } from './host-rule-checks.js'

/** Cursor's own name: the server's name and the tool's, which together must stay under 60 characters. */
const combined = (server: string, tool: string) => `${server}${tool}`

/** What Cursor drops from a server's tools, whatever model it uses. */
export const cursor: Profile = {
  name: 'cursor',
  title: 'Cursor (its agent): combined server and tool name length, tools sent to the agent',
  hostClient: { host: 'Cursor', effect: 'Cursor filters the tool out ("Some tools have naming issues and may be filtered out"): its agent never sees it' },
  rules: [
    defineRule({
      id: 'tool-name-length',
      entity: 'tool',
      severity: 'error',
      message: 'Cursor filters out a tool whose server name and tool name together reach 60 characters ("g: GOOGLESHEETS_SPREADSHEETS_VALUES_BATCH_CLEAR_BY_DATA_FILTER – Combined server and tool name length (60) exceeds 60 characters"): its agent never sees the tool.',
      source: {
        title: 'ComposioHQ/composio #2788 (Cursor\'s warning, quoted); idosal/git-mcp #31 and #163; awslabs/mcp #1283; nrwl/nx-console #2876 (tools renamed to fit)',
        url: 'https://github.com/ComposioHQ/composio/issues/2788',
      },
      fix: 'shorten the tool name so that with the server name users give it stays under 60 characters: 40 characters or fewer leaves room for most server names',
      check: ({ fields, server }) => prefixedNameFindings(fields, server, 59, combined),
    }),
    toolCountRule({
      limit: 80,
      severity: 'warning',
      message: 'Cursor warns once the tools of all enabled servers pass 80 (it sent only the first 40 to its agent before): this server alone passes it, so some of its tools are left out or the user must pick.',
      source: {
        title: 'Snowflake-Labs/mcp #77 (Cursor\'s warning past 80 tools, "previously 40"); anyproto/anytype-mcp #5 (Cursor\'s documentation quoted: "Cursor will only send the first 40 tools to the Agent")',
        url: 'https://github.com/Snowflake-Labs/mcp/issues/77',
      },
      fix: 'expose fewer tools (group operations into one tool with an operation argument), or let users enable groups of tools',
    }),
  ],
}
