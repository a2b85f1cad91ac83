import { splitArgumentHeaders } from './argument-headers.js'
import { eraDifferences } from './era-differences.js'
import { renderSidePath } from './render-path.js'
import { HINT_DEFAULTS, TASK_SUPPORT_DEFAULT } from './tool-defaults.js'
import { compareText } from '../schema/keywords.js'
import type { CanonicalSchema } from '../schema/canonicalize-schema.js'
import { repeatedSchemas } from './repeated-schemas.js'
import type {
  CacheScope,
  Entity,
  ListName,
  Json,
  NotRecorded,
  RawSurface,
  Schema,
  Surface,
  SurfacePrompt,
  SurfacePromptArgument,
  SurfaceResource,
  SurfaceResourceTemplate,
  SurfaceServer,
  SurfaceTool,
  ToolHints,
} from './types.js'

type Raw = Record<string, unknown>
type Canonicalize = (schema: unknown) => CanonicalSchema

const TASK_SUPPORT = ['forbidden', 'optional', 'required'] as const

/** Where a 2026-07-28 tool declares task support: the tasks extension's key in the tool's `_meta`. */
const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks'

/**
 * Turns what capture read into the normalized surface: defaults resolved, volatile metadata
 * dropped, schemas canonicalized, entities sorted by key. Pure and deterministic. `reuse` may
 * give an entry's normalized form known from before (a contract's vouched entries).
 * @example normalizeSurface(await captureRaw(server))
 */
export function normalizeSurface(raw: RawSurface, reuse?: ReuseEntry): Surface {
  // Why one for the whole surface: each era and each authorization's view lists the same schemas again.
  const canonicalize = repeatedSchemas()
  // Why reuse for a surface of one era and view only: that is all a contract vouches for (vouched-entries.ts).
  const surface = reuse !== undefined && raw.legacy === undefined && raw.authorizations === undefined ? normalizeOneEra(raw, canonicalize, reuse) : normalizeBothEras(raw, canonicalize)
  if (raw.authorizations !== undefined) {
    surface.authorizations = Object.fromEntries(Object.entries(raw.authorizations).map(([name, view]) => [name, normalizeBothEras(view, canonicalize)]))
  }
  return surface
}

function normalizeBothEras(raw: RawSurface, canonicalize: Canonicalize): Surface {
  const surface = normalizeOneEra(raw, canonicalize)
  if (raw.legacy === undefined) return surface
  // Why the 2026 read is the one recorded: it is the newer promise, and the legacy one differs
  // from it only where `eraDifferences` says so.
  const legacy = normalizeOneEra(raw.legacy, canonicalize)
  surface.eras = ['legacy', '2026-07-28']
  const differences = eraDifferences(legacy, surface)
  if (differences.length > 0) surface.eraDifferences = differences
  return surface
}

/**
 * A recorded entry, and what normalization could not record of it, to stand for a raw one that
 * normalizes to it; `undefined` to normalize the raw entry.
 */
export type ReuseEntry = (list: ListName, raw: Record<string, unknown>) => { entry: object; notes: readonly NotRecorded[] } | undefined

