import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, test } from 'vitest'
import { cliIn } from '../support/run-cli-in-process.js'
import { fixture } from '../support/run-cli-process.js'

const clock = fixture('clock.js')
let folder: string
const cli = cliIn(() => folder)

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'mcp-contract-volatile-'))
  await writeFile(join(folder, 'package.json'), '{ "name": "news-agent", "private": true }\n')
})

/** Runs a command against the stdio news server (a fresh process each start), as on a day `shiftDays` later. */
function run(command: string, variant = 'honors', shiftDays = 0, ...flags: string[]) {
  return cli([command, ...flags, '--', process.execPath, clock], { CLOCK_VARIANT: variant, CLOCK_SHIFT_DAYS: String(shiftDays) })
}

async function recordedVolatile(): Promise<unknown> {
  return JSON.parse(await readFile(join(folder, 'mcp-contract.json'), 'utf8')).volatile
}

describe('a stdio server whose listing changes by itself', () => {
  test('snapshot starts it twice and records what changed as volatile, with its shape; check then passes twice', async () => {
    const snapshot = await run('snapshot')
    expect(snapshot).toMatchObject({ code: 0, stderr: '' })
    expect(snapshot.stdout).toBe('recorded 3 tools, 1 resource, 1 resource template; 3 values marked volatile, compared by shape to mcp-contract.json\n')
    // Why no description: the date in it did not change between two starts on one day, so it is not proven volatile.
    expect(await recordedVolatile()).toMatchInlineSnapshot(`
      [
        {
          "format": "uuid",
          "path": "resources["session://{uuid}/status"].uri",
          "type": "string",
        },
        {
          "format": "date-time",
          "path": "server.instructions",
          "type": "string",
        },
        {
          "format": "uuid",
          "path": "server.instructions",
          "type": "string",
        },
        {
          "format": "date-time",
          "path": "tools.search.inputSchema.properties.since.default",
          "type": "string",
        },
      ]
    `)
    for (const attempt of [1, 2]) {
      const check = await run('check')
      expect({ attempt, ...check }).toMatchObject({ attempt, code: 0, stderr: '' })
      expect(check.stdout).toBe('3 volatile values compared by shape, not by value (a change of type or format still shows)\nno changes — passes (fails at risky and above)\n')
    }
  })

  test('a snapshot taken again over it the same day writes nothing', async () => {
    await run('snapshot')
    const before = await readFile(join(folder, 'mcp-contract.json'), 'utf8')
    const again = await run('snapshot')
    expect(again).toMatchObject({ code: 0, stderr: '' })
    expect(again.stdout).toBe('mcp-contract.json is unchanged (3 tools, 1 resource, 1 resource template; 3 values marked volatile, compared by shape); nothing written\n')
    expect(await readFile(join(folder, 'mcp-contract.json'), 'utf8')).toBe(before)
  })

  test('the next day, the dated description is a routing change with a hint; declared volatile in the configuration, it passes', async () => {
    await run('snapshot')
    const nextDay = await run('check', 'honors', 1, '--fail-on', 'routing')
    expect(nextDay.code).toBe(1)
    // Why the word diff's date replaced whole: its runs depend on which digits moved (a month's end moves more).
    expect(nextDay.stdout).toMatch(/text: …archive \(data as of [\d-]*(\[-[\d-]+-\])?\{\+[\d-]+\+\}\)\./)
    expect(nextDay.stdout.replace(/as of [^)]*\)/, 'as of <date diff>)').replace(/\d{4}-\d{2}-\d{2}/g, '<date>')).toMatchSnapshot()
    const json = JSON.parse((await run('check', 'honors', 1, '--format', 'json')).stdout)
    expect(json.looksVolatile).toEqual([{ path: 'tools.search.description', type: 'string', format: 'date' }])
    expect(json.changes.map((change: { kind: string; hint?: string }) => [change.kind, change.hint])).toEqual([
      ['tool-description-changed', 'this description holds a date (date), which moves only at midnight: two reads seconds apart cannot detect it, so declare it ("volatile": ["tools.search.description"])'],
    ])
    await writeFile(join(folder, 'mcp-contract.config.json'), JSON.stringify({ volatile: ['tools.search.description'] }))
    const declared = await run('check', 'honors', 1, '--fail-on', 'routing', '--format', 'json')
    expect(declared.code).toBe(0)
    expect(JSON.parse(declared.stdout)).toMatchObject({ ok: true, changes: [] })
    expect(JSON.parse(declared.stdout).comparedByShape).toMatchInlineSnapshot(`
      [
        {
          "format": "uuid",
          "path": "resources["session://{uuid}/status"].uri",
          "type": "string",
        },
        {
          "format": "date-time",
          "path": "server.instructions",
          "type": "string",
        },
        {
          "format": "uuid",
          "path": "server.instructions",
          "type": "string",
        },
        {
          "format": "date",
          "path": "tools.search.description",
          "type": "string",
        },
        {
          "format": "date-time",
          "path": "tools.search.inputSchema.properties.since.default",
          "type": "string",
        },
      ]
    `)
  })

  test('snapshot --force over a real change keeps each volatile value as recorded where its shape held: the diff shows the change, no fresh id or clock', async () => {
    await run('snapshot')
    const before = JSON.parse(await readFile(join(folder, 'mcp-contract.json'), 'utf8'))
    const forced = await run('snapshot', 'renamed-argument', 1, '--force')
    expect(forced.code).toBe(0)
    const after = JSON.parse(await readFile(join(folder, 'mcp-contract.json'), 'utf8'))
    const search = (contract: { tools: { name: string; inputSchema: { properties: Record<string, { default?: string }> } }[] }) => contract.tools.find((tool) => tool.name === 'search')!.inputSchema.properties
    expect(Object.keys(search(after)).sort()).toEqual(['limit', 'since', 'term'])
    expect(after.server.instructions).toBe(before.server.instructions)
    expect(after.resources.map((resource: { uri: string }) => resource.uri)).toEqual(before.resources.map((resource: { uri: string }) => resource.uri))
    expect(search(after).since.default).toBe(search(before).since.default)
    expect(after.volatile).toEqual(before.volatile)
  })

  test('a declared volatile path that names nothing the server lists is warned about, naming the path', async () => {
    await run('snapshot')
    await writeFile(join(folder, 'mcp-contract.config.json'), JSON.stringify({ volatile: ['tools.serach.description', 'server.instructions'] }))
    const check = await run('check')
    expect(check.code).toBe(0)
    expect(check.stderr).toBe('mcp-contract: warning: the volatile path tools.serach.description names nothing the server lists, so it masks nothing; was it renamed? Fix it where "volatile" declares it.\n')
  })

  test('diff compares two contract files by the volatile values the older one records', async () => {
    await run('snapshot', 'honors', 0, '--contract', 'monday.json')
    await run('snapshot', 'honors', 1, '--contract', 'tuesday.json')
    const diff = await cli(['diff', 'monday.json', 'tuesday.json', '--format', 'json'])
    // Why the description alone: the date in it moved only between the two days, so neither snapshot could prove it volatile.
    expect(JSON.parse(diff.stdout).changes.map((change: { kind: string }) => change.kind)).toEqual(['tool-description-changed'])
    expect(JSON.parse(diff.stdout).comparedByShape).toHaveLength(4)
  })

  test.each([
    ['renamed-argument', 'an argument renamed'],
    ['since-number', 'the since argument turned from a date-time string into a number'],
    ['drop-template', 'a resource template removed'],
  ])('%s: %s next to the volatile values still fails as it would without them', async (variant) => {
    await run('snapshot')
    const check = await run('check', variant, 0, '--format', 'json')
    expect(check.code).toBe(1)
    const report = JSON.parse(check.stdout)
    expect(report.changes.map((change: { kind: string; severity: string; path: string; before?: unknown; after?: unknown }) => ({ kind: change.kind, severity: change.severity, path: change.path }))).toMatchSnapshot()
  })
})
