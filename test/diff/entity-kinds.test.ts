import { describe, expect, test } from 'vitest'
import { diffSurfaces } from '../../src/diff/diff-surfaces.js'
import { describeChange } from '../../src/report/describe-change.js'
import type { Surface, ToolHints } from '../../src/surface/types.js'
import { objectSchema, prompt, surface, tool } from '../support/build-surface.js'

/** Runs the diff and keeps what a table row pins: kind, severity, location and words. */
function changes(before: Surface, after: Surface) {
  return diffSurfaces(before, after).changes.map((change) => {
    const words = describeChange(change)
    return { kind: change.kind, severity: change.severity, where: words.location, says: `${words.what}; ${words.effect}` }
  })
}

const search = tool('search', { inputSchema: objectSchema({ q: { type: 'string' } }, ['q']) })

describe('tools', () => {
  test.each([
    { title: 'no change', before: surface({ tools: [search] }), after: surface({ tools: [search] }), expected: [] },
    {
      title: 'tool removed',
      before: surface({ tools: [search, tool('export_csv', { inputSchema: objectSchema({ rows: { type: 'integer' } }) })] }),
      after: surface({ tools: [search] }),
      expected: [{ kind: 'tool-removed', severity: 'breaking', where: 'export_csv', says: 'the tool is gone; an agent that calls it fails' }],
    },
    {
      title: 'tool added',
      before: surface({ tools: [search] }),
      after: surface({ tools: [search, tool('fetch')] }),
      expected: [{ kind: 'tool-added', severity: 'additive', where: 'fetch', says: 'new tool; callers gain a tool; nothing they do changes' }],
    },
    {
      title: 'suspected rename is reported once',
      before: surface({ tools: [search] }),
      after: surface({ tools: [{ ...search, name: 'find' }] }),
      expected: [
        { kind: 'tool-renamed', severity: 'breaking', where: 'search', says: 'suspected rename to find (identical schemas); an agent that calls the old name fails' },
      ],
    },
    {
      title: 'two candidates: no rename guessed',
      before: surface({ tools: [search] }),
      after: surface({ tools: [{ ...search, name: 'find' }, { ...search, name: 'lookup' }] }),
      expected: [
        { kind: 'tool-removed', severity: 'breaking', where: 'search', says: 'the tool is gone; an agent that calls it fails' },
        { kind: 'tool-added', severity: 'additive', where: 'find', says: 'new tool; callers gain a tool; nothing they do changes' },
        { kind: 'tool-added', severity: 'additive', where: 'lookup', says: 'new tool; callers gain a tool; nothing they do changes' },
      ],
    },
    {
      title: 'the same name spelled another way, schemas changed: a likely rename',
      before: surface({ tools: [tool('getTinyImage'), tool('printEnv')] }),
      after: surface({ tools: [tool('get-tiny-image', { inputSchema: objectSchema({ size: { type: 'integer' } }) }), tool('get-env')] }),
      expected: [
        { kind: 'tool-renamed', severity: 'breaking', where: 'getTinyImage', says: 'suspected rename to get-tiny-image (the same name spelled another way); an agent that calls the old name fails' },
        { kind: 'tool-removed', severity: 'breaking', where: 'printEnv', says: 'the tool is gone; an agent that calls it fails' },
        { kind: 'tool-added', severity: 'additive', where: 'get-env', says: 'new tool; callers gain a tool; nothing they do changes' },
      ],
    },
    {
      title: 'the same arguments under another name, texts and additionalProperties aside: a likely rename',
      before: surface({ tools: [tool('add', { inputSchema: { ...(objectSchema({ a: { type: 'number', description: 'First' }, b: { type: 'number' } }, ['a', 'b']) as object), additionalProperties: false } })] }),
      after: surface({ tools: [tool('get-sum', { inputSchema: objectSchema({ a: { type: 'number', description: 'First number' }, b: { type: 'number' } }, ['a', 'b']) })] }),
      expected: [
        { kind: 'tool-renamed', severity: 'breaking', where: 'add', says: 'suspected rename to get-sum (the same arguments); an agent that calls the old name fails' },
      ],
    },
    {
      title: 'arguments of another type: no rename guessed',
      before: surface({ tools: [tool('add', { inputSchema: objectSchema({ a: { type: 'number' } }) })] }),
      after: surface({ tools: [tool('concat', { inputSchema: objectSchema({ a: { type: 'string' } }) })] }),
      expected: [
        { kind: 'tool-removed', severity: 'breaking', where: 'add', says: 'the tool is gone; an agent that calls it fails' },
        { kind: 'tool-added', severity: 'additive', where: 'concat', says: 'new tool; callers gain a tool; nothing they do changes' },
      ],
    },
    {
      title: 'description changed',
      before: surface({ tools: [{ ...search, description: 'Search the web' }] }),
      after: surface({ tools: [{ ...search, description: 'Search the catalog' }] }),
      expected: [
        { kind: 'tool-description-changed', severity: 'routing', where: 'search', says: 'description changed (wording only); no call breaks, but agents choose tools by this text' },
      ],
    },
    {
      title: 'title added',
      before: surface({ tools: [search] }),
      after: surface({ tools: [{ ...search, title: 'Search' }] }),
      expected: [
        { kind: 'tool-title-changed', severity: 'routing', where: 'search', says: 'title added (wording only); no call breaks, but agents and people choose tools by this text' },
      ],
    },
    {
      title: 'title removed',
      before: surface({ tools: [{ ...search, title: 'Search' }] }),
      after: surface({ tools: [search] }),
      expected: [
        { kind: 'tool-title-changed', severity: 'routing', where: 'search', says: 'title removed (wording only); no call breaks, but agents and people choose tools by this text' },
      ],
    },
    {
      title: 'title changed',
      before: surface({ tools: [{ ...search, title: 'Search' }] }),
      after: surface({ tools: [{ ...search, title: 'Search products' }] }),
      expected: [
        { kind: 'tool-title-changed', severity: 'routing', where: 'search', says: 'title changed (wording only); no call breaks, but agents and people choose tools by this text' },
      ],
    },
    {
      title: 'output schema added',
      before: surface({ tools: [search] }),
      after: surface({ tools: [{ ...search, outputSchema: objectSchema({ hits: { type: 'integer' } }) }] }),
      expected: [
        { kind: 'output-schema-added', severity: 'additive', where: 'search → output', says: 'output schema added; readers gain a structured result; unstructured content still arrives' },
      ],
    },
    {
      title: 'output schema removed',
      before: surface({ tools: [{ ...search, outputSchema: objectSchema({ hits: { type: 'integer' } }) }] }),
      after: surface({ tools: [search] }),
      expected: [
        { kind: 'output-schema-removed', severity: 'breaking', where: 'search → output', says: 'output schema removed; readers of the structured result lose every field they relied on' },
      ],
    },
    {
      title: 'output field required → optional: an output kind, not an argument one',
      before: surface({ tools: [{ ...search, outputSchema: objectSchema({ hits: { type: 'integer' } }, ['hits']) }] }),
      after: surface({ tools: [{ ...search, outputSchema: objectSchema({ hits: { type: 'integer' } }) }] }),
      expected: [
        { kind: 'output-field-now-optional', severity: 'breaking', where: 'search → output hits', says: 'was required, now optional; readers that relied on the field being present may now find it missing' },
      ],
    },
    {
      title: 'argument required → optional keeps its argument kind',
      before: surface({ tools: [search] }),
      after: surface({ tools: [{ ...search, inputSchema: objectSchema({ q: { type: 'string' } }) }] }),
      expected: [{ kind: 'argument-now-optional', severity: 'additive', where: 'search → q', says: 'was required, now optional; calls that send it still validate' }],
    },
  ])('$title', ({ before, after, expected }) => {
    expect(changes(before, after)).toEqual(expected)
  })
})

