import type { PathSegment } from '../../schema/types.js'
import type { Schema } from '../../surface/types.js'
import type { ConsumerExample } from '../consumer-contract.js'
import { schemaDeclaresPath } from '../schema-declares-path.js'

/**
 * The argument a consumer sends that a now-required one at `required` was perhaps renamed from:
 * the one key of the example beside it that the live inputSchema no longer declares; `undefined`
 * when there is none, or more than one.
 * Why one only: two undeclared keys beside a new required one say nothing about which it replaced.
 * @example renamedFrom({ city: 'Oslo' }, { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] }, ['location']) // 'city'
 */
export function renamedFrom(example: ConsumerExample, inputSchema: Schema, required: readonly PathSegment[]): string | undefined {
  const parent = required.slice(0, -1)
  let value: unknown = example
  for (const segment of parent) {
    if (segment === '[]' || typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
    value = (value as Record<string, unknown>)[segment]
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const undeclared = Object.keys(value).filter((key) => !schemaDeclaresPath(inputSchema, [...parent, key]))
  return undeclared.length === 1 ? undeclared[0] : undefined
}
