import { defineKind, fixed } from '../define-kind.js'

/** Detects a place where one server shows a different surface to 2025-era and 2026-07-28-era clients. */
export const eraSurfaceDiffers = defineKind({
  id: 'era-surface-differs',
  entity: 'tool',
  purpose: 'Detects a place where the legacy and the 2026-07-28 surface of one server differ (captured with era both).',
  severity: fixed('risky'),
  reason: { risky: 'clients of one era see a different promise than clients of the other; an agent moved between them breaks' },
  message: (change) => (change.details?.field === 'present' ? 'listed in one era only' : `${String(change.details?.field)} differs between eras`),
  example: '`search` has another `inputSchema` over `initialize` than over `server/discover`',
})