describe('behaviour hints and task support', () => {
  const hinted = (hints: Partial<ToolHints>) => surface({ tools: [tool('write', { hints })] })
  test.each([
    { title: 'omitted hints equal the defaults', before: hinted({}), after: hinted({ destructiveHint: true, openWorldHint: true }), expected: [] },
    {
      title: 'readOnlyHint true → false is reversed',
      before: hinted({ readOnlyHint: true }),
      after: hinted({ readOnlyHint: false }),
      expected: [
        { kind: 'hint-reversed', severity: 'breaking', where: 'write', says: 'readOnlyHint true → false; clients that auto-approve, retry or cache calls on this promise now act on a false one' },
      ],
    },
    {
      title: 'readOnlyHint false → true is relaxed',
      before: hinted({ readOnlyHint: false }),
      after: hinted({ readOnlyHint: true }),
      expected: [{ kind: 'hint-relaxed', severity: 'additive', where: 'write', says: 'readOnlyHint false → true; callers may now do more (auto-approve, retry, cache); nothing they did breaks' }],
    },
    {
      title: 'destructiveHint false → true is reversed',
      before: hinted({ destructiveHint: false }),
      after: hinted({ destructiveHint: true }),
      expected: [
        { kind: 'hint-reversed', severity: 'breaking', where: 'write', says: 'destructiveHint false → true; clients that auto-approve, retry or cache calls on this promise now act on a false one' },
      ],
    },
    {
      title: 'idempotentHint true → false is reversed',
      before: hinted({ idempotentHint: true }),
      after: hinted({ idempotentHint: false }),
      expected: [
        { kind: 'hint-reversed', severity: 'breaking', where: 'write', says: 'idempotentHint true → false; clients that auto-approve, retry or cache calls on this promise now act on a false one' },
      ],
    },
    {
      title: 'openWorldHint true → false is relaxed',
      before: hinted({}),
      after: hinted({ openWorldHint: false }),
      expected: [{ kind: 'hint-relaxed', severity: 'additive', where: 'write', says: 'openWorldHint true → false; callers may now do more (auto-approve, retry, cache); nothing they did breaks' }],
    },
    {
      title: 'destructive/idempotent ignored when read-only on both sides',
      before: hinted({ readOnlyHint: true, destructiveHint: false }),
      after: hinted({ readOnlyHint: true, destructiveHint: true, idempotentHint: true }),
      expected: [],
    },
  ])('$title', ({ before, after, expected }) => {
    expect(changes(before, after)).toEqual(expected)
  })

  const tasks = (taskSupport: 'forbidden' | 'optional' | 'required') => surface({ tools: [tool('render', { taskSupport })] })
  test.each([
    { before: 'forbidden', after: 'optional', severity: 'additive' },
    { before: 'required', after: 'optional', severity: 'additive' },
    { before: 'optional', after: 'forbidden', severity: 'breaking' },
    { before: 'optional', after: 'required', severity: 'breaking' },
    { before: 'forbidden', after: 'required', severity: 'breaking' },
    { before: 'required', after: 'forbidden', severity: 'breaking' },
  ] as const)('taskSupport $before → $after is $severity', ({ before, after, severity }) => {
    expect(changes(tasks(before), tasks(after))).toEqual([
      expect.objectContaining({ kind: 'task-support-changed', severity, says: expect.stringContaining(`taskSupport ${before} → ${after}; `) }),
    ])
  })
})

