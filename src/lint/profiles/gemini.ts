import { sdkWroteDraft07 } from '../field-checks.js'
import { defineRule, type ModelApi, type Profile, type RuleFinding } from '../profile-rule.js'
import {
  arrayItemsFindings,
  formatFindings,
  keywordFindings,
  nameFindings,
  nonStringEnumFindings,
  propertiesOnNonObjectFindings,
  refResolutionFindings,
  typeListFindings,
} from './model-rule-checks.js'

const GEMINI_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/

const GEMINI_API: ModelApi = {
  api: "Gemini's API",
  refusal: "Gemini's API refuses every request that carries this tool list (400 INVALID_ARGUMENT), so every message of every Gemini agent using the server fails, not only calls to this tool",
  judges: '',
}

const nameRule = defineRule({
  id: 'tool-name-format',
  entity: 'tool',
  severity: 'error',
  message: "Gemini's API refuses a function name that does not start with a letter or underscore, or holds other than letters, digits, underscores, dots, colons and hyphens, or is longer than 64, and with it the whole request.",
  source: {
    title: 'Finerestaurant/kicad-mcp-python #2 (the API error, quoted: "Invalid function name. Must start with a letter or an underscore…"); wonderwhy-er/DesktopCommanderMCP #79; cline/cline #7339 (names starting with a digit)',
    url: 'https://github.com/Finerestaurant/kicad-mcp-python/issues/2',
  },
  fix: 'rename the tool to start with a letter and hold only letters, digits, underscores and hyphens, 64 characters at most: get_items_v2 fits Gemini, OpenAI and Claude alike',
  warnsUndeclared: true,
  check: ({ fields }) => nameFindings(fields, GEMINI_NAME, 'a letter or underscore, then letters, digits, underscores, dots, colons and hyphens, at most 64'),
})

/** Gemini's errors for fields its `parameters` Schema has no field for, quoted from one report. */
const UNKNOWN_NAME = {
  title: 'openswarm-ai/openswarm #24 (the API errors, quoted: Unknown name "$schema", "additionalProperties", "const", "exclusiveMinimum", "propertyNames" at \'tools[0].function_declarations[…].parameters\': Cannot find field)',
  url: 'https://github.com/openswarm-ai/openswarm/issues/24',
}

/** The JSON Schema keywords Gemini's `parameters` Schema has no field for, beyond `$schema` and `additionalProperties`. */
const UNKNOWN_KEYWORDS = ['const', 'exclusiveMinimum', 'exclusiveMaximum', 'propertyNames', 'multipleOf', 'uniqueItems', 'examples', '$id'] as const

/** What the SDK writes that `tool-parameters-json-schema-fields` finds, and what a user does about it. */
const SDK_WRITES_SCHEMA =
  'a tool registered through McpServer of @modelcontextprotocol/sdk 1.x carries "$schema": "http://json-schema.org/draft-07/schema#" with nothing in its code asking for it: the SDK writes it into every schema it converts from zod. There is nothing to change in the tool: a client that strips $schema and additionalProperties (LangChain, the AI SDK Google provider) clears it, so declare gemini-sanitized for such clients, or gemini-json-schema for clients that send parametersJsonSchema.'

/** Where inputSchema carries `$schema` or `additionalProperties`; the `$schema` the SDK 1.x writes is marked so. */
function jsonSchemaFieldFindings(fields: Record<string, unknown>): RuleFinding[] {
  const emitted = sdkWroteDraft07(fields, 'inputSchema')
  return keywordFindings(fields, ['$schema', 'additionalProperties']).map((finding) => (emitted && finding.path === 'inputSchema.$schema' ? { ...finding, sdkEmitted: true } : finding))
}

