import { ERAS } from '../surface/eras.js'
import type { Era, ListName, Surface } from '../surface/types.js'
import type { Detected } from './detected.js'

/**
 * Finds what the 2026-07-28 protocol added to a surface: eras spoken, each list's cacheScope,
 * and places where one server's two eras differ. A field only one side recorded (a contract
 * written before eras were) is not compared: that is no change, only a thing not yet recorded.
 */
export function diffEras(recorded: Surface, live: Surface): Detected[] {
  const name = live.server.name ?? recorded.server.name ?? ''
  const changes: Detected[] = []
  // Why absent reads as legacy: every surface recorded before eras were was read over initialize.
  const recordedEras = recorded.eras ?? ['legacy']
  const liveEras = live.eras ?? ['legacy']
  // Why removal only when live was read in both eras or refused the era: a read in one era cannot
  // tell whether the server still speaks the other (`auto` stops at the first era that answers).
  const readBoth = liveEras.length === ERAS.length
  const gone = (era: Era) => (live.refusedEras ?? []).includes(era) || (readBoth && !liveEras.includes(era))
  for (const era of recordedEras) if (gone(era)) changes.push({ kind: 'server-era-removed', entity: 'server', name, path: [], before: era })
  for (const era of liveEras) if (!recordedEras.includes(era)) changes.push({ kind: 'server-era-added', entity: 'server', name, path: [], after: era })
  for (const list of Object.keys(live.cacheScope ?? {}) as ListName[]) {
    const before = recorded.cacheScope?.[list]
    const after = live.cacheScope?.[list]
    if (before !== undefined && after !== undefined && before !== after) {
      changes.push({ kind: 'server-cache-scope-changed', entity: 'server', name, path: [list], before, after })
    }
  }
  const known = new Set((recorded.eraDifferences ?? []).map(keyOf))
  for (const difference of live.eraDifferences ?? []) {
    if (known.has(keyOf(difference))) continue
    changes.push({ kind: 'era-surface-differs', entity: difference.entity, name: difference.name, path: [], details: { field: difference.field } })
  }
  return changes
}

function keyOf(difference: NonNullable<Surface['eraDifferences']>[number]): string {
  return `${difference.entity}\0${difference.name}\0${difference.field}`
}
