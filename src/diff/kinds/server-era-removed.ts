import { defineKind, fixed } from '../define-kind.js'

/** Detects a protocol era the server no longer speaks. */
export const serverEraRemoved = defineKind({
  id: 'server-era-removed',
  entity: 'server',
  purpose: 'Detects a protocol era (legacy initialize, or 2026-07-28 server/discover) the server no longer speaks.',
  severity: fixed('breaking'),
  reason: { breaking: 'clients that speak only that era can no longer connect' },
  message: (change) => `no longer speaks the ${String(change.before)} era`,
  example: 'a server recorded in `legacy` now refuses `initialize`',
})
