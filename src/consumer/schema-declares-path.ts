import type { PathSegment } from '../schema/types.js'
import type { Schema } from '../surface/types.js'

/**
 * True when an output schema declares the field at `path` (through `properties`, `items` for
 * `[]`, and any branch of `anyOf` / `oneOf` / `allOf`), or leaves that level open (no
 * `properties` at all), so it cannot be said to have dropped the field.
 * @example schemaDeclaresPath({ type: 'object', properties: { a: { type: 'number' } } }, ['b']) // false
 */
export function schemaDeclaresPath(schema: Schema | undefined, path: readonly PathSegment[]): boolean {
  if (path.length === 0 || typeof schema !== 'object' || schema === null) return true
  const node = schema as Record<string, unknown>
  const branches = (['anyOf', 'oneOf', 'allOf'] as const).flatMap((keyword) => (Array.isArray(node[keyword]) ? (node[keyword] as Schema[]) : []))
  if (branches.some((branch) => typeof branch === 'object' && branch !== null && schemaDeclaresPath(branch, path) && closes(branch, path))) return true
  const [head, ...rest] = path
  if (head === '[]') return node.items === undefined || Array.isArray(node.items) || schemaDeclaresPath(node.items as Schema, rest)
  const properties = node.properties as Record<string, Schema> | undefined
  if (properties === undefined) return branches.length === 0
  return Object.hasOwn(properties, head) && schemaDeclaresPath(properties[head], rest)
}

/** Why: an open branch (no properties) says nothing; only a branch that names the field vouches for it. */
function closes(branch: Schema, path: readonly PathSegment[]): boolean {
  const node = branch as Record<string, unknown>
  return path[0] === '[]' ? node.items !== undefined : node.properties !== undefined
}
