import { defineKind, fixed } from '../define-kind.js'

/** Detects a tool that now declares an output schema. */
export const outputSchemaAdded = defineKind({
  id: 'output-schema-added',
  entity: 'tool',
  purpose: 'Detects a tool that now declares an output schema.',
  severity: fixed('additive'),
  reason: { additive: 'readers gain a structured result; unstructured content still arrives' },
  message: () => 'output schema added',
  example: '`search` now declares `{ items, total }`',
})