/** The rules of Gemini's `parameters` path that hold whether or not the client strips `$schema` and `additionalProperties`. */
const PARAMETERS_RULES = [
  nameRule,
  defineRule({
    id: 'tool-parameters-unsupported-keywords',
    entity: 'tool',
    severity: 'error',
    message: `Gemini's parameters Schema has no ${UNKNOWN_KEYWORDS.join(', ')} field: the API refuses a declaration that carries one, at any depth (inside anyOf too) ("Unknown name \\"uniqueItems\\" at 'request.tools[0].function_declarations[43].parameters.properties[2].value': Cannot find field."), and with it the whole request.`,
    source: {
      title: `${UNKNOWN_NAME.title}; zed-industries/zed #44875 (const inside anyOf); n8n-io/n8n #17188 (exclusiveMinimum); router-for-me/CLIProxyAPI #2123 and #2142 (uniqueItems, quoted, beside $id and patternProperties in #1424); AstrBotDevs/AstrBot #7572 (examples, quoted); diegosouzapw/OmniRoute #9617 (multipleOf stripped for the same error); exclusiveMaximum is exclusiveMinimum's twin`,
      url: UNKNOWN_NAME.url,
    },
    fix: 'spell const as an enum of one value, exclusiveMinimum and exclusiveMaximum as minimum and maximum (z.number().min(1), not .positive()), and drop propertyNames, multipleOf, uniqueItems, examples and $id (say the rule or an example in the description)',
    check: ({ fields }) => keywordFindings(fields, UNKNOWN_KEYWORDS),
  }),
  defineRule({
    id: 'tool-parameters-type-list',
    entity: 'tool',
    severity: 'error',
    message: 'Gemini\'s parameters Schema takes one type: the API refuses a type list such as ["string", "null"] ("Proto field is not repeating, cannot start list"), and with it the whole request.',
    source: {
      title: 'zed-industries/zed #53919 (the API error, quoted); n8n-io/n8n #15553 (the same from n8n\'s MCP Client Tool); github/copilot-cli #4623 (a type list in items fails every Gemini model)',
      url: 'https://github.com/zed-industries/zed/issues/53919',
    },
    fix: 'one type and nullable: true ({ "type": "string", "nullable": true }), or leave the property out of required instead of allowing null; openai-strict wants the type list instead, so a server sent to both needs a client that rewrites it (opencode does) or one that sends parametersJsonSchema (gemini-json-schema)',
    // Why no undeclared warning: zod's .nullable() writes a type list into many servers, Gemini CLI
    // sends parametersJsonSchema (which takes it), and opencode rewrites it as nullable (anomalyco/opencode #14234).
    check: ({ fields }) => typeListFindings(fields),
  }),
  defineRule({
    id: 'tool-parameters-string-format',
    entity: 'tool',
    severity: 'error',
    message: 'Gemini\'s parameters Schema takes format enum or date-time on a string and no other: the API refuses a declaration with format uri, email, uuid or any other on a string ("parameters.properties[links].items.properties[url].format: only \'enum\' and \'date-time\' are supported for STRING type"), and with it the whole request; zod\'s .url(), .email() and .uuid() write one.',
    source: {
      title: "google-gemini/gemini-cli #3178 (the API error, quoted); enechange/collmbo #195 and labring/aiproxy #312 (clients that strip it for the same error)",
      url: 'https://github.com/google-gemini/gemini-cli/issues/3178',
    },
    fix: 'drop the format and say it in the description ("an https URL"), and check the value in the handler (z.string().describe(…) instead of .url())',
    check: ({ fields }) => formatFindings(fields, 'string', ['enum', 'date-time']),
  }),
  defineRule({
    id: 'tool-parameters-enum-type',
    entity: 'tool',
    severity: 'error',
    message: 'Gemini\'s parameters Schema takes enum on a string schema of text values only: the API refuses an enum of numbers or booleans, or an enum without type "string" ("enum: only allowed for STRING type"; "Invalid value at \'tools[0].function_declarations[59].parameters.properties[1].value.enum[0]\' (TYPE_STRING), 1"), and with it the whole request.',
    source: {
      title: 'decolua/9router #359 and #380 (the API error, quoted); anomalyco/opencode #12784 (TYPE_STRING, quoted) and #28412 (booleans); microsoft/azure-devops-mcp #145 (the same from Gemini CLI)',
      url: 'https://github.com/decolua/9router/issues/359',
    },
    fix: 'spell the values as text with type "string" ({ "type": "string", "enum": ["1", "2"] }) and convert them in the handler, or take a number with minimum and maximum',
    check: ({ fields }) => nonStringEnumFindings(fields),
  }),
  defineRule({
    id: 'tool-parameters-ref',
    entity: 'tool',
    severity: 'error',
    message: 'Gemini\'s parameters Schema has no $ref, $defs or definitions field: the API refuses a declaration that carries one ("Unknown name \\"ref\\" at \'tools[0].function_declarations[4].parameters.properties[0].value.items\': Cannot find field."), and with it the whole request.',
    source: {
      title: 'decolua/9router #1036 (the API error, quoted); anomalyco/opencode #12295 (the same family: clients expand $ref before sending)',
      url: 'https://github.com/decolua/9router/issues/1036',
    },
    needsRawSurface: 'normalization inlines local $ref and drops $defs, so a contract file cannot show them',
    fix: 'write each referenced schema in place where it is used, with no $ref or $defs (zod 4: z.toJSONSchema(schema, { reused: "inline" })); a recursive schema has no such spelling: cut the recursion at a fixed depth',
    check: ({ fields }) => keywordFindings(fields, ['$ref', '$defs', 'definitions']),
  }),
  defineRule({
    id: 'tool-parameters-array-items',
    entity: 'tool',
    severity: 'error',
    message: 'Gemini\'s parameters Schema needs items on every array: the API refuses a declaration with an array schema that gives none ("parameters.properties[fields].items: missing field."), and with it the whole request.',
    source: {
      title: 'pixelsock/directus-mcp #12 (the API error, quoted, through Antigravity); AnswerDotAI/toolslm #68 (items added for the same error)',
      url: 'https://github.com/pixelsock/directus-mcp/issues/12',
    },
    fix: 'give every array an items schema: items: { "type": "string" } (z.array(z.string()), not z.array(z.any()))',
    check: ({ fields }) => arrayItemsFindings(fields),
  }),
  defineRule({
    id: 'tool-parameters-properties-type',
    entity: 'tool',
    severity: 'error',
    message: 'Gemini\'s parameters Schema takes properties on an object schema only: the API refuses properties beside another type or a type list ("properties: only allowed for OBJECT type"), and with it the whole request.',
    source: {
      title: 'anomalyco/opencode #43495 (the API error, quoted, 22 times for nullable objects, type: ["object", "null"])',
      url: 'https://github.com/anomalyco/opencode/pull/43495',
    },
    fix: 'give a schema with properties type: "object" alone (nullable: true for a nullable object), and drop properties from schemas of other types',
    check: ({ fields }) => propertiesOnNonObjectFindings(fields),
  }),
]

