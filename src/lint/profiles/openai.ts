import { defineRule, type ModelApi, type Profile, type ProfileRule } from '../profile-rule.js'
import { metaSchemaFindings } from '../schema-validity.js'
import { FLATTEN } from './advice.js'
import { toolCountRule } from './host-rule-checks.js'
import {
  arrayItemsFindings,
  formatFindings,
  keywordFindings,
  nameFindings,
  objectTypeFindings,
  openObjectFindings,
  optionalPropertyFindings,
  rootKeywordFindings,
  rootPropertiesFindings,
  sizeLimitFindings,
} from './model-rule-checks.js'

const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/

const OPENAI_API: ModelApi = {
  api: "OpenAI's API",
  refusal: "OpenAI's API refuses every request that carries this tool list (400 invalid_request_error), so every message of every GPT agent using the server fails, not only calls to this tool",
  judges: 'tools[].function.name and tools[].function.parameters of a Chat Completions request (the Responses API takes the same fields at tools[])',
}

/** The rules OpenAI's function calling applies with and without strict mode. */
const FUNCTION_RULES: ProfileRule[] = [
  defineRule({
    id: 'tool-name-format',
    entity: 'tool',
    severity: 'error',
    message: "OpenAI's API refuses a function name outside ^[a-zA-Z0-9_-]{1,64}$ (letters, digits, underscore, hyphen, 64 at most), and with it the whole request.",
    source: {
      title: 'openai/openai-node src/resources/shared.ts, FunctionDefinition.name ("Must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64"); anomalyco/opencode #3523 (the API error, quoted: "tools[21].function.name\': string too long. Expected a string with maximum length 64, but got a string with length 65 instead.")',
      url: 'https://github.com/openai/openai-node/blob/master/src/resources/shared.ts',
    },
    fix: 'rename the tool to letters, digits, underscores and hyphens, 64 characters at most: get_items_v2, not get.items or get items:v2',
    warnsUndeclared: true,
    check: ({ fields }) => nameFindings(fields, OPENAI_NAME, 'letters, digits, underscores and hyphens, at most 64'),
  }),
  defineRule({
    id: 'tool-parameters-object-root',
    entity: 'tool',
    severity: 'error',
    message: 'OpenAI\'s API refuses function parameters whose root does not say type: "object" ("schema must be a JSON Schema of \'type: "object"\', got \'type: "None"\'"), as a root anyOf or oneOf without a type is, and with it the whole request.',
    source: {
      title: 'browserbase/stagehand #1159 (the API error, quoted, for parameters without a root type); a root union (z.union, z.discriminatedUnion) serializes to a root anyOf or oneOf with no type',
      url: 'https://github.com/browserbase/stagehand/issues/1159',
    },
    fix: `give the root type: "object" with properties: ${FLATTEN}`,
    check: ({ fields }) => objectTypeFindings(fields),
  }),
  defineRule({
    id: 'tool-parameters-array-items',
    entity: 'tool',
    severity: 'error',
    message: 'OpenAI\'s API refuses function parameters with an array schema that gives no items, at any depth ("Invalid schema for function \'…\': In context=(\'properties\', \'texts\'), array schema missing items."), strict or not, and with it the whole request.',
    source: {
      title: 'mark3labs/mcphost #35 (the API error, quoted); spacelift-io/spacectl #402 (the same, fixed by #435); garrytan/gbrain #833 and #1103 ("param: tools[20].parameters, code: invalid_function_parameters")',
      url: 'https://github.com/mark3labs/mcphost/issues/35',
    },
    fix: 'give every array an items schema: items: { "type": "string" } (z.array(z.string()), not z.array(z.any()))',
    warnsUndeclared: true,
    check: ({ fields }) => arrayItemsFindings(fields),
  }),
  defineRule({
    id: 'tool-parameters-object-properties',
    entity: 'tool',
    severity: 'error',
    message: 'OpenAI\'s API refuses function parameters whose object root gives no properties ("Invalid schema for function \'get_me\': In context=(), object schema missing properties."), as a tool without arguments often sends, strict or not, and with it the whole request.',
    source: {
      title: 'github/github-mcp-server #1548 (the API error, quoted); Azure/azure-mcp #197 (the same); microsoft/playwright-mcp #1191 (tools without arguments)',
      url: 'https://github.com/github/github-mcp-server/issues/1548',
    },
    fix: 'give a tool without arguments an empty properties: { "type": "object", "properties": {} }',
    warnsUndeclared: true,
    check: ({ fields }) => rootPropertiesFindings(fields),
  }),
  defineRule({
    id: 'tool-parameters-valid-schema',
    entity: 'tool',
    severity: 'error',
    message: "OpenAI's API validates function parameters as JSON Schema and refuses one that is not valid (\"Invalid schema for function 'MCP_List': [] is not of type 'object'\"), strict or not, and with it the whole request.",
    source: {
      title: "nerding-io/n8n-nodes-mcp #83 (the API error, quoted, for properties: []); cbdb-project/cbdb-online-main-server #879 (the same: \"Invalid schema for function 'list_allowed_tables': [] is not of type 'object'\")",
      url: 'https://github.com/nerding-io/n8n-nodes-mcp/issues/83',
    },
    needsRawSurface: 'a contract file holds canonical schemas (keywords rewritten), not the text the API validates',
    fix: 'write each keyword with the value type JSON Schema 2020-12 gives it: properties an object, required a list of names, exclusiveMinimum a number (not the draft-4 true beside minimum)',
    check: ({ fields }) => metaSchemaFindings(fields),
  }),
  toolCountRule({
    limit: 128,
    severity: 'error',
    message: "OpenAI's API refuses a request that carries more than 128 tools (\"Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length 142 instead.\"): this server alone passes it, so every request fails.",
    source: {
      title: "anomalyco/opencode #4909 (the API error, quoted); vishalmysore/Tools4AI #16 (code: array_above_max_length); zed-industries/zed #32946 (the same in Zed)",
      url: 'https://github.com/anomalyco/opencode/issues/4909',
    },
    fix: 'expose fewer tools: group related operations into one tool with an operation argument, or let users enable groups of tools',
  }),
]

