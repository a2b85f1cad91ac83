import { defineKind, fixed } from '../define-kind.js'

/** Detects a removed tool whose schemas reappear, identical, under exactly one new name. */
export const toolRenamed = defineKind({
  id: 'tool-renamed',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects a removed tool whose schemas reappear, identical, under exactly one new name.',
  severity: fixed('breaking'),
  reason: { breaking: 'an agent that calls the old name fails' },
  message: (change) => `suspected rename to ${String(change.details?.to)} (identical schemas)`,
  example: '`search` is gone and `find` appears with the same schemas',
})
