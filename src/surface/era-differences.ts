import { compareText } from '../schema/keywords.js'
import { stableStringify } from './stable-json.js'
import type { Entity, EraDifference, Surface } from './types.js'

/** The lists compared between eras, with their entity and key. */
const LISTS = [
  { list: 'tools', entity: 'tool', key: 'name' },
  { list: 'prompts', entity: 'prompt', key: 'name' },
  { list: 'resources', entity: 'resource', key: 'uri' },
  { list: 'resourceTemplates', entity: 'resourceTemplate', key: 'uriTemplate' },
] as const

/**
 * Where one server's legacy and 2026-07-28 surfaces differ: an entity only one era lists
 * (`present`), or a field of it (`inputSchema`, `description`, …) that differs. Era-only
 * transport (`resultType`, `_meta` envelopes, cache hints) is not part of a surface, so it never
 * shows here. Sorted by entity, name and field.
 * @example eraDifferences(normalizeSurface(legacyRaw), normalizeSurface(modernRaw)) // [] for a server that lists the same tools in both eras
 */
export function eraDifferences(legacy: Surface, modern: Surface): EraDifference[] {
  const differences: EraDifference[] = []
  const serverName = modern.server.name ?? legacy.server.name ?? ''
  for (const field of fieldsThatDiffer(legacy.server, modern.server)) differences.push({ entity: 'server', name: serverName, field })
  for (const { list, entity, key } of LISTS) {
    const before = byKey(legacy[list] ?? [], key)
    const after = byKey(modern[list] ?? [], key)
    for (const name of new Set([...before.keys(), ...after.keys()])) {
      const old = before.get(name)
      const now = after.get(name)
      if (old === undefined || now === undefined) differences.push({ entity: entity as Entity, name, field: 'present' })
      else for (const field of fieldsThatDiffer(old, now)) differences.push({ entity: entity as Entity, name, field })
    }
  }
  return differences.sort((a, b) => compareText(`${a.entity}\0${a.name}\0${a.field}`, `${b.entity}\0${b.name}\0${b.field}`))
}

function byKey(items: readonly object[], key: string): Map<string, object> {
  return new Map(items.map((item) => [String((item as Record<string, unknown>)[key]), item]))
}

function fieldsThatDiffer(before: object, after: object): string[] {
  const old = before as Record<string, unknown>
  const now = after as Record<string, unknown>
  return [...new Set([...Object.keys(old), ...Object.keys(now)])].filter((field) => stableStringify(old[field]) !== stableStringify(now[field]))
}
