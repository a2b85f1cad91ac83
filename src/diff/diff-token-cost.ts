import { toolListTokens, type TokenCost } from '../surface/token-cost.js'
import type { Surface } from '../surface/types.js'
import type { Detected } from './detected.js'
import { jsonEqual } from './json-equal.js'
import type { TokenBudget } from './policy.js'

/** How many of the tools that grew most a change names. */
const GROWN_SHOWN = 3

/**
 * The tool list's token cost past the policy's budget, as one server change; nothing without a
 * budget. `growth` is crossed when the live count is more than the recorded one times
 * `1 + growth`, `max` when the live count is above it; the change names each limit crossed and
 * the tools that grew most.
 * Why growth only when the tools changed: a release that leaves them as they were, or shrinks
 * them, grew nothing (and such a check never loads the tokenizer). Why max on every list, changed
 * or not, grown or not: it is a ceiling, and a list recorded above it (or recorded before the
 * project set it) must fail until it fits, not pass because the release did not make it worse.
 * @example diffTokenCost(recorded, live, { growth: 0.2 }) // [{ kind: 'server-token-budget-exceeded', before: 410, after: 530, … }]
 */
export function diffTokenCost(recorded: Surface, live: Surface, budget: TokenBudget | undefined): Detected[] {
  if (budget === undefined) return []
  // Why compared first: a release whose tools are unchanged costs what it cost, and most checks see
  // no drift; without a max they then never load the tokenizer.
  const unchanged = jsonEqual(sentParts(recorded), sentParts(live))
  if (unchanged && budget.max === undefined) return []
  const before = toolListTokens(recorded.tools ?? [])
  const after = unchanged ? before : toolListTokens(live.tools ?? [])
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
