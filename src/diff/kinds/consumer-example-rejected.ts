import { defineKind, fixed } from '../define-kind.js'

/** Detects an argument example a consumer recorded that the live inputSchema now refuses. */
export const consumerExampleRejected = defineKind({
  id: 'consumer-example-rejected',
  entity: 'tool',
  purpose: "Detects a call a consumer recorded (its arguments) that the tool's live inputSchema now refuses.",
  severity: fixed('breaking'),
  reason: { breaking: 'the consumer makes this call today, and the server now rejects it' },
  message: (change) => {
    const [first, ...rest] = String(change.details?.errors).split('\n').map(requiredFirst)
    const renamed = typeof change.details?.renamedFrom === 'string' ? ` (perhaps renamed from ${change.details.renamedFrom})` : ''
    return `${String(change.details?.consumer)} sends ${String(change.details?.example)}, which is now refused (${[`${first}${renamed}`, ...rest].join('; ')})`
  },
  example: '`search_products` gains a required `region` that the consumer never sends',
})

/** Ajv's `is required at location`, said as a person would: `location is required`. */
function requiredFirst(line: string): string {
  const required = /^is required at (.+)$/.exec(line)
  return required === null ? line : `${required[1]} is required`
}
