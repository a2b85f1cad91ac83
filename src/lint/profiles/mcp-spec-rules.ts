import { DIALECT_2020_12, isPlainObject, objectRootFindings, requiredTextFindings, sdkWroteDraft07 } from '../field-checks.js'
import { defineRule, type ProfileRule, type RuleFinding } from '../profile-rule.js'

/** The published revisions of the MCP specification that have a profile. */
export type SpecVersion = '2025-11-25' | '2026-07-28'

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/

/**
 * The rules both revisions share, with sources in the given revision. Why a factory: the two
 * revisions word these requirements the same way; only the links differ.
 */
export function sharedSpecRules(version: SpecVersion): ProfileRule[] {
  const spec = (section: string, title: string) => ({ title: `MCP ${version}: ${title}`, url: `https://modelcontextprotocol.io/specification/${version}/${section}` })
  return [
    defineRule({
      id: 'tool-input-schema-object-root',
      entity: 'tool',
      severity: 'error',
      message: 'A tool\'s inputSchema must be a JSON Schema object whose root says type: "object" (tool arguments are always an object).',
      source: spec('schema#tool', version === '2026-07-28' ? 'schema, Tool.inputSchema (SEP-2106 keeps type: "object" for inputs)' : 'schema, Tool.inputSchema'),
      check: ({ fields }) => objectRootFindings(fields, 'inputSchema'),
    }),
    defineRule({
      id: 'tool-name-format',
      entity: 'tool',
      severity: 'warning',
      message: 'A tool name should be 1 to 128 characters of A–Z, a–z, 0–9, underscore, hyphen and dot; hosts may refuse or rename other names.',
      source: spec('server/tools#tool-names', 'Tools, Tool names'),
      check: ({ fields }) => (typeof fields.name === 'string' && TOOL_NAME.test(fields.name) ? [] : [{ path: 'name', detail: `name is ${JSON.stringify(fields.name)}` }]),
    }),
    defineRule({
      id: 'tool-schema-dialect',
      entity: 'tool',
      severity: 'warning',
      message: 'A tool schema that declares a $schema other than JSON Schema 2020-12 relies on a dialect clients need not support; they must support 2020-12 only.',
      source: spec('basic#json-schema-usage', 'Overview, JSON Schema usage'),
      needsRawSurface: 'a contract file does not record $schema (normalization drops it)',
      sdkEmits:
        'a tool registered through McpServer of @modelcontextprotocol/sdk 1.x breaks it with nothing wrong in its code: the SDK writes "$schema": "http://json-schema.org/draft-07/schema#" into every schema it converts from zod (3 or 4). There is nothing to change in the tool; the 2.x packages (@modelcontextprotocol/server), which declare 2020-12, clear it.',
      check: ({ fields }) => (['inputSchema', 'outputSchema'] as const).flatMap((side) => dialectFinding(fields, side)),
    }),
    defineRule({
      id: 'prompt-required-fields',
      entity: 'prompt',
      severity: 'error',
      message: 'A prompt must have a text name, and each of its arguments a text name.',
      source: spec('schema#prompt', 'schema, Prompt and PromptArgument'),
      check: ({ fields }) => [
        ...requiredTextFindings(fields, ['name']),
        ...(Array.isArray(fields.arguments) ? fields.arguments : []).flatMap((argument, index) =>
          requiredTextFindings(isPlainObject(argument) ? argument : {}, ['name'], `arguments[${index}].`),
        ),
      ],
    }),
    defineRule({
      id: 'resource-required-fields',
      entity: 'resource',
      severity: 'error',
      message: 'A resource must have a text uri and a text name.',
      source: spec('schema#resource', 'schema, Resource'),
      check: ({ fields }) => requiredTextFindings(fields, ['uri', 'name']),
    }),
    defineRule({
      id: 'resource-template-required-fields',
      entity: 'resourceTemplate',
      severity: 'error',
      message: 'A resource template must have a text uriTemplate and a text name.',
      source: spec('schema#resourcetemplate', 'schema, ResourceTemplate'),
      check: ({ fields }) => requiredTextFindings(fields, ['uriTemplate', 'name']),
    }),
  ]
}

function dialectFinding(fields: Record<string, unknown>, side: 'inputSchema' | 'outputSchema'): RuleFinding[] {
  const schema = fields[side]
  if (!isPlainObject(schema) || typeof schema.$schema !== 'string') return []
  if (schema.$schema.replace(/#$/, '') === DIALECT_2020_12) return []
  const sdkEmitted = sdkWroteDraft07(fields, side)
  return [{ path: `${side}.$schema`, detail: `$schema is ${JSON.stringify(schema.$schema)}`, ...(sdkEmitted ? { sdkEmitted } : {}) }]
}
