import type { Change } from '../change.js'
import { defineKind, fixed } from '../define-kind.js'

/** Detects a tool list that costs an agent more tokens than the policy's `tokenBudget` allows: grown too much, or above its max. */
export const serverTokenBudgetExceeded = defineKind({
  id: 'server-token-budget-exceeded',
  entity: 'server',
  movesValue: true,
  purpose: "Detects a tool list whose token count (name, description and input schema of every tool, as an agent sends them to the model) is past the policy's tokenBudget: grown more than its growth over the recorded count, or above its max (grown or not).",
  // Why risky, not routing: every call still works, but every request of every agent carries the larger
  // list (its cost, and context the conversation no longer has), and the project set the budget
  // to stop such a release; routing would only fail under `strict`, so the budget would not hold.
  // Why not breaking: each request still fits what the API accepts; the budget is the project's own.
  severity: fixed('risky'),
  reason: { risky: 'every request an agent sends carries the larger tool list, past the budget the project set' },
  // Why said apart: accepting it breaks no caller, and the matchers must not say it does.
  acceptRisk: 'records a tool list past the token budget the project set',
  // Why: a list recorded above max and not grown is not larger; it is still past the budget.
  effect: (change) => (Number(change.after) > Number(change.before) ? undefined : 'every request an agent sends carries a tool list past the budget the project set'),
  message: (change) =>
    Number(change.after) > Number(change.before)
      ? `tool list grew from ${tokens(change.before)} to ${tokens(change.after)} tokens (${growthWords(change)}), past the token budget's ${limitWords(change)}${grownWords(change)}`
      : `tool list costs ${tokens(change.after)} tokens (${tokens(change.before)} recorded), past the token budget's ${limitWords(change)}`,
  example: 'tokenBudget `{ growth: 0.2 }`: the tool list grew from 1,204 to 1,580 tokens (+31%)',
})

function tokens(value: unknown): string {
  return Number(value).toLocaleString('en-US')
}

/** `+31%`, or `+120` where nothing was counted before. */
function growthWords(change: Change): string {
  const before = Number(change.before)
  const after = Number(change.after)
  return before === 0 ? `+${tokens(after)}` : `+${Math.round(((after - before) / before) * 100)}%`
}

/** The limits crossed: `growth of 20%`, `max of 8,000`, or both. */
function limitWords(change: Change): string {
  const { growth, max } = change.details ?? {}
  const limits = [...(typeof growth === 'number' ? [`growth of ${Math.round(growth * 1000) / 10}%`] : []), ...(typeof max === 'number' ? [`max of ${tokens(max)}`] : [])]
  return limits.join(' and ')
}

/** `; most from search (+300), fetch (+76)`: the tools that grew most. */
function grownWords(change: Change): string {
  const grown = Array.isArray(change.details?.grown) ? (change.details.grown as { name: string; tokens: number }[]) : []
  return grown.length === 0 ? '' : `; most from ${grown.map((tool) => `${tool.name} (+${tokens(tool.tokens)})`).join(', ')}`
}