/** What OpenAI's function calling refuses in a request's `tools`, strict mode off (the default of both APIs). */
export const openai: Profile = {
  name: 'openai',
  title: 'OpenAI function calling (Chat Completions and Responses), strict mode off',
  modelApi: OPENAI_API,
  rules: FUNCTION_RULES,
}

const STRICT_MODE_GUIDE = 'OpenAI structured outputs guide, Supported schemas'

/** The string formats strict mode takes (the structured outputs guide's list). */
const STRICT_FORMATS = ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'] as const

/** The keywords strict mode refuses at any depth (the structured outputs guide's "not supported" list, and oneOf). */
const STRICT_UNSUPPORTED = ['oneOf', 'allOf', 'not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas'] as const

/**
 * What OpenAI's strict mode adds. Why a profile of its own: a client chooses strict per function,
 * and with `strict` left out both APIs judge non-strict; Codex, Visual Studio's Copilot and
 * Chatbox send `strict: true`, and so refuse what this profile refuses.
 */
export const openaiStrict: Profile = {
  name: 'openai-strict',
  title: 'OpenAI function calling with strict: true (structured outputs), as Codex, Visual Studio\'s Copilot and Chatbox send it',
  modelApi: {
    ...OPENAI_API,
    judges: `${OPENAI_API.judges}, sent with strict: true. With strict left out both APIs judge non-strict (declare openai); clients that send strict: true include Codex (garrytan/gbrain #904), Visual Studio's Copilot on the Responses API (github/github-mcp-server #2011) and Chatbox 1.15.4 (chatboxai/chatbox #2583)`,
  },
  rules: [
    ...FUNCTION_RULES,
    defineRule({
      id: 'tool-parameters-closed-objects',
      entity: 'tool',
      severity: 'error',
      message: "With strict: true, OpenAI's API refuses function parameters in which an object schema, at any depth, does not say additionalProperties: false (\"'additionalProperties' is required to be supplied and to be false\"), and with it the whole request.",
      source: {
        title: 'trycompai/comp #2792 (the API error, quoted); github/github-mcp-server #2011 (the same from Visual Studio\'s Copilot)',
        url: 'https://github.com/trycompai/comp/pull/2792',
      },
      fix: "add additionalProperties: false to every object schema (z.object(…).strict() in zod). Gemini's parameters refuses the field: where Gemini is declared too, its clients must strip it (declare gemini-sanitized) or send parametersJsonSchema (gemini-json-schema)",
      check: ({ fields }) => openObjectFindings(fields),
    }),
    defineRule({
      id: 'tool-parameters-all-required',
      entity: 'tool',
      severity: 'error',
      message: "With strict: true, OpenAI's API refuses function parameters in which an object schema leaves a property out of required (\"'required' is required to be supplied and to be an array including every key in properties. Missing 'search_depth'.\"), and with it the whole request.",
      source: {
        title: 'chatboxai/chatbox #2583 (the API error, quoted, once Chatbox 1.15.4 sent strict: true); docker/docker-agent #1871 (the same)',
        url: 'https://github.com/chatboxai/chatbox/issues/2583',
      },
      fix: "list every property in required, and spell an optional one as nullable: type: [\"string\", \"null\"] (z.string().nullable() instead of .optional()). Gemini's parameters refuses a type list: where Gemini is declared too, its client must rewrite it (opencode does) or send parametersJsonSchema (gemini-json-schema)",
      check: ({ fields }) => optionalPropertyFindings(fields),
    }),
    defineRule({
      id: 'tool-parameters-strict-keywords',
      entity: 'tool',
      severity: 'error',
      message: "With strict: true, OpenAI's API refuses function parameters that use oneOf, allOf, not, if/then/else, dependentRequired or dependentSchemas at any depth (\"In context=('properties', 'data'), 'oneOf' is not permitted.\"), and with it the whole request.",
      source: {
        title: `${STRICT_MODE_GUIDE} (allOf, not, dependentRequired, dependentSchemas, if, then, else "not supported"; anyOf is); the API error for oneOf quoted in ai-dynamo/dynamo #15153`,
        url: 'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas',
      },
      fix: `spell alternatives as anyOf inside a property (not at the root), and a conditional rule without a combinator: ${FLATTEN}`,
      check: ({ fields }) => keywordFindings(fields, STRICT_UNSUPPORTED),
    }),
    defineRule({
      id: 'tool-parameters-root-any-of',
      entity: 'tool',
      severity: 'error',
      message: "With strict: true, OpenAI's API refuses function parameters whose root is an anyOf (\"Root objects must not be anyOf and must be an object\"), and with it the whole request.",
      source: { title: `${STRICT_MODE_GUIDE} ("the root level object of a schema must be an object, and not use anyOf")`, url: 'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas' },
      fix: `${FLATTEN}; keep anyOf inside a property`,
      check: ({ fields }) => rootKeywordFindings(fields, ['anyOf']),
    }),
    defineRule({
      id: 'tool-parameters-format',
      entity: 'tool',
      severity: 'error',
      message: `With strict: true, OpenAI's API refuses a string format outside ${STRICT_FORMATS.join(', ')} ("In context=('properties', 'url'), 'uri' is not a valid format."), and with it the whole request; zod's .url() writes uri.`,
      source: {
        title: `can1357/oh-my-pi #206 (the API error, quoted, through GitHub Copilot's strict mode); ${STRICT_MODE_GUIDE} (the supported formats)`,
        url: 'https://github.com/can1357/oh-my-pi/issues/206',
      },
      fix: 'drop the format and say it in the description ("an https URL"), or use one of the supported formats; check the value in the handler',
      check: ({ fields }) => formatFindings(fields, 'string', STRICT_FORMATS),
    }),
    defineRule({
      id: 'tool-parameters-size',
      entity: 'tool',
      severity: 'error',
      message: "With strict: true, OpenAI's API refuses function parameters with more than 5000 properties in all, more than 10 levels of object nesting, or more than 1000 enum values in all (\"Expected at most 500 enum values in total within a single schema when using structured outputs, but received 520\", under an older limit), and with it the whole request.",
      source: {
        title: `${STRICT_MODE_GUIDE} (up to 5000 object properties in total, 10 levels of nesting, 1000 enum values; mirrored in docs.telepatia.ai's schema limits); the API error quoted on community.openai.com, "500 Enums Limitation in Structured Output"`,
        url: 'https://community.openai.com/t/500-enums-limitation-in-structured-output/974416',
      },
      fix: 'split the tool, or take the long list of allowed values as a plain string checked in the handler',
      check: ({ fields }) => sizeLimitFindings(fields, { properties: 5000, depth: 10, enumValues: 1000 }),
    }),
  ],
}