const jsonSchemaFieldsRule = defineRule({
  id: 'tool-parameters-json-schema-fields',
  entity: 'tool',
  severity: 'error',
  message: "Gemini's parameters Schema has no $schema and no additionalProperties field: the API refuses a declaration that carries either, at any depth, and with it the whole request, unless the client strips them first.",
  source: { title: `${UNKNOWN_NAME.title}; promptfoo/promptfoo #6902 (additionalProperties); GetStream/Vision-Agents #513 (both; fixed by sending parametersJsonSchema)`, url: UNKNOWN_NAME.url },
  sdkEmits: SDK_WRITES_SCHEMA,
  fix: "nothing in most servers (the SDK writes $schema, zod writes additionalProperties, and openai-strict wants additionalProperties: false): declare gemini-sanitized when the client strips both (LangChain, the AI SDK Google provider) or gemini-json-schema when it sends parametersJsonSchema (Gemini CLI, @google/genai's mcpToTool); a hand-written schema sent to Gemini alone can leave both out",
  check: ({ fields }) => jsonSchemaFieldFindings(fields),
})

/** Who strips what before `parameters`, and who sends `parametersJsonSchema` instead: the table in docs/profiles.md. */
const CLIENTS_STRIP =
  '$schema and additionalProperties: LangChain (@langchain/google-genai jsonSchemaToGeminiParameters), the AI SDK Google provider (convertJSONSchemaToOpenAPISchema keeps a fixed set of keywords), promptfoo (promptfoo/promptfoo #4200, #6902) and opencode (anomalyco/opencode #14234, which also rewrites type lists as nullable): declare gemini-sanitized for them. Gemini CLI (google-gemini/gemini-cli #4176) and @google/genai\'s mcpToTool send parametersJsonSchema instead: declare gemini-json-schema for them'

/**
 * What Gemini's API refuses in `function_declarations[].parameters`, its OpenAPI-subset Schema.
 * Why `$schema` and `additionalProperties` do not warn undeclared: 58 of 89 published servers send
 * `$schema` and 56 `additionalProperties`, and Gemini clients commonly strip them or send
 * `parametersJsonSchema` instead; a warning on them would be read on nearly every server.
 */
export const gemini: Profile = {
  name: 'gemini',
  title: 'Google Gemini function declarations, parameters (OpenAPI 3.0 Schema subset), sent as the server wrote it',
  modelApi: {
    ...GEMINI_API,
    judges: 'tools[].function_declarations[].name and .parameters of a generateContent request, the OpenAPI-subset Schema',
    clientsStrip: CLIENTS_STRIP,
  },
  rules: [nameRule, jsonSchemaFieldsRule, ...PARAMETERS_RULES.slice(1)],
}

/**
 * Gemini's `parameters` path as clients that strip `$schema` and `additionalProperties` send it
 * (LangChain, the AI SDK Google provider). Why a profile rather than an option: it reads as one
 * word in `--profile` and `profiles`, and keeps every other `parameters` rule.
 */
