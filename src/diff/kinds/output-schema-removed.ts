import { defineKind, fixed } from '../define-kind.js'

/** Detects a tool that no longer declares its output schema. */
export const outputSchemaRemoved = defineKind({
  id: 'output-schema-removed',
  entity: 'tool',
  purpose: 'Detects a tool that no longer declares its output schema.',
  severity: fixed('breaking'),
  reason: { breaking: 'readers of the structured result lose every field they relied on' },
  message: () => 'output schema removed',
  example: '`search` no longer declares an output schema',
})
