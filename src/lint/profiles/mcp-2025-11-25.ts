import { objectRootFindings } from '../field-checks.js'
import { defineRule, type Profile } from '../profile-rule.js'
import { sharedSpecRules } from './mcp-spec-rules.js'

/** What the MCP specification of 2025-11-25 requires of tools, prompts, resources and templates. */
export const mcp20251125: Profile = {
  name: 'mcp-2025-11-25',
  title: 'MCP specification 2025-11-25',
  rules: [
    ...sharedSpecRules('2025-11-25'),
    defineRule({
      id: 'tool-output-schema-object-root',
      entity: 'tool',
      severity: 'error',
      message: 'A tool\'s outputSchema, when present, must be a JSON Schema object whose root says type: "object" (structuredContent is an object in this revision).',
      source: { title: 'MCP 2025-11-25: schema, Tool.outputSchema', url: 'https://modelcontextprotocol.io/specification/2025-11-25/schema#tool' },
      check: ({ fields }) => objectRootFindings(fields, 'outputSchema'),
    }),
  ],
}
