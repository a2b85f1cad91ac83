import { defineKind, fixed } from '../define-kind.js'

/** Detects a prompt argument the prompt no longer declares. */
export const promptArgumentRemoved = defineKind({
  id: 'prompt-argument-removed',
  entity: 'prompt',
  purpose: 'Detects a prompt argument the prompt no longer declares.',
  severity: fixed('breaking'),
  reason: { breaking: 'clients that send it send an argument the prompt no longer takes' },
  message: () => 'argument removed',
  example: '`tone` is no longer declared',
})
