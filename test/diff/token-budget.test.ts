import { describe, expect, test } from 'vitest'
import { diffSurfaces } from '../../src/diff/diff-surfaces.js'
import { policyProblem } from '../../src/diff/policy.js'
import { describeChange } from '../../src/report/describe-change.js'
import { formatReport, toJsonReport } from '../../src/report/format-report.js'
import { toolListTokens } from '../../src/surface/token-cost.js'
import { objectSchema, surface, tool } from '../support/build-surface.js'

const search = tool('search', { description: 'Search the catalog by text.', inputSchema: objectSchema({ q: { type: 'string', description: 'What to look for' } }, ['q']) })
const fetchTool = tool('fetch', { description: 'Fetch one product by id.', inputSchema: objectSchema({ id: { type: 'string' } }, ['id']) })
const longer = { ...search, description: `${search.description} ${'It matches names, tags and descriptions, ranks by relevance and pages through results. '.repeat(4)}` }

const v1 = surface({ tools: [search, fetchTool] })
const v2 = surface({ tools: [longer, fetchTool, tool('export_csv', { description: 'Export every product as CSV.' })] })

/** The token-budget changes of a diff under a policy, as a table row pins them. */
function budgetChanges(before = v1, after = v2, tokenBudget?: { growth?: number; max?: number }) {
  return diffSurfaces(before, after, tokenBudget ? { tokenBudget } : {})
    .changes.filter((change) => change.kind === 'server-token-budget-exceeded')
    .map((change) => ({ severity: change.severity, before: change.before, after: change.after, says: `${describeChange(change).what}; ${describeChange(change).effect}` }))
}

describe('what a tool costs an agent', () => {
  test('each tool counts its name, description and input schema as JSON, and the total is their sum', () => {
    const cost = toolListTokens([search, fetchTool])
    expect(cost).toMatchInlineSnapshot(`
      {
        "tokenizer": "o200k_base (gpt-tokenizer)",
        "tools": [
          {
            "name": "search",
            "tokens": 41,
          },
          {
            "name": "fetch",
            "tokens": 34,
          },
        ],
        "total": 75,
      }
    `)
    // Why: title, hints and output schema are not what a client sends the model, so they cost nothing.
    expect(toolListTokens([{ ...search, title: 'Search', outputSchema: objectSchema({ hits: { type: 'array' } }), hints: { ...search.hints, readOnlyHint: true } }]).total).toBe(41)
  })

  test('a text that holds a special token of the encoding is counted as text, not refused', () => {
    expect(toolListTokens([{ ...search, description: 'Stops at <|endoftext|> markers.' }]).total).toBeGreaterThan(0)
  })
})

