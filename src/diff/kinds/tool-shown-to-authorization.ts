import { defineKind, fixed } from '../define-kind.js'

/** Detects a tool the contract lists only for other authorizations that one authorization now lists too. */
export const toolShownToAuthorization = defineKind({
  id: 'tool-shown-to-authorization',
  entity: 'tool',
  purpose: 'Detects a tool the contract lists only for other named authorizations that is now listed for this one too (recorded with --as).',
  severity: fixed('risky'),
  reason: { risky: 'callers with this authorization can now reach a tool the contract keeps for others; make sure the server did not widen access' },
  message: (change) => `now listed for this authorization; the contract lists it only for ${String(change.details?.listedFor)}`,
  example: '`delete_user`, recorded for `admin` only, is now listed for `reader`',
})
