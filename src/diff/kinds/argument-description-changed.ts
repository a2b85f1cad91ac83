import { defineKind, fixed } from '../define-kind.js'

/** The description of an argument, an output field, or a schema node changed. */
export const argumentDescriptionChanged = defineKind({
  id: 'argument-description-changed',
  entity: 'tool',
  movesValue: true,
  prose: true,
  purpose: 'Detects a changed schema description, the text an agent reads to fill an argument.',
  severity: fixed('routing'),
  reason: {
    routing: {
      input: 'agents choose and fill arguments from this text',
      output: 'agents interpret the field by this text',
    },
  },
  message: () => 'description changed',
  example: '`query` now says "ISO date" instead of "date"',
})
