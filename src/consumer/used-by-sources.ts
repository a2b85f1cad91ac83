import type { Change } from '../diff/change.js'
import type { Entity, Surface } from '../surface/types.js'
import type { SourceLiteral } from './source-literals.js'

/** One entity a consumer's source mentions, with every place it does. */
export interface UsedEntity {
  entity: Exclude<Entity, 'server'>
  /** The entity's key, as changes name it: tool/prompt name, resource uri, template uriTemplate. */
  name: string
  /** Where the source mentions it (`src/agent.ts:12`), in file then line order. */
  sites: { file: string; line: number }[]
}

/**
 * The tools, prompts, resources and templates whose key (or resource/template `name`) appears
 * as a string literal in the consumer's source, across all the given surfaces (the recorded and
 * the live one: a tool the server dropped is still one the consumer uses). Sorted by entity, then name.
 * @example usedEntities(literals, [recorded, live]).map((used) => used.name) // ['get_product', 'search_products']
 */
export function usedEntities(literals: readonly SourceLiteral[], surfaces: readonly Surface[]): UsedEntity[] {
  const keyOf = new Map<string, { entity: UsedEntity['entity']; name: string }[]>()
  const add = (text: string | undefined, entity: UsedEntity['entity'], name: string) => {
    if (text === undefined) return
    const list = keyOf.get(text) ?? []
    if (!list.some((known) => known.entity === entity && known.name === name)) list.push({ entity, name })
    keyOf.set(text, list)
  }
  for (const surface of surfaces) {
    for (const tool of surface.tools ?? []) add(tool.name, 'tool', tool.name)
    for (const prompt of surface.prompts ?? []) add(prompt.name, 'prompt', prompt.name)
    for (const resource of surface.resources ?? []) {
      add(resource.uri, 'resource', resource.uri)
      add(resource.name, 'resource', resource.uri)
    }
    for (const template of surface.resourceTemplates ?? []) {
      add(template.uriTemplate, 'resourceTemplate', template.uriTemplate)
      add(template.name, 'resourceTemplate', template.uriTemplate)
    }
  }
  const used = new Map<string, UsedEntity>()
  for (const literal of literals) {
    for (const { entity, name } of keyOf.get(literal.value) ?? []) {
      const id = `${entity}\u0000${name}`
      const entry = used.get(id) ?? { entity, name, sites: [] }
      if (!entry.sites.some((site) => site.file === literal.file && site.line === literal.line)) entry.sites.push({ file: literal.file, line: literal.line })
      used.set(id, entry)
    }
  }
  const order: UsedEntity['entity'][] = ['tool', 'prompt', 'resource', 'resourceTemplate']
  return [...used.values()]
    .map((entry) => ({ ...entry, sites: entry.sites.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line) }))
    .sort((a, b) => order.indexOf(a.entity) - order.indexOf(b.entity) || a.name.localeCompare(b.name))
}

/**
 * What a `show --used-by` prints: one line per used entity with where the source mentions it,
 * so a user sees why it counts as used.
 * @example formatUsedEntities(used) // 'tool search_products  src/agent.ts:12, src/agent.ts:30\n'
 */
export function formatUsedEntities(used: readonly UsedEntity[], scanned: number): string {
  if (used.length === 0) return `the consumer's source (${scanned} string literal${scanned === 1 ? '' : 's'}) names nothing on this server\n`
  const label = (entry: UsedEntity) => `${ENTITY_WORDS[entry.entity]} ${entry.name}`
  const width = Math.max(...used.map((entry) => label(entry).length))
  const lines = used.map((entry) => `${label(entry).padEnd(width)}  ${entry.sites.map((site) => `${site.file}:${site.line}`).join(', ')}`)
  return `used by the consumer (${used.length}):\n${lines.map((line) => `  ${line}`).join('\n')}\n`
}

/** A name the consumer's source mentions that the recorded surface served and the live one no longer does; `renamedTo` when the diff suspects a rename. */
export interface NoLongerServed extends UsedEntity {
  renamedTo?: string
}

/**
 * The entities the source mentions by the recorded surface's names that the live surface no
 * longer serves, each with the new name when the diff pairs a rename (`tool-renamed`).
 * @example noLongerServed(usedEntities(literals, [recorded]), usedEntities(literals, [live]), changes) // [{ entity: 'tool', name: 'add', renamedTo: 'get-sum', sites: [...] }]
 */
export function noLongerServed(recordedUse: readonly UsedEntity[], liveUse: readonly UsedEntity[], changes: readonly Change[]): NoLongerServed[] {
  const served = new Set(liveUse.map((entry) => `${entry.entity}\u0000${entry.name}`))
  const removed = new Map(changes.filter((change) => /-(removed|renamed)$/.test(change.kind) && change.path.length === 0).map((change) => [`${change.entity}\u0000${change.name}`, change]))
  return recordedUse.flatMap((entry) => {
    const key = `${entry.entity}\u0000${entry.name}`
    const change = removed.get(key)
    if (served.has(key) || change === undefined) return []
    return [change.kind === 'tool-renamed' ? { ...entry, renamedTo: String(change.details?.to) } : entry]
  })
}

/**
 * What `show --used-by` adds when the server no longer serves names the source mentions: each
 * with file:line, and the likely new name; empty when there is none.
 * @example formatNoLongerServed(gone, 'mcp-contract.json') // 'no longer served, recorded in mcp-contract.json (1):\n  tool add  agent.ts:3 (suspected rename to get-sum)\n'
 */
export function formatNoLongerServed(gone: readonly NoLongerServed[], contract: string): string {
  if (gone.length === 0) return ''
  const label = (entry: UsedEntity) => `${ENTITY_WORDS[entry.entity]} ${entry.name}`
  const width = Math.max(...gone.map((entry) => label(entry).length))
  const lines = gone.map((entry) => `  ${label(entry).padEnd(width)}  ${entry.sites.map((site) => `${site.file}:${site.line}`).join(', ')}${entry.renamedTo === undefined ? '' : ` (suspected rename to ${entry.renamedTo})`}`)
  return `no longer served, as ${contract} recorded them (${gone.length}):\n${lines.join('\n')}\n`
}

const ENTITY_WORDS: Record<UsedEntity['entity'], string> = { tool: 'tool', prompt: 'prompt', resource: 'resource', resourceTemplate: 'template' }

/**
 * The `used` scope from names given outright and entities found in the consumer's source;
 * `undefined` when neither was given (everything is in scope).
 * @example usedScope(['search_*'], found) // ['search_*', 'get_product']
 */
export function usedScope(names: readonly string[] | undefined, found: readonly UsedEntity[] | undefined): string[] | undefined {
  if (names === undefined && found === undefined) return undefined
  return [...new Set([...(names ?? []), ...(found ?? []).map((entry) => entry.name)])]
}
