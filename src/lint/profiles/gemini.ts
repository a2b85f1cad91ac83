import { defineRule, type ModelApi, type Profile } from '../profile-rule.js'
import { keywordFindings, nameFindings, typeListFindings } from './model-rule-checks.js'

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

/**
 * What Gemini's API refuses in `function_declarations[].parameters`, its OpenAPI-subset Schema.
 * Why `$schema` and `additionalProperties` do not warn undeclared: 58 of 89 published servers send
 * `$schema` and 56 `additionalProperties`, and Gemini clients commonly strip them or send
 * `parametersJsonSchema` instead; a warning on them would be read on nearly every server.
 */
export const gemini: Profile = {
  name: 'gemini',
  title: 'Google Gemini function declarations, parameters (OpenAPI 3.0 Schema subset)',
  modelApi: {
    ...GEMINI_API,
    judges: 'tools[].function_declarations[].name and .parameters of a generateContent request, the OpenAPI-subset Schema',
    clientsStrip: '$schema (promptfoo/promptfoo #4200) and additionalProperties (promptfoo/promptfoo #6902, anomalyco/opencode #14234), and opencode rewrites type lists as nullable; Gemini CLI (google-gemini/gemini-cli #4176) and Vision-Agents (GetStream/Vision-Agents #513) send parametersJsonSchema instead: declare gemini-json-schema for such clients',
  },
  rules: [
    nameRule,
    defineRule({
      id: 'tool-parameters-json-schema-fields',
      entity: 'tool',
      severity: 'error',
      message: "Gemini's parameters Schema has no $schema and no additionalProperties field: the API refuses a declaration that carries either, at any depth, and with it the whole request, unless the client strips them first.",
      source: { title: `${UNKNOWN_NAME.title}; promptfoo/promptfoo #6902 (additionalProperties); GetStream/Vision-Agents #513 (both; fixed by sending parametersJsonSchema)`, url: UNKNOWN_NAME.url },
      fix: 'nothing in most servers (the SDK writes $schema, zod writes additionalProperties): make sure the client strips them or sends parametersJsonSchema, and declare gemini-json-schema; a hand-written schema can leave both out',
      check: ({ fields }) => keywordFindings(fields, ['$schema', 'additionalProperties']),
    }),
    defineRule({
      id: 'tool-parameters-unsupported-keywords',
      entity: 'tool',
      severity: 'error',
      message: "Gemini's parameters Schema has no const, exclusiveMinimum or propertyNames field: the API refuses a declaration that carries one, at any depth (inside anyOf too), and with it the whole request.",
      source: { title: `${UNKNOWN_NAME.title}; zed-industries/zed #44875 (const inside anyOf); n8n-io/n8n #17188 (exclusiveMinimum)`, url: UNKNOWN_NAME.url },
      fix: 'spell const as an enum of one value, exclusiveMinimum as minimum (z.number().min(1), not .positive()), and drop propertyNames (say the rule in the description)',
      check: ({ fields }) => keywordFindings(fields, ['const', 'exclusiveMinimum', 'propertyNames']),
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
      fix: 'one type and nullable: true ({ "type": "string", "nullable": true }), or leave the property out of required instead of allowing null',
      // Why no undeclared warning: zod's .nullable() writes a type list into many servers, Gemini CLI
      // sends parametersJsonSchema (which takes it), and opencode rewrites it as nullable (anomalyco/opencode #14234).
      check: ({ fields }) => typeListFindings(fields),
    }),
  ],
}

/**
 * What Gemini's API refuses when a client sends `parametersJsonSchema` (JSON Schema) instead of
 * `parameters`. Why only the name: that field takes JSON Schema, and no public report shows a
 * schema refused there; the name rule holds on both paths.
 */
export const geminiJsonSchema: Profile = {
  name: 'gemini-json-schema',
  title: 'Google Gemini function declarations, parametersJsonSchema (JSON Schema; Gemini CLI sends MCP tools this way)',
  modelApi: {
    ...GEMINI_API,
    judges: 'tools[].function_declarations[].name of a generateContent request whose schema goes in parametersJsonSchema, which "is mutually exclusive with parameters" (googleapis aiplatform v1 FunctionDeclaration)',
  },
  rules: [nameRule],
}