export const geminiSanitized: Profile = {
  name: 'gemini-sanitized',
  title: 'Google Gemini function declarations, parameters, from a client that strips $schema and additionalProperties (LangChain, the AI SDK Google provider)',
  modelApi: {
    ...GEMINI_API,
    judges: 'tools[].function_declarations[].name and .parameters of a generateContent request, once the client has removed $schema and additionalProperties at every depth (@langchain/google-genai jsonSchemaToGeminiParameters; @ai-sdk/google convertJSONSchemaToOpenAPISchema)',
  },
  rules: PARAMETERS_RULES,
}

/**
 * What Gemini's API refuses when a client sends `parametersJsonSchema` (JSON Schema) instead of
 * `parameters`: the name, and a `$ref` that does not resolve inside the schema (the API answers
 * "reference to undefined schema", google-gemini/gemini-cli #13326). Everything else JSON Schema
 * writes is taken there.
 */
export const geminiJsonSchema: Profile = {
  name: 'gemini-json-schema',
  title: 'Google Gemini function declarations, parametersJsonSchema (JSON Schema; Gemini CLI and @google/genai\'s mcpToTool send MCP tools this way)',
  modelApi: {
    ...GEMINI_API,
    judges: 'tools[].function_declarations[].name and .parametersJsonSchema of a generateContent request, which "is mutually exclusive with parameters" (googleapis aiplatform v1 FunctionDeclaration)',
  },
  rules: [
    nameRule,
    defineRule({
      id: 'tool-parameters-ref-resolves',
      entity: 'tool',
      severity: 'error',
      message: "Gemini's API resolves each $ref of parametersJsonSchema inside the schema and refuses one that points nowhere there (\"reference to undefined schema at properties.target_object.anyOf.1\"), and with it the whole request; Gemini CLI skips such a tool at discovery (\"can't resolve reference #/$defs/Issue from id #\").",
      source: {
        title: 'google-gemini/gemini-cli #13326 (the API error and the discovery error, quoted, from three published servers); google-gemini/gemini-cli #13201 and basicmachines-co/basic-memory #438 (the same at discovery)',
        url: 'https://github.com/google-gemini/gemini-cli/issues/13326',
      },
      needsRawSurface: 'normalization inlines local $ref, so a contract file cannot show one that points nowhere',
      fix: 'put every definition a $ref names in the same inputSchema ($defs at its root), or write the schema in place; nothing is fetched from another document',
      check: ({ fields }) => refResolutionFindings(fields),
    }),
  ],
}

/** A well-known client that sends MCP tools to Gemini: what it sends, and the profile that judges it. */
export interface GeminiClient {
  client: string
  sends: string
  profile: 'gemini' | 'gemini-sanitized' | 'gemini-json-schema'
  source: { title: string; url: string }
}

/** Which Gemini profile each well-known client needs, read from its code: the table in docs/profiles.md. */
export const GEMINI_CLIENTS: readonly GeminiClient[] = [
  {
    client: "@google/genai `mcpToTool`",
    sends: 'parametersJsonSchema: the inputSchema as the server sent it (and responseJsonSchema from outputSchema)',
    profile: 'gemini-json-schema',
    source: { title: 'googleapis/js-genai src/_transformers.ts, mcpToGeminiTool', url: 'https://github.com/googleapis/js-genai/blob/main/src/_transformers.ts' },
  },
  {
    client: 'Gemini CLI',
    sends: 'parametersJsonSchema: the inputSchema as the server sent it',
    profile: 'gemini-json-schema',
    source: { title: 'google-gemini/gemini-cli #4176', url: 'https://github.com/google-gemini/gemini-cli/issues/4176' },
  },
  {
    client: 'LangChain (`@langchain/google-genai`)',
    sends: 'parameters, with $schema and additionalProperties removed at every depth',
    profile: 'gemini-sanitized',
    source: {
      title: 'langchain-ai/langchainjs libs/langchain-google-genai/src/utils/zod_to_genai_parameters.ts, jsonSchemaToGeminiParameters',
      url: 'https://github.com/langchain-ai/langchainjs/blob/main/libs/langchain-google-genai/src/utils/zod_to_genai_parameters.ts',
    },
  },
  {
    client: 'AI SDK Google provider (`@ai-sdk/google`)',
    sends: 'parameters rebuilt from a fixed set of keywords (type, description, required, properties, items, allOf, anyOf, oneOf, format, const as enum, minLength, enum): $schema, additionalProperties and the rest dropped',
    profile: 'gemini-sanitized',
    source: { title: 'vercel/ai packages/google/src/convert-json-schema-to-openapi-schema.ts', url: 'https://github.com/vercel/ai/blob/main/packages/google/src/convert-json-schema-to-openapi-schema.ts' },
  },
]
