import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, test } from 'vitest'
import type { JsonReport } from '../../src/report/format-report.js'
import { ROOT, runCliProcess } from '../support/run-cli-process.js'

// Published servers installed side by side as npm aliases (package.json devDependencies). The
// drift asserted here was checked by hand against each release's raw tools/list.
const bin = (alias: string) => join(ROOT, 'node_modules', alias, 'dist/index.js')

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-real-'))
})

/** Records `from`, checks `to` against it, returns the JSON report and exit code. */
async function drift(from: string, to: string, serverArgs: string[] = []) {
  const contract = join(dir, `${from}.json`)
  const env = { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') }
  const recorded = await runCliProcess(['snapshot', '--contract', contract, '--', 'node', bin(from), ...serverArgs], { env, cwd: dir })
  expect(recorded, recorded.stderr).toMatchObject({ code: 0 })
  const run = await runCliProcess(['check', '--format', 'json', '--contract', contract, '--', 'node', bin(to), ...serverArgs], { env, cwd: dir })
  expect(run.stderr).toBe('')
  return { code: run.code, report: JSON.parse(run.stdout) as JsonReport }
}

const pick = (changes: JsonReport['changes'], kind: string) => changes.filter((change) => change.kind === kind)

describe('@modelcontextprotocol/server-memory', () => {
  test('2025.4.25 → 2025.8.4: a release that changed no promise reports nothing', async () => {
    const { code, report } = await drift('memory-2025-4-25', 'memory-2025-8-4')
    expect(code).toBe(0)
    expect(report.changes).toEqual([])
  })

  test('2025.11.25 → 2026.8.31: explicit hints and a new resource are all additive', async () => {
    const { code, report } = await drift('memory-2025-11-25', 'memory-2026-8-31')
    expect(code).toBe(0)
    expect(report.summary).toMatchObject({ breaking: 0, risky: 0, routing: 0 })
    expect(pick(report.changes, 'hint-relaxed')).toContainEqual(
      expect.objectContaining({ name: 'read_graph', severity: 'additive', before: false, after: true, message: expect.stringContaining('readOnlyHint false → true') }),
    )
    expect(pick(report.changes, 'hint-relaxed')).toContainEqual(
      expect.objectContaining({ name: 'create_entities', message: expect.stringContaining('destructiveHint true → false') }),
    )
    expect(pick(report.changes, 'resource-added')).toEqual([expect.objectContaining({ name: 'memory://knowledge-graph', severity: 'additive' })])
    expect(pick(report.changes, 'server-capability-added')).toEqual([expect.objectContaining({ path: 'resources', severity: 'additive' })])
  })
})

describe('@modelcontextprotocol/server-filesystem', () => {
  test('2025.11.25 → 2026.8.31: move_file became destructive — a reversed hint breaks', async () => {
    const { code, report } = await drift('filesystem-2025-11-25', 'filesystem-2026-8-31', [dir])
    expect(code).toBe(1)
    expect(pick(report.changes, 'hint-reversed')).toEqual([
      expect.objectContaining({ name: 'move_file', severity: 'breaking', before: false, after: true, message: expect.stringContaining('destructiveHint false → true') }),
    ])
    expect(pick(report.changes, 'hint-relaxed').filter((change) => change.message.includes('openWorldHint true → false'))).toHaveLength(14)
    expect(pick(report.changes, 'tool-description-changed').map((change) => change.name)).toEqual(['read_media_file'])
    expect(report.changes.filter((change) => change.name === 'read_media_file' && change.direction === 'output').length).toBeGreaterThan(0)
  })

  test('2025.3.28 → 2025.11.25: three tools added, new optional arguments, paths now needs an item', async () => {
    const { code, report } = await drift('filesystem-2025-3-28', 'filesystem-2025-11-25', [dir])
    expect(code).toBe(1)
    expect(pick(report.changes, 'tool-added').map((change) => change.name).sort()).toEqual(['list_directory_with_sizes', 'read_media_file', 'read_text_file'])
    expect(pick(report.changes, 'tool-removed')).toEqual([])
    expect(pick(report.changes, 'argument-added')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'read_file', path: 'head', severity: 'additive', direction: 'input' }),
        expect.objectContaining({ name: 'read_file', path: 'tail', severity: 'additive', direction: 'input' }),
        expect.objectContaining({ name: 'directory_tree', path: 'excludePatterns', severity: 'additive', direction: 'input' }),
      ]),
    )
    expect(report.changes).toContainEqual(expect.objectContaining({ name: 'read_multiple_files', path: 'paths', severity: 'breaking', direction: 'input' }))
    expect(pick(report.changes, 'output-schema-added')).toHaveLength(11)
  })
})
