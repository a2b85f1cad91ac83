import { createHash } from 'node:crypto'
import { MAX_ITEM_DEPTH } from '../schema/nesting-limit.js'
import { normalizeSurface, type ReuseEntry } from './normalize.js'
import { isPlainJson } from './plain-json.js'
import type { Entity, ListName, NotRecorded, RawSurface, Surface } from './types.js'

/**
 * The normalization and rule set digests are made under. Why a number kept by hand: a digest
 * vouches that a recorded entry is what this version makes of the listed one and that no rule a
 * check enforces finds fault with it; raise it whenever normalization or such a rule changes, and
 * every older digest is ignored (its entries are judged afresh).
 */
export const VOUCH_EPOCH = 1

/** A contract file's `vouched` object: per list, the digest of each entry it vouches for, by key. */
export interface Vouched {
  epoch: number
  tools?: Record<string, string>
  prompts?: Record<string, string>
  resources?: Record<string, string>
  resourceTemplates?: Record<string, string>
}

const LISTS: [ListName, Exclude<Entity, 'server'>, string][] = [
  ['tools', 'tool', 'name'],
  ['prompts', 'prompt', 'name'],
  ['resources', 'resource', 'uri'],
  ['resourceTemplates', 'resourceTemplate', 'uriTemplate'],
]

type Raw = Record<string, unknown>

/**
 * The digest of one listed entry: what the server sent, what the contract file records for it and
 * what it records as not judged in it, each as JSON text (the file's text read back, for the recorded
 * side). Why all three: a changed byte in the server's entry, or a hand edit of the file's, must
 * never let the recorded entry stand for the live one.
 * @example entryDigest(rawTool, recordedTool, []) // 'q1Xh…' (22 characters)
 */
export function entryDigest(raw: unknown, recorded: unknown, notes: readonly NotRecorded[]): string {
  // Why newlines between: JSON text never holds one, so no two inputs give one byte string.
  return createHash('sha256').update(`${VOUCH_EPOCH}\n${JSON.stringify(raw)}\n${JSON.stringify(recorded)}\n${JSON.stringify(notes)}`).digest('base64url').slice(0, 22)
}

/**
 * What a contract file vouches for: the digest of every entry of `raw` that `eligible` holds,
 * that is plain JSON and listed once by key, against `written` (the surface as the file will read
 * back). `undefined` when there is none, or `raw` holds two eras or named views (never vouched).
 * @example vouchEntries(raw, JSON.parse(text), cleanEntries(raw))
 */
export function vouchEntries(raw: RawSurface, written: Surface, eligible: ReadonlySet<object>): Vouched | undefined {
  if (raw.legacy !== undefined || raw.authorizations !== undefined) return undefined
  const vouched: Vouched = { epoch: VOUCH_EPOCH }
  const notes = notesByEntity(written)
  let any = false
  for (const [list, entity, keyField] of LISTS) {
    const recorded = onceByKey((written[list] ?? []) as unknown as Raw[], keyField)
    const listed = listedKeys(raw[list], keyField)
    const digests: Record<string, string> = {}
    for (const entry of raw[list] ?? []) {
      const key = keyOf(entry, keyField)
      if (listed.get(key) !== 1 || !eligible.has(entry) || !isPlainJson(entry, MAX_ITEM_DEPTH + 2)) continue
      const entryRecorded = recorded.get(key)
      if (entryRecorded === undefined) continue
      digests[key] = entryDigest(entry, entryRecorded, notes.get(`${entity}\0${key}`) ?? [])
      any = true
    }
    if (Object.keys(digests).length > 0) vouched[list] = digests
  }
  return any ? vouched : undefined
}

/**
 * Normalizes `raw`, reusing each entry of `recorded` that `vouched` vouches for and whose live
 * entry digests to the same: returns the surface and `fresh`, `raw` without the entries reused.
 * Why: a vouched entry was normalized and linted when it was recorded, and normalizing is most of
 * what a check does after the server answers. Equal to `normalizeSurface(raw)` in every case.
 * @example const { surface, fresh } = normalizeVouched(raw, recorded, contract.data.vouched)
 */
export function normalizeVouched(raw: RawSurface, recorded: Surface, vouched: Vouched | undefined): { surface: Surface; fresh: RawSurface } {
  if (vouched?.epoch !== VOUCH_EPOCH || raw.legacy !== undefined || raw.authorizations !== undefined || recorded.authorizations !== undefined || recorded.eras?.length === 2) {
    return { surface: normalizeSurface(raw), fresh: raw }
  }
  const reused = new Set<object>()
  const notes = notesByEntity(recorded)
  const lookups = new Map(
    LISTS.map(([list, entity, keyField]) => [list, { entity, keyField, digests: vouched[list] ?? {}, recorded: onceByKey((recorded[list] ?? []) as unknown as Raw[], keyField), listed: listedKeys(raw[list], keyField) }]),
  )
  const reuse: ReuseEntry = (list, entry) => {
    const lookup = lookups.get(list)
    if (lookup === undefined) return undefined
    const key = keyOf(entry, lookup.keyField)
    if (!Object.hasOwn(lookup.digests, key) || lookup.listed.get(key) !== 1) return undefined
    const known = lookup.recorded.get(key)
    if (known === undefined || !isPlainJson(entry, MAX_ITEM_DEPTH + 2)) return undefined
    const entryNotes = notes.get(`${lookup.entity}\0${key}`) ?? []
    if (entryDigest(entry, known, entryNotes) !== lookup.digests[key]) return undefined
    reused.add(entry)
    return { entry: known, notes: entryNotes }
  }
  const surface = normalizeSurface(raw, reuse)
  if (reused.size === 0) return { surface, fresh: raw }
  const fresh: RawSurface = { ...raw }
  for (const [list] of LISTS) if (raw[list] !== undefined) fresh[list] = raw[list].filter((entry) => !reused.has(entry))
  return { surface, fresh }
}

/** The entry's key as normalization records it. Why the same text: two entries that normalize to one key are listed twice. */
function keyOf(entry: Raw, keyField: string): string {
  return String(entry[keyField] ?? '').normalize('NFC')
}

/** How many times each key is listed. */
function listedKeys(entries: readonly Raw[] | undefined, keyField: string): Map<string, number> {
  const counts = new Map<string, number>()
  for (const entry of entries ?? []) {
    const key = keyOf(entry, keyField)
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return counts
}

/** The recorded entries by key, leaving out a key recorded twice (a hand-edited file). */
function onceByKey(entries: readonly Raw[], keyField: string): Map<string, Raw> {
  const byKey = new Map<string, Raw | undefined>()
  for (const entry of entries) {
    const key = entry[keyField]
    if (typeof key === 'string') byKey.set(key, byKey.has(key) ? undefined : entry)
  }
  return new Map([...byKey].filter((pair): pair is [string, Raw] => pair[1] !== undefined))
}

/** What is recorded as not judged, by entity and name. */
function notesByEntity(surface: Surface): Map<string, NotRecorded[]> {
  const notes = new Map<string, NotRecorded[]>()
  for (const note of surface.notRecorded ?? []) {
    const key = `${note.entity}\0${note.name}`
    const list = notes.get(key)
    if (list === undefined) notes.set(key, [note])
    else list.push(note)
  }
  return notes
}
