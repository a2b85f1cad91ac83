import { compareSchemas } from '../schema/compare-schemas.js'
import { jsonEqual } from './json-equal.js'
import { stableStringify } from '../surface/stable-json.js'
import type { Json, NotRecorded, SurfaceTool, ToolHints } from '../surface/types.js'
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
    if (to) changes.push({ kind: 'tool-renamed', entity: 'tool', name: tool.name, path: [], before: tool.name, after: to.tool.name, details: { to: to.tool.name, by: to.by } })
    else changes.push({ kind: 'tool-removed', entity: 'tool', name: tool.name, path: [] })
  }
  const renamedTargets = new Set([...renamedTo.values()].map((rename) => rename.tool))
  for (const tool of added) {
    if (!renamedTargets.has(tool)) changes.push({ kind: 'tool-added', entity: 'tool', name: tool.name, path: [] })
  }
  for (const [old, now] of kept) changes.push(...diffTool(old, now, notRecorded))
  return changes
}

/** What a suspected rename was paired by: identical schemas, the same name spelled another way, or the same arguments. */
export type RenameEvidence = 'schemas' | 'spelling' | 'arguments'

/**
 * Pairs a removed tool with an added one, in three passes, each pairing only a match unique both
 * ways among the tools still unpaired: identical schemas; the same name spelled another way
 * (`getTinyImage` → `get-tiny-image`); the same arguments (names, types and requiredness; texts,
 * defaults and `additionalProperties` aside) when there is at least one. Why: a rename is still
 * breaking, but saying so once is clearer than a removal plus an unrelated-looking addition, as
 * a renamed argument is paired (`soleRename` in the schema engine); with several candidates any
 * pairing is a guess, so none is made.
 */
function suspectRenames(removed: readonly SurfaceTool[], added: readonly SurfaceTool[]): Map<SurfaceTool, { tool: SurfaceTool; by: RenameEvidence }> {
  const renames = new Map<SurfaceTool, { tool: SurfaceTool; by: RenameEvidence }>()
  const passes: [RenameEvidence, (tool: SurfaceTool) => string | undefined][] = [
    ['schemas', schemasKey],
    ['spelling', (tool) => nameSpelling(tool.name)],
    ['arguments', argumentsKey],
  ]
  const paired = new Set<SurfaceTool>()
  for (const [by, keyOf] of passes) {
    const unpairedAdded = added.filter((tool) => !paired.has(tool))
    const unpairedRemoved = removed.filter((tool) => !renames.has(tool))
    for (const [old, now] of uniqueMatches(unpairedRemoved, unpairedAdded, keyOf)) {
      renames.set(old, { tool: now, by })
      paired.add(now)
    }
  }
  return renames
}

/** Pairs of one removed and one added tool whose key is the same and held by no other tool on either side. */
function uniqueMatches(removed: readonly SurfaceTool[], added: readonly SurfaceTool[], keyOf: (tool: SurfaceTool) => string | undefined): [SurfaceTool, SurfaceTool][] {
  const group = (tools: readonly SurfaceTool[]) => {
    const byKey = new Map<string, SurfaceTool[]>()
    for (const tool of tools) {
      const key = keyOf(tool)
      if (key !== undefined) byKey.set(key, [...(byKey.get(key) ?? []), tool])
    }
    return byKey
  }
  const addedByKey = group(added)
  return [...group(removed)].flatMap(([key, olds]) => {
    const nows = addedByKey.get(key) ?? []
    return olds.length === 1 && nows.length === 1 ? [[olds[0], nows[0]] as [SurfaceTool, SurfaceTool]] : []
  })
}

/**
 * A name with its spelling taken out: lower case, letters and digits only, so `getTinyImage`,
 * `get-tiny-image` and `get_tiny_image` are one name.
 * @example nameSpelling('get-tiny-image') // 'gettinyimage'
 */
export function nameSpelling(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')
}

function schemasKey(tool: SurfaceTool): string {
  return stableStringify([tool.inputSchema, tool.outputSchema ?? null])
}

/** Schema keywords that do not change which arguments a call sends: texts, examples, defaults, and whether unknown keys are refused. */
const NOT_ARGUMENTS = new Set(['title', 'description', 'examples', 'default', 'additionalProperties', '$schema', '$comment'])

/** The input schema's arguments without their texts; `undefined` for a tool that takes none, since two of those say nothing about each other. */
function argumentsKey(tool: SurfaceTool): string | undefined {
  const schema = tool.inputSchema
  if (typeof schema !== 'object' || schema === null || Object.keys((schema as { properties?: object }).properties ?? {}).length === 0) return undefined
  return stableStringify(withoutTexts(schema as Json, false))
}

/** A schema with the keywords of `NOT_ARGUMENTS` removed at every level; a map of names (`properties`) keeps its keys. */
function withoutTexts(value: Json, names: boolean): Json {
  if (Array.isArray(value)) return value.map((item) => withoutTexts(item, false))
  if (typeof value !== 'object' || value === null) return value
  const kept: { [key: string]: Json } = {}
  for (const [key, child] of Object.entries(value)) {
    if (!names && NOT_ARGUMENTS.has(key)) continue
    kept[key] = withoutTexts(child, !names && (key === 'properties' || key === 'patternProperties' || key === '$defs' || key === 'definitions'))
  }
  return kept
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
