/**
 * The places in a surface a volatile path names. Why a file of its own: the snapshot serializer,
 * loaded with the matchers' setup, prints volatile values by their place and stays light.
 */
import { compareText } from '../schema/keywords.js'
import { formatsIn, maskTokens } from './volatile-formats.js'
import type { Surface } from './types.js'

/** The top-level lists and the field each entry is keyed by. */
export const KEYED_LISTS: Record<string, string> = { tools: 'name', prompts: 'name', resources: 'uri', resourceTemplates: 'uriTemplate' }

/** True when a concrete path names an entry's key (`resources["session://{uuid}/status"].uri`): writing it can change the list's order. */
export function namesKey(path: readonly string[]): boolean {
  return path.length === 3 && KEYED_LISTS[path[0]] === path[2]
}

/**
 * Sorts the named lists of a surface by their key again, in place.
 * Why: a surface is sorted by key, and a key with a random id in it sorts by the id, so a key
 * rewritten (as its shape, or as recorded) can move its entry.
 */
export function sortByKey(surface: Surface, lists: Iterable<string>): void {
  for (const list of lists) {
    const key = KEYED_LISTS[list]
    ;((surface as unknown as Record<string, Record<string, unknown>[]>)[list] ?? []).sort((a, b) => compareText(String(a[key]), String(b[key])))
  }
}

/** One place a path reaches: the object or array holding the value, its key there, and the concrete path. */
export interface Place {
  holder: Record<string, unknown> | unknown[]
  key: string | number
  path: string[]
}

/**
 * Every place in a surface a volatile path names. An entry of a keyed list (tools by name,
 * resources by uri, prompt arguments by name) matches its key, `*`, or a segment that is its key
 * with tokens masked (`file:///s/{uuid}.json`).
 */
export function placesOf(surface: Surface, segments: readonly string[]): Place[] {
  let places: Place[] = [{ holder: { root: surface }, key: 'root', path: [] }]
  for (const [depth, segment] of segments.entries()) {
    const next: Place[] = []
    for (const place of places) {
      const value = (place.holder as Record<string, unknown>)[place.key]
      const keyField = Array.isArray(value) ? keyFieldAt(segments, depth) : undefined
      if (Array.isArray(value) && keyField !== undefined) {
        for (const [index, item] of value.entries()) {
          const key = (item as Record<string, unknown> | null)?.[keyField]
          // Why the segment for a masked key: the same entry on either side is named alike, whatever its id today.
          if (typeof key === 'string' && keyMatches(key, segment)) next.push({ holder: value, key: index, path: [...place.path, segment === '*' ? key : segment] })
        }
      } else if (Array.isArray(value)) {
        if (/^\d+$/.test(segment) && Number(segment) < value.length) next.push({ holder: value, key: Number(segment), path: [...place.path, segment] })
      } else if (typeof value === 'object' && value !== null) {
        const keys = segment === '*' ? Object.keys(value) : Object.hasOwn(value, segment) ? [segment] : []
        for (const key of keys) next.push({ holder: value as Record<string, unknown>, key, path: [...place.path, key] })
      }
    }
    places = next
  }
  return places
}

/** The field the array reached before `segments[depth]` is keyed by: a top-level list's, or a prompt's arguments' `name`. */
function keyFieldAt(segments: readonly string[], depth: number): string | undefined {
  if (depth === 1) return KEYED_LISTS[segments[0]]
  return depth === 3 && segments[0] === 'prompts' && segments[2] === 'arguments' ? 'name' : undefined
}

function keyMatches(key: string, segment: string): boolean {
  if (segment === '*' || key === segment) return true
  const formats = formatsIn(segment)
  // Why a key written with its shape (`session://‹uuid›/status`, as a snapshot prints it) matches too: it is the same entry.
  return formats.length > 0 && maskTokens(key.replace(/‹([a-z-]+)›/g, '{$1}'), formats) === segment
}
