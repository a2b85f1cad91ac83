import { byRelation, defineKind, NO_VALUE_LOST } from '../define-kind.js'

/** A union changed as a whole: oneOf ↔ anyOf, or branches regrouped so that only coverage can judge it. */
export const schemaCompositionChanged = defineKind({
  id: 'schema-composition-changed',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects oneOf turned into anyOf (or back) and regrouped union branches, judged by which values each union covers.',
  severity: byRelation(),
  reason: {
    additive: NO_VALUE_LOST,
    breaking: {
      input: 'calls that were valid may now be rejected',
      output: 'readers may now get values that were excluded before',
    },
    risky: 'the engine could not decide how the union moved',
  },
  message: (change) =>
    change.details?.regrouped === true
      ? 'union branches regrouped'
      : change.details?.overlapping === true
        ? 'a changed oneOf branch overlaps another: values both matched move the other way'
        : `${String(change.before)} → ${String(change.after)}`,
  example: '`shape` oneOf → anyOf',
})
