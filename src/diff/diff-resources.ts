import { stableStringify } from '../surface/stable-json.js'
import type { Entity, SurfaceResource, SurfaceResourceTemplate } from '../surface/types.js'
import type { Detected } from './detected.js'
import { pairByKey } from './pair-by-key.js'

/** Kind ids for one of the two resource-like entities. */
interface ResourceKindIds {
  entity: Extract<Entity, 'resource' | 'resourceTemplate'>
  prefix: 'resource' | 'resource-template'
}

const METADATA_FIELDS = ['name', 'title', 'description', 'annotations'] as const

/** Finds every change between two resource lists (keyed by `uri`). */
export function diffResources(before: readonly SurfaceResource[], after: readonly SurfaceResource[]): Detected[] {
  return diffResourceLike(before, after, (resource) => resource.uri, { entity: 'resource', prefix: 'resource' })
}

/** Finds every change between two resource template lists (keyed by `uriTemplate`). */
export function diffResourceTemplates(before: readonly SurfaceResourceTemplate[], after: readonly SurfaceResourceTemplate[]): Detected[] {
  return diffResourceLike(before, after, (template) => template.uriTemplate, { entity: 'resourceTemplate', prefix: 'resource-template' })
}

/** Why: resources and templates make the same promises and differ only in their key. */
function diffResourceLike<T extends SurfaceResource | SurfaceResourceTemplate>(
  before: readonly T[],
  after: readonly T[],
  key: (item: T) => string,
  { entity, prefix }: ResourceKindIds,
): Detected[] {
  const { removed, added, kept } = pairByKey(before, after, key)
  const changes: Detected[] = [
    ...removed.map((item): Detected => ({ kind: `${prefix}-removed`, entity, name: key(item), path: [] })),
    ...added.map((item): Detected => ({ kind: `${prefix}-added`, entity, name: key(item), path: [] })),
  ]
  for (const [old, now] of kept) {
    const name = key(old)
    if (old.mimeType !== now.mimeType) {
      changes.push({ kind: `${prefix}-mime-type-changed`, entity, name, path: [], before: old.mimeType ?? null, after: now.mimeType ?? null })
    }
    for (const field of METADATA_FIELDS) {
      if (stableStringify(old[field]) !== stableStringify(now[field])) {
        changes.push({ kind: `${prefix}-metadata-changed`, entity, name, path: [], before: old[field] ?? null, after: now[field] ?? null, details: { field } })
      }
    }
  }
  return changes
}
