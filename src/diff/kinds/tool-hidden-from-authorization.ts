import { defineKind, fixed } from '../define-kind.js'

/** Detects a tool one authorization no longer lists while others still do. */
export const toolHiddenFromAuthorization = defineKind({
  id: 'tool-hidden-from-authorization',
  entity: 'tool',
  purpose: 'Detects a recorded tool one named authorization no longer lists while other authorizations still do (recorded with --as).',
  severity: fixed('breaking'),
  reason: { breaking: 'an agent using this authorization that calls it fails' },
  message: (change) => `no longer listed for this authorization; still listed for ${String(change.details?.listedFor)}`,
  example: '`export_csv` is still listed for `admin` but no longer for `reader`',
})
