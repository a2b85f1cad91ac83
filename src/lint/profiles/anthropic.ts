import { defineRule, type Profile } from '../profile-rule.js'
import { nameFindings, rootCombinatorFindings } from './model-rule-checks.js'

const ANTHROPIC_NAME = /^[a-zA-Z0-9_-]{1,128}$/

/**
 * What Claude's Messages API refuses in a request's `tools`. Why sources are public reports: the
 * root rule is not in Anthropic's tool-use documentation, only in the API's error, which these quote.
 */
export const anthropic: Profile = {
  name: 'anthropic',
  title: 'Anthropic Messages API (Claude): custom tools, tools[].input_schema',
  modelApi: {
    api: "Claude's API",
    refusal: "Claude's API refuses every request that carries this tool list (400 invalid_request_error), so every message of every agent using the server fails, not only calls to this tool",
    judges: 'tools[].name and tools[].input_schema of a Messages API request, which MCP clients such as Claude Code and Claude Desktop fill from tools/list as the server sent it',
  },
  rules: [
    defineRule({
      id: 'tool-input-schema-root-combinator',
      entity: 'tool',
      severity: 'error',
      message: "Claude's Messages API refuses an input_schema with oneOf, allOf or anyOf at its root (\"input_schema does not support oneOf, allOf, or anyOf at the top level\"), and with it the whole request.",
      source: {
        title: 'anthropics/claude-code #5319 (the API error, quoted); the same in #5878 and #5973; fixes shipped in kenn-io/kata #365, zereight/gitlab-mcp #551, marianfoo/mcp-sap-docs #51',
        url: 'https://github.com/anthropics/claude-code/issues/5319',
      },
      fix: 'keep the root an object with properties and state the rule without a root combinator: a root if/then/else for a conditional or exactly-one-of rule, a root not for fields that exclude each other (kata #365), or one object whose fields are optional, checked in the handler (gitlab-mcp #551 flattened its z.union into one z.object)',
      warnsUndeclared: true,
      check: ({ fields }) => rootCombinatorFindings(fields),
    }),
    defineRule({
      id: 'tool-name-format',
      entity: 'tool',
      severity: 'error',
      message: "Claude's Messages API refuses a tool name outside ^[a-zA-Z0-9_-]{1,128}$ (letters, digits, underscore, hyphen; no dot, space or colon), and with it the whole request.",
      source: {
        title: 'home-assistant/core #147760 (the API error, quoted: tools.0.custom.name: String should match pattern \'^[a-zA-Z0-9_-]{1,128}$\'); anthropics/claude-code #96152 (at most 128 characters)',
        url: 'https://github.com/home-assistant/core/issues/147760',
      },
      fix: 'rename the tool to letters, digits, underscores and hyphens, 64 characters at most to fit OpenAI and Gemini too: get_items_v2, not get.items or get items:v2 (cyanheads/atlas-mcp-server #14 replaced its dots with underscores)',
      warnsUndeclared: true,
      check: ({ fields }) => nameFindings(fields, ANTHROPIC_NAME, 'letters, digits, underscores and hyphens, at most 128'),
    }),
  ],
}
