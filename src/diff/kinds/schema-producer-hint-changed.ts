import { byDirection, defineKind } from '../define-kind.js'

/**
 * An annotation that guides whoever produces the value changed: `discriminator`,
 * `contentMediaType`, `contentEncoding`. No validator applies them (JSON Schema 2020-12 makes
 * the content keywords annotations; `discriminator` is OpenAPI's), so no valid value moves; a
 * model filling an argument, or a code generator, may still read them (CLASSIFICATION.md).
 */
export const schemaProducerHintChanged = defineKind({
  id: 'schema-producer-hint-changed',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects a changed discriminator, contentMediaType or contentEncoding: annotations that guide the producer of a value and that no validator applies.',
  severity: byDirection({ input: 'routing', output: 'cosmetic' }),
  reason: {
    routing: 'no call breaks, but agents and code generators read it to build the argument',
    cosmetic: 'readers get the same values; the hint guided the server, which wrote them',
  },
  message: (change) => `${String(change.details?.keyword ?? 'annotation')} changed`,
  example: '`attachment` contentMediaType `image/png` → `image/jpeg`',
})
