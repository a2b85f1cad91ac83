import { createHash } from 'node:crypto'
import { MAX_ITEM_DEPTH } from '../schema/nesting-limit.js'
import { normalizeSurface, type ReuseEntry } from './normalize.js'
import { isPlainJson } from './plain-json.js'
import { parseVolatilePath } from './volatile-path.js'
import { KEYED_LISTS, placesOf } from './volatile-places.js'
import type { Entity, ListName, NotRecorded, RawSurface, Surface } from './types.js'

/**
 * The normalization and rule set digests are made under. Why a number kept by hand: a digest
 * vouches that a recorded entry is what this version makes of the listed one and that no rule a
 * check enforces finds fault with it, and that its shape passed the contract schema; raise it
 * whenever normalization, such a rule or the schema changes, and every older digest is ignored
 * (its entries are judged afresh).
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
 * An entry's digest in a contract file: of what the server sent, then (after a dot) of what the
 * file records for it and what it records as not judged in it, the latter as the file's text reads
 * back. Why both: a changed byte in the server's entry, or a hand edit of the file's, must never
 * let the recorded entry stand for the live one; why apart: the file's half is checked while the
 * server boots, and vouches for the entry's shape as snapshot checked it.
 * @example entryDigest(rawTool, recordedTool, []) // 'q1Xh….7Tz0…'
 */
export function entryDigest(raw: unknown, recorded: unknown, notes: readonly unknown[]): string {
  return `${listedDigest(raw)}.${recordedDigest(recorded, notes)}`
}

/** The half of an entry's digest made from what the server sent. */
export function listedDigest(raw: unknown): string {
  return digest(JSON.stringify(raw))
}

/** The half of an entry's digest made from what the file records for it (see {@link entryDigest}). */
export function recordedDigest(recorded: unknown, notes: readonly unknown[]): string {
  // Why a newline between: JSON text never holds one, so no two inputs give one byte string.
  return digest(`${JSON.stringify(recorded)}\n${JSON.stringify(notes)}`)
}

function digest(text: string): string {
  return createHash('sha256').update(`${VOUCH_EPOCH}\n${text}`).digest('base64url').slice(0, 22)
}

/**
 * What a contract file vouches for: the digest of every entry of `raw` that `eligible` holds,
 * that is plain JSON and listed once by key, against `written` (the surface as the file will read
 * back). `undefined` when there is none, or `raw` holds two eras or named views (never vouched).
 * `sentMarks` adds a third part (after a second dot) to an entry's digest: what lint found in the
 * entry as sent that no contract file shows (see `lint/sent-rule-marks.ts`); this layer keeps it as text.
 * @example vouchEntries(raw, JSON.parse(text), cleanEntries(raw))
 */
export function vouchEntries(raw: RawSurface, written: Surface, eligible: ReadonlySet<object>, sentMarks?: ReadonlyMap<object, string>): Vouched | undefined {
  if (raw.legacy !== undefined || raw.authorizations !== undefined) return undefined
  const vouched: Vouched = { epoch: VOUCH_EPOCH }
  const notes = notesByEntity(written)
  const moving = entriesWithVolatile(written)
  let any = false
  for (const [list, entity, keyField] of LISTS) {
    const recorded = onceByKey((written[list] ?? []) as unknown as Raw[], keyField)
    const listed = listedKeys(raw[list], keyField)
    const digests: Record<string, string> = {}
    for (const entry of raw[list] ?? []) {
      const key = keyOf(entry, keyField)
      if (listed.get(key) !== 1 || !eligible.has(entry) || !isPlainJson(entry, MAX_ITEM_DEPTH + 2)) continue
      const entryRecorded = recorded.get(key)
      // Why an entry holding a volatile value is not vouched: what the server sends for it differs on every start, and its recorded text may be an earlier day's.
      if (entryRecorded === undefined || moving.has(`${list}\0${key}`)) continue
      const mark = sentMarks?.get(entry)
      digests[key] = `${entryDigest(entry, entryRecorded, notes.get(`${entity}\0${key}`) ?? [])}${mark === undefined ? '' : `.${mark}`}`
      any = true
    }
    if (Object.keys(digests).length > 0) vouched[list] = digests
  }
  return any ? vouched : undefined
}

/** The entries a surface's volatile values are in, as `list\0key`. */
function entriesWithVolatile(surface: Surface): Set<string> {
  const entries = new Set<string>()
  for (const value of surface.volatile ?? []) {
    const parsed = parseVolatilePath(value.path)
    if ('problem' in parsed || parsed.segments[0] === 'server') continue
    for (const place of placesOf(surface, parsed.segments.slice(0, 2))) entries.add(`${parsed.segments[0]}\0${String((place.holder as Record<string, unknown>[])[place.key as number]?.[KEYED_LISTS[parsed.segments[0]]])}`)
  }
  return entries
}

