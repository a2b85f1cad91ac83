import type { Surface } from './types.js'

/**
 * True for a value shaped like a normalized surface: a `server` with `capabilities` and a
 * `notRecorded` list. Cheap and dependency-free: the snapshot serializer calls it on every value.
 * @example isSurface(await captureSurface(server)) // true
 */
export function isSurface(value: unknown): value is Surface {
  if (typeof value !== 'object' || value === null) return false
  const { server, notRecorded } = value as { server?: unknown; notRecorded?: unknown }
  return typeof server === 'object' && server !== null && typeof (server as { capabilities?: unknown }).capabilities === 'object' && Array.isArray(notRecorded)
}