describe('prompts', () => {
  test.each([
    { title: 'no change', before: [prompt('summarize', ['topic!'])], after: [prompt('summarize', ['topic!'])], expected: [] },
    {
      title: 'prompt removed',
      before: [prompt('summarize')],
      after: [],
      expected: [{ kind: 'prompt-removed', severity: 'breaking', where: 'prompt summarize', says: 'the prompt is gone; a client that gets it fails' }],
    },
    {
      title: 'prompt added',
      before: [],
      after: [prompt('summarize')],
      expected: [{ kind: 'prompt-added', severity: 'additive', where: 'prompt summarize', says: 'new prompt; clients gain a prompt; nothing they do changes' }],
    },
    {
      title: 'required argument added',
      before: [prompt('summarize')],
      after: [prompt('summarize', ['tone!'])],
      expected: [
        { kind: 'prompt-argument-added', severity: 'breaking', where: 'prompt summarize → tone', says: 'new required argument; every get that does not send it is now rejected' },
      ],
    },
    {
      title: 'optional argument added',
      before: [prompt('summarize')],
      after: [prompt('summarize', ['tone'])],
      expected: [
        { kind: 'prompt-argument-added', severity: 'additive', where: 'prompt summarize → tone', says: 'new optional argument; clients may send it; every get that omitted it still works' },
      ],
    },
    {
      title: 'argument removed',
      before: [prompt('summarize', ['tone'])],
      after: [prompt('summarize')],
      expected: [
        { kind: 'prompt-argument-removed', severity: 'breaking', where: 'prompt summarize → tone', says: 'argument removed; clients that send it send an argument the prompt no longer takes' },
      ],
    },
    {
      title: 'optional → required',
      before: [prompt('summarize', ['tone'])],
      after: [prompt('summarize', ['tone!'])],
      expected: [
        { kind: 'prompt-argument-now-required', severity: 'breaking', where: 'prompt summarize → tone', says: 'was optional, now required; every get that omitted it is now rejected' },
      ],
    },
    {
      title: 'required → optional',
      before: [prompt('summarize', ['tone!'])],
      after: [prompt('summarize', ['tone'])],
      expected: [
        { kind: 'prompt-argument-now-optional', severity: 'additive', where: 'prompt summarize → tone', says: 'was required, now optional; every get that sent it still works' },
      ],
    },
    {
      title: 'description and argument description changed',
      before: [prompt('summarize', [], { description: 'a' })],
      after: [{ ...prompt('summarize', [], { description: 'b' }), arguments: [] }],
      expected: [
        { kind: 'prompt-description-changed', severity: 'routing', where: 'prompt summarize', says: 'description changed (wording only); no call breaks, but people and agents pick prompts by this text' },
      ],
    },
    {
      title: 'argument description changed',
      before: [{ name: 'summarize', arguments: [{ name: 'tone', required: false, description: 'how it sounds' }] }],
      after: [{ name: 'summarize', arguments: [{ name: 'tone', required: false, description: 'formal or casual' }] }],
      expected: [
        {
          kind: 'prompt-argument-description-changed',
          severity: 'routing',
          where: 'prompt summarize → tone',
          says: 'description changed (wording only); no get breaks, but agents fill arguments by this text',
        },
      ],
    },
  ])('$title', ({ before, after, expected }) => {
    expect(changes(surface({ prompts: before }), surface({ prompts: after }))).toEqual(expected)
  })
})

