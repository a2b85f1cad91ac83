import { isPlainObject, objectRootFindings, optionalTypeFindings, requiredTextFindings } from '../field-checks.js'
import { outputSchemaCompileFindings } from '../output-schema-compiles.js'
import { defineRule, type Profile, type RuleFinding, type RuleSource } from '../profile-rule.js'

// Why these files: each is the installed code that refuses, and the tests run both clients on
// every rule's fixtures (test/lint/sdk-typescript-clients.test.ts).
const SDK1_TYPES: RuleSource = {
  title: '@modelcontextprotocol/sdk 1.32.2, dist/esm/types.js (ToolSchema, PromptSchema, ResourceSchema, ResourceTemplateSchema)',
  url: 'https://unpkg.com/@modelcontextprotocol/sdk@1.32.2/dist/esm/types.js',
}
const SDK1_CLIENT: RuleSource = {
  title: '@modelcontextprotocol/sdk 1.32.2, dist/esm/client/index.js (listTools → cacheToolMetadata compiles each outputSchema with Ajv)',
  url: 'https://unpkg.com/@modelcontextprotocol/sdk@1.32.2/dist/esm/client/index.js',
}
const SDK_BOTH: RuleSource = {
  title: `${SDK1_TYPES.title}; @modelcontextprotocol/client 2.4.0, dist/src-CeKsbNLO.mjs (the same schemas)`,
  url: SDK1_TYPES.url,
}

const TASK_SUPPORT = ['required', 'optional', 'forbidden']
const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']

