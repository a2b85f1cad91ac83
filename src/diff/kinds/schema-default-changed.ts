import { byDirection, defineKind } from '../define-kind.js'
import { shortJson } from '../short-json.js'

/** A `default` was added, changed or removed. */
export const schemaDefaultChanged = defineKind({
  id: 'schema-default-changed',
  entity: 'tool',
  movesValue: true,
  purpose: 'Detects a changed default value, which changes behaviour for callers who omit the argument.',
  severity: byDirection({ input: 'risky', output: 'cosmetic' }),
  reason: {
    risky: 'callers that omit the argument now get different behaviour',
    cosmetic: 'a default on an output field does not change what readers receive',
  },
  message: (change) => `default ${shortJson(change.before)} → ${shortJson(change.after)}`,
  example: '`limit` default 10 → 50',
})
