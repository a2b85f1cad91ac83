import { compareSchemas } from '../schema/compare-schemas.js'
import { jsonEqual } from './json-equal.js'
import { stableStringify } from '../surface/stable-json.js'
import type { NotRecorded, SurfaceTool, ToolHints } from '../surface/types.js'
import { renderSidePath } from '../surface/render-path.js'
import type { Direction } from './change.js'
import type { Detected } from './detected.js'
import { pairByKey } from './pair-by-key.js'

/** The value of each hint that gives callers the most freedom (auto-approve, retry, cache). */
const FREEST: ToolHints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }

/** Finds every change between two tool lists, and what the schema engine could not judge. */
export function diffTools(before: readonly SurfaceTool[], after: readonly SurfaceTool[], notRecorded: NotRecorded[]): Detected[] {
  const { removed, added, kept } = pairByKey(before, after, (tool) => tool.name)
  const changes: Detected[] = []
  const renamedTo = suspectRenames(removed, added)
  for (const tool of removed) {
    const to = renamedTo.get(tool)
    if (to) changes.push({ kind: 'tool-renamed', entity: 'tool', name: tool.name, path: [], before: tool.name, after: to.name, details: { to: to.name } })
    else changes.push({ kind: 'tool-removed', entity: 'tool', name: tool.name, path: [] })
  }
  const renamedTargets = new Set(renamedTo.values())
  for (const tool of added) {
    if (!renamedTargets.has(tool)) changes.push({ kind: 'tool-added', entity: 'tool', name: tool.name, path: [] })
  }
  for (const [old, now] of kept) changes.push(...diffTool(old, now, notRecorded))
  return changes
}

/**
 * Pairs a removed tool with an added one when their schemas are identical and the match is
 * unique both ways. Why: a rename is still breaking, but saying so once is clearer than a
 * removal plus an unrelated-looking addition.
 */
function suspectRenames(removed: SurfaceTool[], added: SurfaceTool[]): Map<SurfaceTool, SurfaceTool> {
  const bySchemas = new Map<string, SurfaceTool[]>()
  for (const tool of added) {
    const key = schemasKey(tool)
    bySchemas.set(key, [...(bySchemas.get(key) ?? []), tool])
  }
  const removedBySchemas = new Map<string, number>()
  for (const tool of removed) removedBySchemas.set(schemasKey(tool), (removedBySchemas.get(schemasKey(tool)) ?? 0) + 1)
  const renames = new Map<SurfaceTool, SurfaceTool>()
  for (const tool of removed) {
    const key = schemasKey(tool)
    const candidates = bySchemas.get(key) ?? []
    if (candidates.length === 1 && removedBySchemas.get(key) === 1) renames.set(tool, candidates[0])
  }
  return renames
}

function schemasKey(tool: SurfaceTool): string {
  return stableStringify([tool.inputSchema, tool.outputSchema ?? null])
}

/** Finds every change within one tool that kept its name. */
export function diffTool(before: SurfaceTool, after: SurfaceTool, notRecorded: NotRecorded[]): Detected[] {
  // Why: most tools of a checked server are unchanged; one structural comparison settles them.
  if (jsonEqual(before, after)) return []
  const name = before.name
  const changes: Detected[] = []
  const text = (kind: string, field: 'title' | 'description') => {
    if (before[field] !== after[field]) changes.push({ kind, entity: 'tool', name, path: [], ...beforeAfter(before[field], after[field]) })
  }
  text('tool-title-changed', 'title')
  text('tool-description-changed', 'description')
  changes.push(...compareSide(name, before.inputSchema, after.inputSchema, 'input', notRecorded))
  if (before.outputSchema !== undefined && after.outputSchema === undefined) {
    changes.push({ kind: 'output-schema-removed', entity: 'tool', name, direction: 'output', path: [] })
  } else if (before.outputSchema === undefined && after.outputSchema !== undefined) {
    changes.push({ kind: 'output-schema-added', entity: 'tool', name, direction: 'output', path: [] })
  } else if (before.outputSchema !== undefined && after.outputSchema !== undefined) {
    changes.push(...compareSide(name, before.outputSchema, after.outputSchema, 'output', notRecorded))
  }
  changes.push(...diffHints(name, before.hints, after.hints))
  changes.push(...diffHeaders(name, before.headers, after.headers))
  if (before.taskSupport !== after.taskSupport) {
    changes.push({ kind: 'task-support-changed', entity: 'tool', name, path: [], before: before.taskSupport, after: after.taskSupport })
  }
  return changes
}

function compareSide(
  name: string,
  before: SurfaceTool['inputSchema'],
  after: SurfaceTool['inputSchema'],
  direction: Direction,
  notRecorded: NotRecorded[],
): Detected[] {
  if (jsonEqual(before, after)) return []
  const comparison = compareSchemas(before, after, { direction })
  for (const place of comparison.notRecorded) {
    notRecorded.push({ entity: 'tool', name, path: renderSidePath(direction, place.path), reason: place.reason })
  }
  return comparison.findings.map((finding) => ({ entity: 'tool', name, direction, ...finding }))
}

/**
 * Compares the argument → header mirrors (`x-mcp-header`). Why skipped when either side has none
 * recorded at all: a contract written before headers were recorded cannot say a header was
 * added; a tool that declares none on both sides has nothing to compare either.
 */
function diffHeaders(name: string, before: SurfaceTool['headers'], after: SurfaceTool['headers']): Detected[] {
  if (before === undefined && after === undefined) return []
  const old = before ?? {}
  const now = after ?? {}
  const changes: Detected[] = []
  for (const argument of [...new Set([...Object.keys(old), ...Object.keys(now)])].sort()) {
    const path = argument.split('.')
    const from = old[argument]
    const to = now[argument]
    if (from === to) continue
    if (from === undefined) changes.push({ kind: 'argument-header-added', entity: 'tool', name, direction: 'input', path, after: to })
    else if (to === undefined) changes.push({ kind: 'argument-header-removed', entity: 'tool', name, direction: 'input', path, before: from })
    else changes.push({ kind: 'argument-header-renamed', entity: 'tool', name, direction: 'input', path, before: from, after: to })
  }
  return changes
}

/**
 * Compares the resolved hints. Why: `destructiveHint`/`idempotentHint` only mean something for a
 * tool that writes, so they are skipped when the tool is read-only on both sides.
 */
function diffHints(name: string, before: ToolHints, after: ToolHints): Detected[] {
  const readOnlyBoth = before.readOnlyHint && after.readOnlyHint
  const changes: Detected[] = []
  for (const hint of Object.keys(FREEST) as (keyof ToolHints)[]) {
    if (before[hint] === after[hint]) continue
    if (readOnlyBoth && (hint === 'destructiveHint' || hint === 'idempotentHint')) continue
    const kind = after[hint] === FREEST[hint] ? 'hint-relaxed' : 'hint-reversed'
    changes.push({ kind, entity: 'tool', name, path: [], before: before[hint], after: after[hint], details: { hint } })
  }
  return changes
}

/** `before`/`after` fields for an optional text, leaving out the side that is absent. */
export function beforeAfter(before: string | undefined, after: string | undefined): Pick<Detected, 'before' | 'after'> {
  return { ...(before === undefined ? {} : { before }), ...(after === undefined ? {} : { after }) }
}