/** What the official TypeScript SDK's clients (1.x and 2.x) refuse when they list. */
export const sdkTypescript: Profile = {
  name: 'sdk-typescript',
  title: 'TypeScript SDK clients (@modelcontextprotocol/sdk 1.x, @modelcontextprotocol/client 2.x)',
  rules: [
    defineRule({
      id: 'tool-input-schema-object-root',
      entity: 'tool',
      severity: 'error',
      message: 'inputSchema must be an object with type: "object" spelled as one string; otherwise Client.listTools() (1.x and 2.x) rejects the whole tool list and the client sees no tools.',
      source: SDK_BOTH,
      refusesListing: true,
      check: ({ fields }) => objectRootFindings(fields, 'inputSchema'),
    }),
    defineRule({
      id: 'tool-output-schema-object-root',
      entity: 'tool',
      severity: 'error',
      message: 'outputSchema, when present, must be an object with type: "object" spelled as one string; otherwise Client.listTools() rejects the whole tool list (1.x always, 2.x on a 2025-era connection; 2.x on 2026-07-28 takes any output root).',
      source: SDK_BOTH,
      refusesListing: true,
      check: ({ fields }) => objectRootFindings(fields, 'outputSchema'),
    }),
    defineRule({
      id: 'tool-schema-required-list',
      entity: 'tool',
      severity: 'error',
      message: 'A schema root\'s required must be a list of names; otherwise Client.listTools() (1.x and 2.x) rejects the whole tool list.',
      source: SDK_BOTH,
      refusesListing: true,
      check: ({ fields }) => bothSides(fields, (schema, side) => (schema.required === undefined || isNameList(schema.required) ? [] : [{ path: `${side}.required`, detail: `required is ${JSON.stringify(schema.required)}` }])),
    }),
    defineRule({
      id: 'tool-schema-property-objects',
      entity: 'tool',
      severity: 'error',
      message: 'Each property at a schema root must be a schema object, not true or false; otherwise the 1.x Client.listTools() rejects the whole tool list (2.x accepts it).',
      source: SDK1_TYPES,
      refusesListing: true,
      needsRawSurface: 'normalization writes an empty property schema {} as true, so a contract file cannot tell them apart',
      check: ({ fields }) =>
        bothSides(fields, (schema, side) =>
          isPlainObject(schema.properties)
            ? Object.entries(schema.properties).filter(([, value]) => !isPlainObject(value)).map(([key, value]) => ({ path: `${side}.properties.${key}`, detail: `the property schema is ${JSON.stringify(value)}` }))
            : [],
        ),
    }),
    defineRule({
      id: 'tool-output-schema-compiles',
      entity: 'tool',
      severity: 'error',
      message: 'outputSchema must compile with Ajv as the client compiles it (every $ref resolves inside the schema, every pattern is a valid regular expression, every type names a JSON type); otherwise the 1.x Client.listTools() rejects the whole tool list, and 2.x refuses every call of the tool.',
      source: SDK1_CLIENT,
      refusesListing: true,
      needsRawSurface: 'a contract file holds canonical schemas (local $ref inlined, keywords rewritten), not the text the client compiles',
      check: ({ fields }) => outputSchemaCompileFindings(fields),
    }),
    defineRule({
      id: 'tool-field-types',
      entity: 'tool',
      severity: 'error',
      message: 'A tool\'s name must be text; title and description, when present, text; annotation hints true or false; execution.taskSupport one of required, optional, forbidden; each icon a src text. Otherwise Client.listTools() (1.x and 2.x) rejects the whole tool list.',
      source: SDK_BOTH,
      refusesListing: true,
      needsRawSurface: 'normalization resolves hints and task support to their values, so a contract file always has the right types',
      check: ({ fields }) => toolFieldFindings(fields),
    }),
    defineRule({
      id: 'prompt-field-types',
      entity: 'prompt',
      severity: 'error',
      message: 'A prompt must have a text name, and each argument a text name and, when present, required true or false; otherwise Client.listPrompts() (1.x and 2.x) rejects the whole prompt list.',
      source: SDK_BOTH,
      refusesListing: true,
      check: ({ fields }) => [
        ...requiredTextFindings(fields, ['name']),
        ...optionalTypeFindings(fields, ['title', 'description'], 'string'),
        ...(Array.isArray(fields.arguments) ? fields.arguments : []).flatMap((argument, index) => {
          const prefix = `arguments[${index}].`
          const entry = isPlainObject(argument) ? argument : {}
          return [...requiredTextFindings(entry, ['name'], prefix), ...optionalTypeFindings(entry, ['required'], 'boolean', prefix)]
        }),
      ],
    }),
    defineRule({
      id: 'resource-field-types',
      entity: 'resource',
      severity: 'error',
      message: 'A resource must have a text uri and a text name; otherwise Client.listResources() (1.x and 2.x) rejects the whole resource list.',
      source: SDK_BOTH,
      refusesListing: true,
      check: ({ fields }) => requiredTextFindings(fields, ['uri', 'name']),
    }),
    defineRule({
      id: 'resource-template-field-types',
      entity: 'resourceTemplate',
      severity: 'error',
      message: 'A resource template must have a text uriTemplate and a text name; otherwise Client.listResourceTemplates() (1.x and 2.x) rejects the whole template list.',
      source: SDK_BOTH,
      refusesListing: true,
      check: ({ fields }) => requiredTextFindings(fields, ['uriTemplate', 'name']),
    }),
  ],
}

/** Runs a root check on inputSchema and on outputSchema, where each is an object. */
function bothSides(fields: Record<string, unknown>, check: (schema: Record<string, unknown>, side: string) => RuleFinding[]): RuleFinding[] {
  return (['inputSchema', 'outputSchema'] as const).flatMap((side) => (isPlainObject(fields[side]) ? check(fields[side] as Record<string, unknown>, side) : []))
}

function isNameList(value: unknown): boolean {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}

function toolFieldFindings(fields: Record<string, unknown>): RuleFinding[] {
  const findings = [...requiredTextFindings(fields, ['name']), ...optionalTypeFindings(fields, ['title', 'description'], 'string')]
  if (isPlainObject(fields.annotations)) {
    findings.push(...optionalTypeFindings(fields.annotations, ['title'], 'string', 'annotations.'), ...optionalTypeFindings(fields.annotations, HINTS, 'boolean', 'annotations.'))
  }
  const taskSupport = isPlainObject(fields.execution) ? fields.execution.taskSupport : undefined
  if (taskSupport !== undefined && !TASK_SUPPORT.includes(taskSupport as string)) {
    findings.push({ path: 'execution.taskSupport', detail: `taskSupport is ${JSON.stringify(taskSupport)}` })
  }
  if (Array.isArray(fields.icons)) {
    fields.icons.forEach((icon, index) => findings.push(...requiredTextFindings(isPlainObject(icon) ? icon : {}, ['src'], `icons[${index}].`)))
  }
  return findings
}
