import { defineRule, type Profile } from '../profile-rule.js'
import { nameFindings } from './model-rule-checks.js'

const BEDROCK_NAME = /^[a-zA-Z0-9_-]{1,64}$/

/** What Amazon Bedrock's Converse API refuses in `toolConfig.tools[].toolSpec.name`, for hosts that send MCP tools through it. */
export const bedrockConverse: Profile = {
  name: 'bedrock-converse',
  title: 'Amazon Bedrock Converse API: toolConfig.tools[].toolSpec.name, as hosts on Bedrock send MCP tools',
  hostClient: { host: 'Bedrock Converse', effect: 'every request that carries the tool list fails (ValidationException), so every message of an agent on Bedrock fails' },
  rules: [
    defineRule({
      id: 'tool-name-format',
      entity: 'tool',
      severity: 'error',
      message: "Bedrock's Converse API refuses a tool name outside ^[a-zA-Z0-9_-]{1,64}$ (\"Value at 'toolConfig.tools.38.member.toolSpec.name' failed to satisfy constraint: Member must have length less than or equal to 64\"), and with it the whole request; a host that prefixes names (Claude Code's mcp__server__) leaves less room.",
      source: {
        title: 'awslabs/mcp #3181 (the API error, quoted); awslabs/agent-plugins #131 (Claude Code\'s prefixed names on Bedrock); aws/aws-sdk-js-v3 #7287 (Converse keeps 64 where Claude\'s API takes 128)',
        url: 'https://github.com/awslabs/mcp/issues/3181',
      },
      fix: 'rename the tool to letters, digits, underscores and hyphens, 64 characters at most (fewer where the host adds a prefix): get_items_v2',
      check: ({ fields }) => nameFindings(fields, BEDROCK_NAME, 'letters, digits, underscores and hyphens, at most 64'),
    }),
  ],
}
