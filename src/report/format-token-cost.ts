import type { TokenCost } from '../surface/token-cost.js'
import { counted } from './counted.js'

/**
 * What a tool list costs an agent, for `show --tokens`: in text, one line per tool (largest first,
 * the count right-aligned), then the total and what counted it; in JSON, `{ tokens }` as
 * {@link TokenCost} holds it, tools largest first too.
 * Why "an estimate" said in the text: the encoding is OpenAI's, and Claude and Gemini tokenize with
 * their own vocabularies and wrap tools their own way, which only their counting endpoints see.
 * @example formatTokenCost({ tokenizer: 'o200k_base (gpt-tokenizer)', total: 58, tools: [{ name: 'search', tokens: 58 }] }, 'text')
 */
export function formatTokenCost(cost: TokenCost, format: 'text' | 'json'): string {
  const largestFirst = [...cost.tools].sort((a, b) => b.tokens - a.tokens || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  // Why largest first in JSON too: the README says so, and a reader looks for the tools to trim.
  if (format === 'json') return `${JSON.stringify({ tokens: { ...cost, tools: largestFirst } }, null, 2)}\n`
  const header = `what the tool list costs an agent in tokens (each tool's name, description and input schema as JSON, counted with ${cost.tokenizer}; Claude and Gemini count with their own tokenizers, so read it as an estimate):`
  if (cost.tools.length === 0) return `${header}\n  no tools: 0 tokens\n`
  const total = 'total'
  const nameWidth = Math.max(total.length, ...cost.tools.map((tool) => tool.name.length))
  const countWidth = words(cost.total).length
  const line = (name: string, tokens: number) => `  ${name.padEnd(nameWidth)}  ${words(tokens).padStart(countWidth)}`
  return [header, ...largestFirst.map((tool) => line(tool.name, tool.tokens)), `${line(total, cost.total)} (${counted(cost.tools.length, 'tool')})`].join('\n') + '\n'
}

function words(tokens: number): string {
  return tokens.toLocaleString('en-US')
}
