import { defineKind, NO_VALUE_LOST, relationSeverity } from '../define-kind.js'
import { editWords } from '../short-json.js'

/** A string `format` was added, removed or replaced. */
export const schemaFormatChanged = defineKind({
  id: 'schema-format-changed',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects a format added, removed or replaced; a format replaced by its extension (email → idn-email, uri → iri) widens, the reverse narrows; with policy format "annotate" every such change is only risky.',
  severity: ({ change, policy }) =>
    // Why: under "annotate" a format is documentation the server may or may not enforce.
    policy.format === 'annotate' ? 'risky' : relationSeverity(change.relation ?? 'unknown', change.direction ?? 'input'),
  reason: {
    breaking: {
      input: 'calls with values that do not satisfy the new format are now rejected',
      output: 'readers may now get values outside the old format',
    },
    additive: NO_VALUE_LOST,
    risky: 'the format is only an annotation under this policy, so whether values change is not known',
  },
  message: (change) => editWords('format', change.before, change.after),
  example: '`homepage` format uri → email',
})
