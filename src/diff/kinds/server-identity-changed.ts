import { defineKind, fixed } from '../define-kind.js'

/** Detects a changed server name or title. */
export const serverIdentityChanged = defineKind({
  id: 'server-identity-changed',
  entity: 'server',
  movesValue: true,
  purpose: 'Detects a changed server name or title.',
  severity: fixed('routing'),
  reason: { routing: 'no call breaks, but people and agents recognise the server by it' },
  message: (change) => `${String(change.details?.field)} ${JSON.stringify(change.before ?? null)} → ${JSON.stringify(change.after ?? null)}`,
  example: 'server name `demo` → `catalog`',
})
