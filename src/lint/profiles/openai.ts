import { defineRule, type ModelApi, type Profile, type ProfileRule } from '../profile-rule.js'
import { nameFindings, objectTypeFindings, openObjectFindings, optionalPropertyFindings } from './model-rule-checks.js'

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
      title: 'openai/openai-node src/resources/shared.ts, FunctionDefinition.name ("Must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64")',
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
      title: 'browserbase/stagehand #1159 (the API error, quoted)',
      url: 'https://github.com/browserbase/stagehand/issues/1159',
    },
    fix: 'give the root type: "object" with properties; state alternatives inside a property, or as a root if/then/else beside type: "object"',
    check: ({ fields }) => objectTypeFindings(fields),
  }),
]

/** What OpenAI's function calling refuses in a request's `tools`, strict mode off (the Chat Completions default). */
export const openai: Profile = {
  name: 'openai',
  title: 'OpenAI function calling (Chat Completions and Responses), strict mode off',
  modelApi: OPENAI_API,
  rules: FUNCTION_RULES,
}

const STRICT_MODE = {
  title: 'OpenAI function calling guide, strict mode (the API error, quoted in trycompai/comp #2792: "additionalProperties is required to be supplied and to be false")',
  url: 'https://platform.openai.com/docs/guides/function-calling#strict-mode',
}

/**
 * What OpenAI's strict mode adds. Why a profile of its own: a client chooses strict per function, and
 * the Responses API makes it the default unless `strict: false` is sent.
 */
export const openaiStrict: Profile = {
  name: 'openai-strict',
  title: 'OpenAI function calling with strict: true (structured outputs; the Responses API default)',
  modelApi: { ...OPENAI_API, judges: `${OPENAI_API.judges}, sent with strict: true` },
  rules: [
    ...FUNCTION_RULES,
    defineRule({
      id: 'tool-parameters-closed-objects',
      entity: 'tool',
      severity: 'error',
      message: "With strict: true, OpenAI's API refuses function parameters in which an object schema, at any depth, does not say additionalProperties: false, and with it the whole request.",
      source: STRICT_MODE,
      fix: 'add additionalProperties: false to every object schema (z.object(…).strict() in zod)',
      check: ({ fields }) => openObjectFindings(fields),
    }),
    defineRule({
      id: 'tool-parameters-all-required',
      entity: 'tool',
      severity: 'error',
      message: "With strict: true, OpenAI's API refuses function parameters in which an object schema leaves a property out of required, and with it the whole request.",
      source: STRICT_MODE,
      fix: 'list every property in required, and spell an optional one as nullable: type: ["string", "null"] (z.string().nullable() instead of .optional())',
      check: ({ fields }) => optionalPropertyFindings(fields),
    }),
  ],
}
