import { defineKind, relationSeverity } from '../define-kind.js'

/** The keywords that govern every key `properties` does not declare. */
const UNDECLARED_KEY_KEYWORDS = new Set(['additionalProperties', 'patternProperties'])

/** An argument (input property) that the schema now declares; an output field is `output-field-added`. */
export const argumentAdded = defineKind({
  id: 'argument-added',
  entity: 'tool',
  purpose: 'Detects an argument the schema now declares that it did not before, at any depth (an output field is output-field-added).',
  severity: ({ change, policy }) => {
    const details = change.details ?? {}
    const direction = change.direction ?? 'input'
    // Why: where a schema S already governed the key (additionalProperties, patternProperties, or
    // an applicator such as `not` that named it), the new property is compatible iff S ⊆ it
    // (inputs) or it ⊆ S (outputs): exactly the relation's verdict.
    if (details.governedBy !== undefined) return relationSeverity(change.relation ?? 'unknown', direction)
    if (direction === 'output') return 'additive'
    if (details.required === true) return 'breaking'
    return details.openObject === true && policy.contentModel === 'strict' ? 'risky' : 'additive'
  },
  reason: {
    breaking: {
      input: 'every call that omits it is now rejected (or it no longer fits what the object accepted)',
      output: 'readers may now get values under this name that the object did not allow before',
    },
    risky: {
      input: 'the object accepted extra keys, so callers may already send this name with another meaning',
      output: 'the object already allowed extra keys, and whether this field fits what they allowed was not proved',
    },
    additive: {
      input: 'every call that was valid still is',
      output: 'readers that do not know the field are unaffected',
    },
  },
  message: (change) => {
    const from = change.details?.renamedFrom
    const by = change.details?.governedBy
    // Why only applicators: a key under additionalProperties or patternProperties is read that way
    // by everyone; one a `not` or an `anyOf` constrained is not, and the severity depends on it.
    const constrained = typeof by === 'string' && !UNDECLARED_KEY_KEYWORDS.has(by) ? ` (already constrained by ${by})` : ''
    const note = `${constrained}${typeof from === 'string' ? ` (perhaps renamed from ${from})` : ''}`
    return `${change.details?.required === true ? 'required' : 'optional'} ${change.direction === 'output' ? 'field' : 'argument'} added${note}`
  },
  example: '`filters.city` added as an optional argument',
})
