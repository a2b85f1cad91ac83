import { toolListTokens, type TokenCost } from '../surface/token-cost.js'
import type { Surface } from '../surface/types.js'
import type { Detected } from './detected.js'
import { jsonEqual } from './json-equal.js'
import type { TokenBudget } from './policy.js'

/** How many of the tools that grew most a change names. */
const GROWN_SHOWN = 3

/**
 * The tool list's token cost grown past the policy's budget, as one server change; nothing without
 * a budget or when the tools an agent is sent are unchanged (the tokenizer is then not even
 * loaded), or when the list did not grow. `growth` is crossed
 * when the live count is more than the recorded one times `1 + growth`, `max` when the live count
 * is above it; the change names each limit crossed and the tools that grew most.
 * Why only when it grew: a release that shrinks the list, or leaves it as it was, made nothing worse.
 * @example diffTokenCost(recorded, live, { growth: 0.2 }) // [{ kind: 'server-token-budget-exceeded', before: 410, after: 530, … }]
 */
export function diffTokenCost(recorded: Surface, live: Surface, budget: TokenBudget | undefined): Detected[] {
  if (budget === undefined) return []
  // Why compared first: a release whose tools are unchanged costs what it cost, and most checks see
  // no drift; they then never load the tokenizer.
  if (jsonEqual(sentParts(recorded), sentParts(live))) return []
  const before = toolListTokens(recorded.tools ?? [])
  const after = toolListTokens(live.tools ?? [])
  if (after.total <= before.total) return []
  const crossed: { growth?: number; max?: number } = {}
  if (budget.growth !== undefined && after.total > before.total * (1 + budget.growth)) crossed.growth = budget.growth
  if (budget.max !== undefined && after.total > budget.max) crossed.max = budget.max
  if (crossed.growth === undefined && crossed.max === undefined) return []
  const name = live.server.name ?? recorded.server.name ?? ''
  return [{ kind: 'server-token-budget-exceeded', entity: 'server', name, path: [], before: before.total, after: after.total, details: { ...crossed, tokenizer: after.tokenizer, grown: grownMost(before, after), largest: largestTools(after) } }]
}

/** How many of the live list's largest tools a change names, for the markdown report's table. */
const LARGEST_SHOWN = 5

/**
 * The live list's costliest tools, largest first. Why beside the growth: a budget is met by
 * trimming where the tokens are, and which tools those are is not what grew this release.
 */
function largestTools(after: TokenCost): { name: string; tokens: number }[] {
  return [...after.tools].sort((a, b) => b.tokens - a.tokens || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).slice(0, LARGEST_SHOWN)
}

/** What is counted of each tool, to compare without counting. */
function sentParts(surface: Surface): unknown[] {
  return (surface.tools ?? []).map((tool) => [tool.name, tool.description, tool.inputSchema])
}

/** The tools whose count grew most (a new tool by all of its count), largest first. */
function grownMost(before: TokenCost, after: TokenCost): { name: string; tokens: number }[] {
  const was = new Map(before.tools.map((tool) => [tool.name, tool.tokens]))
  return after.tools
    .map((tool) => ({ name: tool.name, tokens: tool.tokens - (was.get(tool.name) ?? 0) }))
    .filter((tool) => tool.tokens > 0)
    .sort((a, b) => b.tokens - a.tokens || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, GROWN_SHOWN)
}
