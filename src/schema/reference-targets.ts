import { isAnnotationKeyword, isPlainObject } from './keywords.js'
import type { Schema } from './types.js'
import { decodePointerSegment, pointerSegments } from './json-pointer.js'
import type { Side } from './walker.js'

/**
 * The targets of local `$ref`s in the two schemas of one comparison, looked up once per
 * reference and side. A reference that leads nowhere (or outside the document) has none.
 * @example new ReferenceTargets(before, after).target('old', '#/$defs/Node')
 */
export class ReferenceTargets {
  private readonly old = new Map<string, Schema | undefined>()
  private readonly new = new Map<string, Schema | undefined>()

  constructor(
    private readonly before: Schema,
    private readonly after: Schema,
  ) {}

  /** The schema a local `$ref` of one side points at, or `undefined`. */
  target(side: Side, ref: string): Schema | undefined {
    const cache = side === 'old' ? this.old : this.new
    if (cache.has(ref)) return cache.get(ref)
    const found = follow(side === 'old' ? this.before : this.after, ref)
    cache.set(ref, found)
    return found
  }
}

/**
 * The target pointer of a node that is a local `$ref` with at most annotations and `$defs`
 * beside it. Why annotations: they never move the valid values, so `{$ref, description}` (how
 * pydantic writes a field) is the reference itself; its annotations are compared beside it.
 * Why `$defs`: definitions only hold schemas for references to reach, so a root `{$ref:
 * '#/$defs/0', $defs}` (a recursive type wrapped in `allOf`, canonicalized) is that reference
 * too, and pairs with the same type written unwrapped instead of reading as a new constraint.
 * @example localRef({ $ref: '#/$defs/A', description: 'a' }) // '#/$defs/A'
 */
export function localRef(schema: Schema): string | undefined {
  if (typeof schema !== 'object' || typeof schema.$ref !== 'string' || !schema.$ref.startsWith('#')) return undefined
  for (const key in schema) if (key !== '$ref' && key !== '$defs' && !isAnnotationKeyword(key)) return undefined
  return schema.$ref
}

/**
 * The name a reference gives its definition: the last pointer segment, unescaped.
 * @example definitionName('#/$defs/a~1b') // 'a/b'
 */
export function definitionName(ref: string): string {
  if (ref === '#') return '#'
  const segments = ref.split('/')
  return decodePointerSegment(segments[segments.length - 1] ?? ref)
}

function follow(root: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith('#')) return undefined
  let node: unknown = root
  const pointer = decodeFragment(ref.slice(1))
  if (pointer === undefined) return undefined
  if (pointer === '') return node as Schema
  for (const segment of pointerSegments(pointer)) {
    if (Array.isArray(node) && /^\d+$/.test(segment)) node = node[Number(segment)]
    else if (isPlainObject(node) && Object.hasOwn(node, segment)) node = node[segment]
    else return undefined
  }
  return node === true || node === false || isPlainObject(node) ? (node as Schema) : undefined
}

function decodeFragment(fragment: string): string | undefined {
  try {
    return decodeURIComponent(fragment)
  } catch {
    return undefined
  }
}
