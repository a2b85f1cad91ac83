import { defineRule, type Profile } from '../profile-rule.js'
import { metaSchemaFindings } from '../schema-validity.js'
import { FLATTEN } from './advice.js'
import { nameFindings, rootCombinatorFindings } from './model-rule-checks.js'

const ANTHROPIC_NAME = /^[a-zA-Z0-9_-]{1,128}$/

/**
 * What Claude's Messages API refuses in a request's `tools`. Why sources are public reports: the
 * root rule is not in Anthropic's tool-use documentation, only in the API's error, which these quote.
 * What claude.ai and Claude Desktop connectors and Claude Code's tool search refuse besides is in
 * the host profiles `claude-connectors` and `claude-code`.
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
        title: 'anthropics/claude-code #5319 (the API error, quoted); the same in #5878 and #5973 and mobile-next/mobile-mcp #344; fixes shipped in zereight/gitlab-mcp #551 (a z.union flattened into one z.object), marianfoo/mcp-sap-docs #51, kenn-io/kata #365',
        url: 'https://github.com/anthropics/claude-code/issues/5319',
      },
      fix: FLATTEN,
      warnsUndeclared: true,
      check: ({ fields }) => rootCombinatorFindings(fields),
    }),
    defineRule({
      id: 'tool-name-format',
      entity: 'tool',
      severity: 'error',
      message: "Claude's Messages API refuses a tool name outside ^[a-zA-Z0-9_-]{1,128}$ (letters, digits, underscore, hyphen; no dot, space or colon), and with it the whole request.",
      source: {
        title: "home-assistant/core #147760 (the API error, quoted: tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'); aws/aws-sdk-js-v3 #7287 (the limit raised from 64 to 128, anthropics/claude-code #2579)",
        url: 'https://github.com/home-assistant/core/issues/147760',
      },
      fix: 'rename the tool to letters, digits, underscores and hyphens, 64 characters at most to fit OpenAI, Gemini and Claude Desktop too: get_items_v2, not get.items or get items:v2 (barryw/ImmichMCP #3 replaced its dots with underscores)',
      warnsUndeclared: true,
      check: ({ fields }) => nameFindings(fields, ANTHROPIC_NAME, 'letters, digits, underscores and hyphens, at most 128'),
    }),
    defineRule({
      id: 'tool-input-schema-valid',
      entity: 'tool',
      severity: 'error',
      message: "Claude's Messages API refuses an input_schema that is not valid JSON Schema 2020-12 (\"tools.N.custom.input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12\"), such as a draft-4 boolean exclusiveMinimum, and with it the whole request: in Claude Code, the whole session.",
      source: {
        title: 'Dokploy/mcp #74 (the API error, quoted, for "exclusiveMinimum": true beside "minimum": 0); Dokploy/mcp #80 (Claude clients: "schema/properties/ttl/exclusiveMinimum must be number")',
        url: 'https://github.com/Dokploy/mcp/issues/74',
      },
      needsRawSurface: 'a contract file holds canonical schemas (keywords rewritten), not the text the API validates',
      fix: 'write each keyword as JSON Schema 2020-12 spells it: exclusiveMinimum: 0 (a number), not exclusiveMinimum: true beside minimum: 0; zod-to-json-schema writes the draft-4 pair for targets other than jsonSchema7 (Dokploy/mcp #76)',
      warnsUndeclared: true,
      check: ({ fields }) => metaSchemaFindings(fields),
    }),
  ],
}
