import { describe, expect, test } from 'vitest'
import { checkSoundnessRow, findingsOf, severityOf, type SoundnessRow } from './support.js'

const MAX_SAFE = Number.MAX_SAFE_INTEGER

/** Values listed in `enum`/`const` are checked against formats, at the node and in its subschemas. */
const rows: SoundnessRow[] = [
  { title: 'const gains format: int32', before: { const: 3000000000 }, after: { const: 3000000000, format: 'int32' }, moved: [3000000000] },
  { title: 'enum → format: int32', before: { enum: [3000000000] }, after: { format: 'int32' }, moved: [3000000000, 'a'] },
  { title: 'enum of numbers gains format: int32', before: { enum: [1, 3000000000] }, after: { enum: [1, 3000000000], format: 'int32' }, moved: [3000000000] },
  { title: 'listed arrays gain a format in items', before: { enum: [[3000000000], [1]] }, after: { enum: [[3000000000], [1]], items: { format: 'int32' } }, moved: [[3000000000]] },
  { title: 'listed arrays gain a format in prefixItems', before: { enum: [[3000000000]] }, after: { enum: [[3000000000]], prefixItems: [{ format: 'int32' }] }, moved: [[3000000000]] },
  { title: 'listed arrays gain a format in contains', before: { enum: [[3000000000]] }, after: { enum: [[3000000000]], contains: { format: 'int32' } }, moved: [[3000000000]] },
  { title: 'listed objects gain a format in properties', before: { enum: [{ a: 3000000000 }] }, after: { enum: [{ a: 3000000000 }], properties: { a: { format: 'int32' } } }, moved: [{ a: 3000000000 }] },
  { title: 'listed objects gain a format in additionalProperties', before: { enum: [{ a: 'x' }] }, after: { enum: [{ a: 'x' }], additionalProperties: { format: 'email' } }, moved: [{ a: 'x' }] },
  { title: 'listed arrays gain a string format in items', before: { enum: [['x']] }, after: { enum: [['x']], items: { format: 'email' } }, moved: [['x']] },
  // An integer bound that rounds to the safe-integer limit is a bound, not zod's `.int()`.
  { title: 'integer exclusiveMaximum: 2^53 added', before: { type: 'integer' }, after: { type: 'integer', exclusiveMaximum: 2 ** 53 }, moved: [2 ** 53, 1e21] },
  { title: 'integer exclusiveMinimum: -2^53 added', before: { type: 'integer' }, after: { type: 'integer', exclusiveMinimum: -(2 ** 53) }, moved: [-(2 ** 53), -1e21] },
  { title: 'under not, exclusiveMaximum: 2^53 lets 1e21 through', before: { not: { type: 'integer' } }, after: { not: { type: 'integer', exclusiveMaximum: 2 ** 53 } }, moved: [1e21] },
  { title: 'under not, the exact safe-integer bounds let 1e21 through', before: { not: { type: 'integer' } }, after: { not: { type: 'integer', minimum: -MAX_SAFE, maximum: MAX_SAFE } }, moved: [1e21, -1e21] },
]

describe('formats are checked against listed values; rounded bounds stay bounds', () => {
  test.each(rows.flatMap((row) => [[`${row.title} (old → new)`, row, false] as const, [`${row.title} (new → old)`, row, true] as const]))('%s', (_title, row, reverse) => {
    checkSoundnessRow(row, reverse)
  })

  test.each([
    { title: 'const gains format: int32: input breaking', before: { const: 3000000000 }, after: { const: 3000000000, format: 'int32' }, direction: 'input' as const, severity: 'breaking' },
    { title: 'enum → format: int32: input breaking', before: { enum: [3000000000] }, after: { format: 'int32' }, direction: 'input' as const, severity: 'breaking' },
    { title: 'enum → format: int32: output breaking', before: { enum: [3000000000] }, after: { format: 'int32' }, direction: 'output' as const, severity: 'breaking' },
    { title: 'under not, exclusiveMaximum 2^53: output breaking', before: { not: { type: 'integer' } }, after: { not: { type: 'integer', exclusiveMaximum: 2 ** 53 } }, direction: 'output' as const, severity: 'breaking' },
  ])('$title', ({ before, after, direction, severity }) => {
    const severities = findingsOf(before, after, direction).map((f) => severityOf(f, direction))
    expect(severities).toContain(severity)
  })
})
