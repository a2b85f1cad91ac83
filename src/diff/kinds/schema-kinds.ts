import { argumentAdded } from './argument-added.js'
import { argumentDescriptionChanged } from './argument-description-changed.js'
import { argumentNowOptional } from './argument-now-optional.js'
import { argumentNowRequired } from './argument-now-required.js'
import { argumentRemoved } from './argument-removed.js'
import { outputFieldAdded } from './output-field-added.js'
import { outputFieldNowOptional } from './output-field-now-optional.js'
import { outputFieldNowRequired } from './output-field-now-required.js'
import { outputFieldRemoved } from './output-field-removed.js'
import { schemaAdditionalPropertiesChanged } from './schema-additional-properties-changed.js'
import { schemaAnnotationChanged } from './schema-annotation-changed.js'
import { schemaBoundChanged } from './schema-bound-changed.js'
import { schemaBranchAdded } from './schema-branch-added.js'
import { schemaBranchRemoved } from './schema-branch-removed.js'
import { schemaComparisonIncomplete } from './schema-comparison-incomplete.js'
import { schemaCompositionChanged } from './schema-composition-changed.js'
import { schemaConstraintChanged } from './schema-constraint-changed.js'
import { schemaDefaultChanged } from './schema-default-changed.js'
import { schemaDeprecatedChanged } from './schema-deprecated-changed.js'
import { schemaEnumChanged } from './schema-enum-changed.js'
import { schemaFormatChanged } from './schema-format-changed.js'
import { schemaKeywordChanged } from './schema-keyword-changed.js'
import { schemaNullableChanged } from './schema-nullable-changed.js'
import { schemaPatternChanged } from './schema-pattern-changed.js'
import { schemaProducerHintChanged } from './schema-producer-hint-changed.js'
import { schemaReferenceChanged } from './schema-reference-changed.js'
import { schemaSafeIntegerBoundChanged } from './schema-safe-integer-bound-changed.js'
import { schemaSatisfiabilityChanged } from './schema-satisfiability-changed.js'
import { schemaTypeChanged } from './schema-type-changed.js'
import type { ChangeKind } from '../define-kind.js'

/** The change kinds the schema engine (`src/schema`) emits, registered by `src/diff/registry.ts`. */
export const SCHEMA_KINDS: ChangeKind[] = [
  argumentAdded,
  argumentRemoved,
  argumentNowRequired,
  argumentNowOptional,
  outputFieldAdded,
  outputFieldNowRequired,
  outputFieldNowOptional,
  outputFieldRemoved,
  argumentDescriptionChanged,
  schemaTypeChanged,
  schemaNullableChanged,
  schemaEnumChanged,
  schemaBoundChanged,
  schemaSafeIntegerBoundChanged,
  schemaPatternChanged,
  schemaFormatChanged,
  schemaConstraintChanged,
  schemaAdditionalPropertiesChanged,
  schemaBranchAdded,
  schemaBranchRemoved,
  schemaCompositionChanged,
  schemaDefaultChanged,
  schemaDeprecatedChanged,
  schemaAnnotationChanged,
  schemaProducerHintChanged,
  schemaKeywordChanged,
  schemaSatisfiabilityChanged,
  schemaReferenceChanged,
  schemaComparisonIncomplete,
]