describe('a release against the token budget', () => {
  test.each([
    { title: 'no budget: nothing counted, nothing reported', budget: undefined, expected: [] },
    { title: 'growth crossed', budget: { growth: 0.2 }, expected: [{ severity: 'risky', before: 75, after: 161 }] },
    { title: 'growth not crossed', budget: { growth: 1.5 }, expected: [] },
    { title: 'max crossed', budget: { max: 100 }, expected: [{ severity: 'risky', before: 75, after: 161 }] },
    { title: 'max not crossed', budget: { max: 200 }, expected: [] },
    { title: 'both crossed: one change', budget: { growth: 0, max: 100 }, expected: [{ severity: 'risky', before: 75, after: 161 }] },
  ])('$title', ({ budget, expected }) => {
    expect(budgetChanges(v1, v2, budget)).toMatchObject(expected)
  })

  test('growth: a release that shrinks the list, or keeps it, is never reported', () => {
    expect(budgetChanges(v2, v1, { growth: 0 })).toEqual([])
    expect(budgetChanges(v2, v2, { growth: 0 })).toEqual([])
  })

  test('max is a ceiling: a list recorded above it fails while it stays above, shrunk or unchanged, and passes once it fits', () => {
    expect(budgetChanges(v2, v1, { growth: 0, max: 50 }).map((change) => change.says)).toMatchInlineSnapshot(`
      [
        "tool list costs 75 tokens (161 recorded), past the token budget's max of 50; every request an agent sends carries a tool list past the budget the project set",
      ]
    `)
    expect(budgetChanges(v2, v2, { max: 150 }).map((change) => change.says)).toMatchInlineSnapshot(`
      [
        "tool list costs 161 tokens (161 recorded), past the token budget's max of 150; every request an agent sends carries a tool list past the budget the project set",
      ]
    `)
    expect(budgetChanges(v2, v1, { max: 150 })).toEqual([])
  })

  test('the message names the counts, the growth, each limit crossed and the tools that grew most', () => {
    expect(budgetChanges(v1, v2, { growth: 0.2 }).map((change) => change.says)).toMatchInlineSnapshot(`
      [
        "tool list grew from 75 to 161 tokens (+115%), past the token budget's growth of 20%; most from search (+65), export_csv (+21); every request an agent sends carries the larger tool list, past the budget the project set",
      ]
    `)
    expect(budgetChanges(v1, v2, { growth: 0.05, max: 150 }).map((change) => change.says)).toMatchInlineSnapshot(`
      [
        "tool list grew from 75 to 161 tokens (+115%), past the token budget's growth of 5% and max of 150; most from search (+65), export_csv (+21); every request an agent sends carries the larger tool list, past the budget the project set",
      ]
    `)
    expect(budgetChanges(surface({ tools: [] }), v1, { max: 50 }).map((change) => change.says)).toMatchInlineSnapshot(`
      [
        "tool list grew from 0 to 75 tokens (+75), past the token budget's max of 50; most from search (+41), fetch (+34); every request an agent sends carries the larger tool list, past the budget the project set",
      ]
    `)
  })

  test('it fails a check at the default level, and ignore drops it', () => {
    expect(diffSurfaces(v1, surface({ tools: [longer, fetchTool] }), { tokenBudget: { growth: 0.2 } }).ok).toBe(false)
    expect(diffSurfaces(v1, surface({ tools: [longer, fetchTool] }), { tokenBudget: { growth: 0.2 }, ignore: ['server-token-budget-exceeded'] }).ok).toBe(true)
  })

  test('the JSON report pins its counts and figures', () => {
    const json = toJsonReport(diffSurfaces(v1, v2, { tokenBudget: { growth: 0.2, max: 150 } }))
    expect(json.changes.find((change) => change.kind === 'server-token-budget-exceeded')).toMatchInlineSnapshot(`
      {
        "after": 161,
        "before": 75,
        "entity": "server",
        "kind": "server-token-budget-exceeded",
        "message": "server: tool list grew from 75 to 161 tokens (+115%), past the token budget's growth of 20% and max of 150; most from search (+65), export_csv (+21); every request an agent sends carries the larger tool list, past the budget the project set",
        "name": "demo",
        "path": "",
        "severity": "risky",
        "tokenBudget": {
          "grown": [
            {
              "name": "search",
              "tokens": 65,
            },
            {
              "name": "export_csv",
              "tokens": 21,
            },
          ],
          "growth": 0.2,
          "largest": [
            {
              "name": "search",
              "tokens": 106,
            },
            {
              "name": "fetch",
              "tokens": 34,
            },
            {
              "name": "export_csv",
              "tokens": 21,
            },
          ],
          "max": 150,
          "tokenizer": "o200k_base (gpt-tokenizer)",
        },
      }
    `)
  })
  test('the markdown report lists the largest tools with their share, and asks to trim what the model does not need', () => {
    const markdown = formatReport(diffSurfaces(v1, v2, { tokenBudget: { growth: 0.2, max: 150 } }), { format: 'markdown' })
    expect(markdown.slice(markdown.indexOf('**Largest tools**'))).toMatchInlineSnapshot(`
      "**Largest tools** (of 161 tokens in the tool list; trim what the model does not need to choose and call a tool, not what it does)

      | tool | tokens | share |
      | --- | --- | --- |
      | search | 106 | 66% |
      | fetch | 34 | 21% |
      | export_csv | 21 | 13% |
      "
    `)
  })
})

describe('a token budget written wrong', () => {
  test.each([
    { budget: 0.2, says: 'tokenBudget must be an object such as { growth: 0.2 } (20% more than recorded) or { max: 8000 } (tokens in all); got 0.2.' },
    { budget: {}, says: 'tokenBudget must set growth, max or both, such as { growth: 0.2 } (20% more than recorded) or { max: 8000 } (tokens in all).' },
    { budget: { grow: 0.2 }, says: 'tokenBudget has an unknown key "grow". Did you mean "growth"? Its keys are growth and max.' },
    { budget: { growth: '20%' }, says: 'tokenBudget.growth must be a fraction of the recorded count, 0 or more (0.2 allows 20% more); got "20%".' },
    { budget: { growth: -0.1 }, says: 'tokenBudget.growth must be a fraction of the recorded count, 0 or more (0.2 allows 20% more); got -0.1.' },
    { budget: { max: 0 }, says: 'tokenBudget.max must be a whole number of tokens above 0, such as 8000; got 0.' },
    { budget: { max: 1.5 }, says: 'tokenBudget.max must be a whole number of tokens above 0, such as 8000; got 1.5.' },
  ])('$budget', ({ budget, says }) => {
    expect(policyProblem({ tokenBudget: budget })).toBe(says)
    expect(() => diffSurfaces(v1, v2, { tokenBudget: budget as never })).toThrow(says)
  })
})
