/**
 * The engine's own vocabulary: JSON values and schemas, how the set of valid values moved, which
 * side of a tool a schema describes, and structured paths. Nothing here depends on MCP.
 */

/** A JSON value as stored in a contract file. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** A JSON Schema after canonicalization (see `src/schema/canonicalize-schema.ts`). */
export type Schema = boolean | { [keyword: string]: Json }

/** Which side of a tool a schema change is on: callers send inputs, read outputs. */
export type Direction = 'input' | 'output'

/** How the set of valid values moved between the recorded and the live schema. */
export type Relation = 'widened' | 'narrowed' | 'incomparable' | 'equal' | 'unknown'

/**
 * A structured path to an argument or field: property names, and `'[]'` for array items.
 * `['filters', 'city']` renders `filters.city`; `['tags', '[]', 'name']` renders `tags[].name`.
 */
export type PathSegment = string