describe('resources and templates', () => {
  const file = { uri: 'file:///notes.md', name: 'notes', mimeType: 'text/markdown' }
  const day = { uriTemplate: 'notes://{day}', name: 'day', mimeType: 'text/markdown' }
  test.each([
    { title: 'no change', before: surface({ resources: [file], resourceTemplates: [day] }), after: surface({ resources: [file], resourceTemplates: [day] }), expected: [] },
    {
      title: 'resource removed, template added',
      before: surface({ resources: [file], resourceTemplates: [] }),
      after: surface({ resources: [], resourceTemplates: [day] }),
      expected: [
        { kind: 'resource-removed', severity: 'breaking', where: 'resource file:///notes.md', says: 'the resource is gone; a client that reads it fails' },
        { kind: 'resource-template-added', severity: 'additive', where: 'template notes://{day}', says: 'new resource template; clients gain a template; nothing they read changes' },
      ],
    },
    {
      title: 'resource added, template removed',
      before: surface({ resources: [], resourceTemplates: [day] }),
      after: surface({ resources: [file], resourceTemplates: [] }),
      expected: [
        { kind: 'resource-template-removed', severity: 'breaking', where: 'template notes://{day}', says: 'the resource template is gone; a client that expands it fails' },
        { kind: 'resource-added', severity: 'additive', where: 'resource file:///notes.md', says: 'new resource; clients gain a resource; nothing they read changes' },
      ],
    },
    {
      title: 'mime types changed, names changed',
      before: surface({ resources: [file], resourceTemplates: [day] }),
      after: surface({ resources: [{ ...file, mimeType: 'text/plain', name: 'notes.md' }], resourceTemplates: [{ ...day, mimeType: 'text/html' }] }),
      expected: [
        { kind: 'resource-mime-type-changed', severity: 'risky', where: 'resource file:///notes.md', says: 'mimeType text/markdown → text/plain; readers that parse the old type may misread the content' },
        { kind: 'resource-template-mime-type-changed', severity: 'risky', where: 'template notes://{day}', says: 'mimeType text/markdown → text/html; readers that parse the old type may misread the content' },
        { kind: 'resource-metadata-changed', severity: 'routing', where: 'resource file:///notes.md', says: 'name changed (wording only); no read breaks, but agents pick resources by this text' },
      ],
    },
    {
      title: 'a list absent before and empty now reports nothing',
      before: surface({}),
      after: surface({ resources: [], resourceTemplates: [], prompts: [], tools: [] }),
      expected: [],
    },
  ])('$title', ({ before, after, expected }) => {
    expect(changes(before, after)).toEqual(expected)
  })
})

