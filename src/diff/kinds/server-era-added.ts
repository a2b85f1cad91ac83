import { defineKind, fixed } from '../define-kind.js'

/** Detects a protocol era the server now speaks as well. */
export const serverEraAdded = defineKind({
  id: 'server-era-added',
  entity: 'server',
  purpose: 'Detects a protocol era (legacy initialize, or 2026-07-28 server/discover) the server now speaks as well.',
  severity: fixed('additive'),
  reason: { additive: 'clients of that era can now connect; nothing existing callers do changes' },
  message: (change) => `now speaks the ${String(change.after)} era too`,
  example: 'a `legacy` server now also answers `server/discover`',
})
