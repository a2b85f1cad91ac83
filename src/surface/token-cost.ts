import { createRequire } from 'node:module'
import type { SurfaceTool } from './types.js'

/** What the counts are made with, as reports name it. */
export const TOKENIZER = 'o200k_base (gpt-tokenizer)'

/** What one tool of the list costs an agent, in tokens. */
export interface ToolTokens {
  name: string
  tokens: number
}

/** What a tool list costs an agent: each tool's tokens, in the list's order, and their sum. */
export interface TokenCost {
  /** The encoding and the package that counted ({@link TOKENIZER}). */
  tokenizer: string
  total: number
  tools: ToolTokens[]
}

type CountTokens = (text: string, options?: { disallowedSpecial?: Set<string> }) => number

let countTokens: CountTokens | undefined

/**
 * What each tool costs an agent that sends the list to a model, counted with `o200k_base`, the
 * encoding of GPT-4o and later OpenAI models (https://github.com/niieani/gpt-tokenizer, its README). What is counted is the tool as a client puts
 * it in a model request: the JSON text of its name, description and input schema (the shape of an
 * Anthropic `tools[]` entry); title, annotations and output schema are not sent to the model.
 * Why approximate, and said so: Claude and Gemini tokenize with their own vocabularies, Claude adds
 * a tool-use system prompt (https://docs.anthropic.com/en/docs/tool-use-pricing-and-tokens)
 * and OpenAI formatting tokens to a request with tools, which only each provider's counting
 * endpoint sees (https://developers.openai.com/api/docs/guides/token-counting,
 * https://docs.anthropic.com/en/docs/build-with-claude/token-counting, https://ai.google.dev/gemini-api/docs/tokens).
 * Why the normalized tool: the contract records it, so `show` and a check count the same text.
 * @example toolListTokens(surface.tools ?? []) // { tokenizer: 'o200k_base (gpt-tokenizer)', total: 58, tools: [{ name: 'search', tokens: 58 }] }
 */
export function toolListTokens(tools: readonly SurfaceTool[]): TokenCost {
  const count = loadTokenizer()
  // Why no special token refused: a description may hold `<|endoftext|>`, which the API reads as text.
  const plain = { disallowedSpecial: new Set<string>() }
  const counted = tools.map((tool): ToolTokens => ({ name: tool.name, tokens: count(JSON.stringify(sentToModel(tool)), plain) }))
  return { tokenizer: TOKENIZER, total: counted.reduce((sum, tool) => sum + tool.tokens, 0), tools: counted }
}

/** The part of a tool a client sends to the model, in the key order of Anthropic's `tools[]` entry. */
function sentToModel(tool: SurfaceTool): { name: string; description?: string; input_schema: unknown } {
  return { name: tool.name, ...(tool.description === undefined ? {} : { description: tool.description }), input_schema: tool.inputSchema }
}

/**
 * The tokenizer, loaded on first use. Why not a static import: its vocabulary takes about 150 ms
 * to load, and only `show --tokens` and a check with a token budget count anything; every other
 * check, and the matchers' setup file, must not pay for it.
 */
function loadTokenizer(): CountTokens {
  return (countTokens ??= (createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as { countTokens: CountTokens }).countTokens)
}