describe('server', () => {
  const server = (fields: Partial<Surface['server']>) => surface({ server: { name: 'demo', capabilities: {}, ...fields } })
  test.each([
    { title: 'no change', before: server({ capabilities: { tools: { listChanged: true } } }), after: server({ capabilities: { tools: { listChanged: true } } }), expected: [] },
    {
      title: 'sub-capability removed',
      before: server({ capabilities: { resources: { subscribe: true, listChanged: true } } }),
      after: server({ capabilities: { resources: { listChanged: true } } }),
      expected: [
        { kind: 'server-capability-removed', severity: 'breaking', where: 'server → resources.subscribe', says: 'capability removed; clients that use it get errors or silently stop receiving updates' },
      ],
    },
    {
      title: 'whole capability removed is one finding',
      before: server({ capabilities: { logging: {}, resources: { subscribe: true } } }),
      after: server({ capabilities: { logging: {} } }),
      expected: [
        { kind: 'server-capability-removed', severity: 'breaking', where: 'server → resources', says: 'capability removed; clients that use it get errors or silently stop receiving updates' },
      ],
    },
    {
      title: 'capability added',
      before: server({ capabilities: {} }),
      after: server({ capabilities: { completions: {} } }),
      expected: [{ kind: 'server-capability-added', severity: 'additive', where: 'server → completions', says: 'capability added; clients may use more; nothing they did changes' }],
    },
    {
      title: 'instructions and name changed',
      before: server({ instructions: 'Use search first.' }),
      after: server({ name: 'catalog', instructions: 'Use fetch first.' }),
      expected: [
        { kind: 'server-identity-changed', severity: 'routing', where: 'server', says: 'name "demo" → "catalog" (wording only); no call breaks, but people and agents recognise the server by it' },
        { kind: 'server-instructions-changed', severity: 'routing', where: 'server', says: 'instructions changed (wording only); no call breaks, but agents follow these instructions' },
      ],
    },
  ])('$title', ({ before, after, expected }) => {
    expect(changes(before, after)).toEqual(expected)
  })
})

describe('policy', () => {
  const before = surface({ tools: [search, tool('fetch', { description: 'a' })] })
  const after = surface({ tools: [{ ...search, description: 'now described' }] })

  test('failOn risky (default): breaking fails, routing does not', () => {
    const report = diffSurfaces(before, after)
    expect(report).toMatchObject({ ok: false, failOn: 'risky', summary: { breaking: 1, routing: 1 } })
    expect(report.failing.map((change) => change.kind)).toEqual(['tool-removed'])
  })

  test('strict fails on routing too', () => {
    expect(diffSurfaces(before, after, { strict: true }).failing.map((change) => change.kind)).toEqual(['tool-removed', 'tool-description-changed'])
  })

  test('failOn breaking with only routing drift passes', () => {
    const routingOnly = surface({ tools: [search, tool('fetch', { description: 'b' })] })
    expect(diffSurfaces(before, routingOnly, { failOn: 'breaking' }).ok).toBe(true)
  })

  test('used scopes the check: out-of-scope changes are listed, never failing', () => {
    const report = diffSurfaces(before, after, { used: ['sea*'] })
    expect(report.ok).toBe(true)
    expect(report.changes.find((change) => change.kind === 'tool-removed')).toMatchObject({ name: 'fetch', outOfScope: true })
  })

  test('ignore drops a kind entirely', () => {
    expect(diffSurfaces(before, after, { ignore: ['tool-removed'] }).changes.map((change) => change.kind)).toEqual(['tool-description-changed'])
  })
})