/** One entry of a contract file whose recorded half of the digest holds. */
export interface VerifiedEntry {
  /** The entry as the file records it. */
  entry: object
  notes: readonly NotRecorded[]
  /** The half of the digest a live entry must digest to ({@link listedDigest}) to be the recorded one. */
  listed: string
  /** The digest's third part, when it has one: what lint found in the entry as sent (`lint/sent-rule-marks.ts`). */
  sentMark?: string
}

/** The entries of a contract file whose recorded half of the digest holds, by list and key. */
export type VerifiedEntries = Map<ListName, Map<string, VerifiedEntry>>

/**
 * Checks the file's half of each vouched entry's digest in parsed contract data whose shape is
 * not yet checked (so every value is looked at with care). `undefined` when the file vouches for
 * nothing this version can use: no `vouched`, another epoch, or named views or two eras recorded.
 * Why before the shape check: an entry that digests as snapshot wrote it has the shape snapshot
 * checked, and checking it again was most of reading a large contract.
 * @example const verified = verifyRecorded(JSON.parse(text))
 */
export function verifyRecorded(data: Record<string, unknown>): VerifiedEntries | undefined {
  const vouched = data.vouched
  if (!isRecord(vouched) || vouched.epoch !== VOUCH_EPOCH || data.authorizations !== undefined || (Array.isArray(data.eras) && data.eras.length === 2)) return undefined
  const notes = new Map<string, NotRecorded[]>()
  for (const note of Array.isArray(data.notRecorded) ? data.notRecorded : []) {
    if (!isRecord(note) || typeof note.entity !== 'string' || typeof note.name !== 'string') continue
    const key = `${note.entity}\0${note.name}`
    notes.set(key, [...(notes.get(key) ?? []), note as unknown as NotRecorded])
  }
  const verified: VerifiedEntries = new Map()
  for (const [list, entity, keyField] of LISTS) {
    const digests = vouched[list]
    const entries = data[list]
    if (!isRecord(digests) || !Array.isArray(entries)) continue
    const byKey = new Map<string, VerifiedEntry>()
    const twice = new Set<string>()
    for (const entry of entries) {
      if (!isRecord(entry) || typeof entry[keyField] !== 'string') continue
      const key = entry[keyField]
      if (byKey.has(key)) twice.add(key)
      const digest = Object.hasOwn(digests, key) ? digests[key] : undefined
      if (typeof digest !== 'string') continue
      const [listed, recorded, sentMark] = digest.split('.')
      const entryNotes = notes.get(`${entity}\0${key}`) ?? []
      if (recorded !== undefined && recordedDigest(entry, entryNotes) === recorded) byKey.set(key, { entry, notes: entryNotes, listed, ...(sentMark === undefined ? {} : { sentMark }) })
    }
    // Why a key recorded twice is dropped: which of the two a live entry stands for is not known.
    for (const key of twice) byKey.delete(key)
    if (byKey.size > 0) verified.set(list, byKey)
  }
  return verified.size > 0 ? verified : undefined
}

/**
 * Normalizes `raw`, reusing each verified entry of a contract file (`verifyRecorded`) whose live
 * entry digests to the same: returns the surface and `fresh`, `raw` without the entries reused.
 * Why: a vouched entry was normalized and linted when it was recorded, and normalizing is most of
 * what a check does after the server answers. Equal to `normalizeSurface(raw)` in every case.
 * @example const { surface, fresh } = normalizeVouched(raw, verifyRecorded(data))
 */
export function normalizeVouched(raw: RawSurface, verified: VerifiedEntries | undefined): { surface: Surface; fresh: RawSurface } {
  if (verified === undefined || raw.legacy !== undefined || raw.authorizations !== undefined) return { surface: normalizeSurface(raw), fresh: raw }
  const reused = new Set<object>()
  const listed = new Map(LISTS.map(([list, , keyField]) => [list, { keyField, counts: listedKeys(raw[list], keyField) }]))
  const reuse: ReuseEntry = (list, entry) => {
    const { keyField, counts } = listed.get(list) ?? { keyField: 'name', counts: new Map<string, number>() }
    const key = keyOf(entry, keyField)
    const known = verified.get(list)?.get(key)
    if (known === undefined || counts.get(key) !== 1 || !isPlainJson(entry, MAX_ITEM_DEPTH + 2) || listedDigest(entry) !== known.listed) return undefined
    reused.add(entry)
    return known
  }
  const surface = normalizeSurface(raw, reuse)
  if (reused.size === 0) return { surface, fresh: raw }
  const fresh: RawSurface = { ...raw }
  for (const [list] of LISTS) if (raw[list] !== undefined) fresh[list] = raw[list].filter((entry) => !reused.has(entry))
  return { surface, fresh }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
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
