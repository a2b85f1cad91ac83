import { defineKind, fixed } from '../define-kind.js'
import { editWords } from '../short-json.js'

/**
 * The exact ±9007199254740991 bound zod's `.int()` writes on an integer was added or removed:
 * listed, never failing by default (the safe-integer policy in docs/rules.md).
 */
export const schemaSafeIntegerBoundChanged = defineKind({
  id: 'schema-safe-integer-bound-changed',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects a minimum of exactly -9007199254740991 or a maximum of exactly 9007199254740991 added to or removed from an integer, the bounds zod’s .int() writes.',
  severity: fixed('cosmetic'),
  reason: {
    cosmetic: 'only integers beyond ±(2^53−1) move, and JSON numbers past that limit are not exchanged exactly between implementations anyway',
  },
  message: (change) => `${editWords(String(change.details?.keyword ?? 'bound'), change.before, change.after)} (the safe-integer limit)`,
  example: '`count` maximum 9007199254740991 added (the safe-integer limit)',
})