function normalizeOneEra(raw: RawSurface, canonicalize: Canonicalize, reuse?: ReuseEntry): Surface {
  const notRecorded: NotRecorded[] = []
  /** `normalize`, unless `reuse` has the entry already. */
  const known =
    <T>(list: ListName, normalize: (entry: Raw) => T) =>
    (entry: Raw): T => {
      const found = reuse?.(list, entry)
      if (found === undefined) return normalize(entry)
      for (const note of found.notes) notRecorded.push(note)
      return found.entry as T
    }
  const surface: Surface = { server: normalizeServer(raw.initialize), notRecorded }
  // Why recorded at all, when CLASSIFICATION.md keeps the version out of the promise: version
  // advice needs the release the contract was recorded from. It stays metadata: no diff reads it
  // as a change, and a stored snapshot leaves it out, so a version bump alone never fails a test.
  const version = raw.initialize.serverInfo?.version
  if (typeof version === 'string' && version !== '') surface.serverVersion = version
  // Why not for the legacy era alone: every contract and snapshot recorded before eras were is a
  // legacy read; leaving the field out keeps their text, and a user's stored snapshots, unchanged.
  if (raw.era !== undefined && raw.era !== 'legacy') surface.eras = [raw.era]
  if (raw.refusedEras !== undefined && raw.refusedEras.length > 0) surface.refusedEras = [...raw.refusedEras]
  const cacheScope = normalizeCacheScopes(raw.cacheScopes)
  if (cacheScope !== undefined) surface.cacheScope = cacheScope
  if (raw.tools) surface.tools = uniqueByKey(raw.tools.map(known('tools', (tool) => normalizeTool(tool, canonicalize, notRecorded))), 'name', 'tool', notRecorded)
  if (raw.prompts) surface.prompts = uniqueByKey(raw.prompts.map(known('prompts', normalizePrompt)), 'name', 'prompt', notRecorded)
  if (raw.resources) surface.resources = uniqueByKey(raw.resources.map(known('resources', normalizeResource)), 'uri', 'resource', notRecorded)
  if (raw.resourceTemplates) {
    surface.resourceTemplates = uniqueByKey(raw.resourceTemplates.map(known('resourceTemplates', normalizeTemplate)), 'uriTemplate', 'resourceTemplate', notRecorded)
  }
  notRecorded.sort((a, b) => compareText(`${a.entity}\0${a.name}\0${a.path}`, `${b.entity}\0${b.name}\0${b.path}`))
  return surface
}

/**
 * One scope per list: `public` only when every page says so. Why: a list is shared only if all
 * of it may be; a page with a missing or unknown scope counts as private, the spec's default.
 */
function normalizeCacheScopes(scopes: RawSurface['cacheScopes']): Partial<Record<ListName, CacheScope>> | undefined {
  if (scopes === undefined) return undefined
  const out: Partial<Record<ListName, CacheScope>> = {}
  for (const [list, pages] of Object.entries(scopes) as [ListName, unknown[]][]) {
    out[list] = pages.length > 0 && pages.every((scope) => scope === 'public') ? 'public' : 'private'
  }
  return Object.keys(out).length > 0 ? out : undefined
}

function normalizeServer(initialize: RawSurface['initialize']): SurfaceServer {
  const info = initialize.serverInfo ?? {}
  const server: SurfaceServer = { capabilities: normalizeCapabilities(initialize.capabilities ?? {}) }
  assignText(server, 'name', info.name)
  assignText(server, 'title', info.title)
  assignText(server, 'instructions', initialize.instructions)
  return server
}

/**
 * Keeps the capability flags a caller relies on. Why: `experimental` is negotiation detail, and a
 * flag set to `false` promises nothing, so it reads the same as an absent one.
 */
function normalizeCapabilities(capabilities: Raw): { [key: string]: Json } {
  const out: { [key: string]: Json } = {}
  for (const [key, value] of Object.entries(capabilities)) {
    if (key === 'experimental' || value === false || value === undefined || value === null) continue
    out[nfc(key)] = isRecord(value) ? normalizeCapabilities(value) : (value as Json)
  }
  return out
}

function normalizeTool(raw: Raw, canonicalize: Canonicalize, notRecorded: NotRecorded[]): SurfaceTool {
  const name = nfc(String(raw.name ?? ''))
  const annotations = isRecord(raw.annotations) ? raw.annotations : {}
  const { schema: input, headers } = splitArgumentHeaders(raw.inputSchema ?? raw.input_schema ?? { type: 'object' })
  const tool: SurfaceTool = {
    name,
    // Why: a tool without an input schema takes an object with anything in it, as the spec reads.
    inputSchema: toolSchema(canonicalize(input), name, 'input', notRecorded),
    hints: resolveHints(annotations),
    taskSupport: taskSupportOf(raw),
  }
  if (Object.keys(headers).length > 0) tool.headers = headers
  assignText(tool, 'title', raw.title ?? annotations.title)
  assignText(tool, 'description', raw.description)
  const outputSchema = raw.outputSchema ?? raw.output_schema
  const output = outputSchema === undefined || outputSchema === null ? undefined : toolSchema(canonicalize(outputSchema), name, 'output', notRecorded)
  if (output !== undefined) tool.outputSchema = output
  return tool
}

