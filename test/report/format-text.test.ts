import { describe, expect, test } from 'vitest'
import { diffSurfaces } from '../../src/diff/diff-surfaces.js'
import { formatReport } from '../../src/report/format-report.js'
import { wantsColor } from '../../src/report/text-colors.js'
import { objectSchema, prompt, surface, tool } from '../support/build-surface.js'
import { xmlProblem } from '../support/well-formed-xml.js'

// A long report: several changes on one tool, hint changes of both kinds on another, a prompt and the server.
const before = surface({
  server: { name: 'demo', capabilities: { tools: {}, prompts: {} }, instructions: 'Search first.' },
  tools: [
    tool('search', { description: 'Find items.', inputSchema: objectSchema({ q: { type: 'string' }, limit: { type: 'integer' } }, ['q']) }),
    tool('delete_item', { hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true } }),
    tool('legacy_export'),
  ],
  prompts: [prompt('summarize', ['topic'])],
})
const after = surface({
  server: { name: 'demo', capabilities: { tools: {}, prompts: {} }, instructions: 'Search first, then fetch.' },
  tools: [
    tool('search', { description: 'Find items by text.', inputSchema: objectSchema({ q: { type: 'string' }, limit: { type: 'integer', maximum: 50 }, page: { type: 'integer' } }, ['q', 'limit']) }),
    tool('delete_item', { hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false } }),
  ],
  prompts: [prompt('summarize', ['topic!'])],
})
const report = diffSurfaces(before, after)

const ESC = String.fromCharCode(27)

describe('the grouped text report', () => {
  test('groups changes by tool, collapses a tool’s hint changes into one line, and ends with the summary', () => {
    const text = formatReport(report)
    expect(text).not.toContain(ESC)
    expect(text).toMatchSnapshot()
  })

  test('in colour (what FORCE_COLOR=1 gives on the CLI), the same words with ANSI styles', () => {
    const text = formatReport(report, { color: true })
    expect(text).toContain(`${ESC}[`)
    expect(text.replace(new RegExp(`${ESC}\\[\\d+m`, 'g'), '')).toBe(formatReport(report))
    expect(text).toMatchSnapshot()
  })

  test('colour is for text only: every other format stays plain even when asked', () => {
    for (const format of ['json', 'markdown', 'junit', 'sarif', 'github'] as const) expect(formatReport(report, { format, color: true })).not.toContain(ESC)
    expect(xmlProblem(formatReport(report, { format: 'junit' }))).toBeUndefined()
  })

  test('one hint change on a tool keeps its own two lines', () => {
    const one = diffSurfaces(surface({ tools: [tool('t', { hints: { readOnlyHint: true } })] }), surface({ tools: [tool('t')] }))
    expect(formatReport(one)).toMatchInlineSnapshot(`
      "security · 1 breaking
        breaking  hint-reversed  t
            readOnlyHint true → false; clients that auto-approve, retry or cache calls on this promise now act on a false one
      1 change · 1 breaking — fails at risky and above
      "
    `)
  })
})

describe('when the CLI colours its text report', () => {
  test.each([
    { title: 'a terminal', env: {}, terminal: true, expected: true },
    { title: 'a pipe', env: {}, terminal: false, expected: false },
    { title: 'a terminal with TERM=dumb', env: { TERM: 'dumb' }, terminal: true, expected: false },
    { title: 'NO_COLOR on a terminal', env: { NO_COLOR: '1' }, terminal: true, expected: false },
    { title: 'NO_COLOR wins over FORCE_COLOR', env: { NO_COLOR: '1', FORCE_COLOR: '1' }, terminal: true, expected: false },
    { title: 'an empty NO_COLOR is not set', env: { NO_COLOR: '' }, terminal: true, expected: true },
    { title: 'FORCE_COLOR=1 into a pipe', env: { FORCE_COLOR: '1' }, terminal: false, expected: true },
    { title: 'FORCE_COLOR=0 on a terminal', env: { FORCE_COLOR: '0' }, terminal: true, expected: false },
    { title: 'CI alone does not colour a pipe', env: { CI: 'true' }, terminal: false, expected: false },
  ])('$title: $expected', ({ env, terminal, expected }) => {
    expect(wantsColor(env, terminal)).toBe(expected)
  })
})
