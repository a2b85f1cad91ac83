/**
 * Hints for a value that changed between two runs and is not marked volatile: when the change is
 * only a clock or a random id moving, the failure says so and how to mark it, never passes silently.
 */
import type { Json, Surface, VolatileValue } from '../surface/types.js'
import { detectVolatile } from '../surface/detect-volatile.js'
import { placesOf } from '../surface/volatile-places.js'
import { parseVolatilePath } from '../surface/volatile-path.js'
import { formatsIn, maskTokens } from '../surface/volatile-formats.js'
import type { Detected } from './detected.js'

/** The shapes a hint is given for: a clock or a random id. */
const HINTED = new Set(['date-time', 'date', 'time', 'uuid', 'hex', 'epoch-ms', 'epoch-s'])

/** The list each entity kind is read from. */
const ENTITY_OF: Record<string, Detected['entity']> = { server: 'server', tools: 'tool', prompts: 'prompt', resources: 'resource', resourceTemplates: 'resourceTemplate' }

/**
 * The changes, each one a volatile-looking value explains carrying `details.looksVolatile` (the
 * path to mark) and `details.volatileFormat` (its shape); and the values that look volatile.
 * Why from the two surfaces rather than the change alone: the path to mark is the surface's, not the schema's.
 */
export function withVolatileHints(changes: readonly Detected[], recorded: Surface, live: Surface): { changes: Detected[]; looksVolatile: VolatileValue[] } {
  if (changes.length === 0) return { changes: [...changes], looksVolatile: [] }
  // Why clocks and ids only: "up to 10 results" → "up to 50 results" or a limit default 10 → 50 is a change someone made, not a counter.
  const candidates = detectVolatile(recorded, live).volatile.filter((value) => value.format !== undefined && HINTED.has(value.format))
  if (candidates.length === 0) return { changes: [...changes], looksVolatile: [] }
  const explained = new Set<VolatileValue>()
  const out = changes.map((change) => {
    const candidate = candidates.find((value) => explains(value, change, recorded))
    if (candidate === undefined) return change
    explained.add(candidate)
    return { ...change, details: { ...change.details, looksVolatile: candidate.path, volatileFormat: candidate.format ?? candidate.type } }
  })
  return { changes: out, looksVolatile: candidates.filter((value) => explained.has(value)) }
}

/** True when the candidate is the value the change moved: same entity, and its recorded value is the change's `before` (or its key the entity's). */
function explains(candidate: VolatileValue, change: Detected, recorded: Surface): boolean {
  const parsed = parseVolatilePath(candidate.path)
  if ('problem' in parsed) return false
  const [list, key] = parsed.segments
  if (ENTITY_OF[list] !== change.entity) return false
  if (list !== 'server') {
    const formats = formatsIn(key)
    const sameEntity = change.name === key || (formats.length > 0 && maskTokens(change.name, formats) === key)
    if (!sameEntity) return false
    // Why a key's own change: an entry whose key moved reads as one removed and one added.
    if (/-(removed|added)$/.test(change.kind)) return parsed.segments.length === 3
  }
  if (change.before === undefined || change.before === null || typeof change.before === 'object') return false
  return placesOf(recorded, parsed.segments).some((place) => (place.holder as Record<string | number, Json>)[place.key] === change.before)
}