/**
 * Task support, wherever the tool's era declares it: `execution.taskSupport` (2025) or the tasks
 * extension in `_meta` (2026-07-28). Why one field: a caller cares whether it may call the tool
 * as a task, not which revision said so; moving it between places is no change.
 */
function taskSupportOf(raw: Raw): SurfaceTool['taskSupport'] {
  const execution = isRecord(raw.execution) ? raw.execution : {}
  const meta = isRecord(raw._meta) ? raw._meta : {}
  const extension = isRecord(meta[TASKS_EXTENSION]) ? meta[TASKS_EXTENSION] : {}
  const declared = execution.taskSupport ?? extension.taskSupport
  return TASK_SUPPORT.find((value) => value === declared) ?? TASK_SUPPORT_DEFAULT
}

function resolveHints(annotations: Raw): ToolHints {
  const hints = { ...HINT_DEFAULTS }
  for (const key of Object.keys(HINT_DEFAULTS) as (keyof ToolHints)[]) {
    if (typeof annotations[key] === 'boolean') hints[key] = annotations[key] as boolean
  }
  return hints
}

function toolSchema({ schema, notRecorded: places }: CanonicalSchema, tool: string, side: 'input' | 'output', notRecorded: NotRecorded[]): Schema {
  for (const place of places) notRecorded.push({ entity: 'tool', name: tool, path: renderSidePath(side, place.path), reason: place.reason })
  return schema
}

function normalizePrompt(raw: Raw): SurfacePrompt {
  const args = Array.isArray(raw.arguments) ? raw.arguments.filter(isRecord) : []
  const prompt: SurfacePrompt = {
    name: nfc(String(raw.name ?? '')),
    arguments: args.map(normalizePromptArgument).sort((a, b) => compareText(a.name, b.name)),
  }
  assignText(prompt, 'title', raw.title)
  assignText(prompt, 'description', raw.description)
  return prompt
}

function normalizePromptArgument(raw: Raw): SurfacePromptArgument {
  const argument: SurfacePromptArgument = { name: nfc(String(raw.name ?? '')), required: raw.required === true }
  assignText(argument, 'title', raw.title)
  assignText(argument, 'description', raw.description)
  return argument
}

function normalizeResource(raw: Raw): SurfaceResource {
  const resource: SurfaceResource = { uri: nfc(String(raw.uri ?? '')) }
  describeResource(resource, raw)
  return resource
}

function normalizeTemplate(raw: Raw): SurfaceResourceTemplate {
  const template: SurfaceResourceTemplate = { uriTemplate: nfc(String(raw.uriTemplate ?? '')) }
  describeResource(template, raw)
  return template
}

/** Copies what resources and templates share. Why: `size` and `annotations.lastModified` change with content, not with the promise. */
function describeResource(target: SurfaceResource | SurfaceResourceTemplate, raw: Raw): void {
  assignText(target, 'name', raw.name)
  assignText(target, 'title', raw.title)
  assignText(target, 'description', raw.description)
  assignText(target, 'mimeType', raw.mimeType)
  if (isRecord(raw.annotations)) {
    const { lastModified: _volatile, ...annotations } = raw.annotations
    if (Object.keys(annotations).length > 0) target.annotations = annotations as { [key: string]: Json }
  }
}

/** Sorts entities by key and keeps the first of duplicates, listing the rest under not recorded. */
function uniqueByKey<T, K extends keyof T>(items: T[], key: K, entity: Entity, notRecorded: NotRecorded[]): T[] {
  const seen = new Map<string, T>()
  for (const item of items) {
    const id = String(item[key])
    if (seen.has(id)) notRecorded.push({ entity, name: id, path: '', reason: `the server lists ${id} more than once; only the first is recorded` })
    else seen.set(id, item)
  }
  return [...seen.values()].sort((a, b) => compareText(String(a[key]), String(b[key])))
}

function assignText<T extends object>(target: T, key: keyof T & string, value: unknown): void {
  if (typeof value === 'string' && value !== '') (target as Record<string, unknown>)[key] = value.normalize('NFC')
}

function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function nfc(text: string): string {
  return text.normalize('NFC')
}
