import { defineKind, fixed } from '../define-kind.js'

/** Detects a recorded tool the server no longer lists. */
export const toolRemoved = defineKind({
  id: 'tool-removed',
  entity: 'tool',
  purpose: 'Detects a recorded tool the server no longer lists.',
  severity: fixed('breaking'),
  reason: { breaking: 'an agent that calls it fails' },
  message: () => 'the tool is gone',
  example: '`export_csv` is no longer listed',
})
