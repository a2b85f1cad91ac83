import { compareText, isPlainObject, sortTexts } from './keywords.js'
import { resolveLocalRefs, type SchemaNotRecorded } from './local-refs.js'
import { findTooDeepValue, MAX_ITEM_DEPTH, nestsDeeperThan } from './nesting-limit.js'
import { Normalizer } from './schema-normalizer.js'
import { sortKeys } from './sorted-values.js'
import type { Json, Schema } from './types.js'

/** A canonical schema and the places canonicalization could not judge. */
export interface CanonicalSchema {
  schema: Schema
  notRecorded: SchemaNotRecorded[]
}

/**
 * Rewrites a JSON Schema into the one spelling mcp-contract stores and compares, so that
 * equivalent schemas become equal JSON (CLASSIFICATION.md, "Normalize first"). Pure,
 * deterministic and idempotent. Local `$ref`s are inlined (recursive definitions stay under a
 * root `$defs`); external `$ref`s are never fetched or read and are listed in `notRecorded`.
 * @example canonicalizeSchema({ type: ['string'], const: 'a' }).schema // { enum: ['a'] }
 */
export function canonicalizeSchema(schema: unknown): CanonicalSchema {
  // Why first: canonicalization, canonical keys and comparison recurse per level; a schema
  // nested past the limit is not recorded rather than overflowing the stack.
  if (nestsDeeperThan(schema, MAX_ITEM_DEPTH)) {
    const at = findTooDeepValue(schema, MAX_ITEM_DEPTH) ?? []
    const reason = `nested more than ${MAX_ITEM_DEPTH} levels deep (at ${at.slice(0, 6).join('/')}${at.length > 6 ? '/…' : ''}); read as accepting anything, changes to it are not seen`
    return { schema: true, notRecorded: [{ path: [], reason }] }
  }
  // Why: most tool schemas have no `$ref` at all; they are normalized in one walk and never
  // reach the resolver. A walk that meets a reference starts over from the resolved schema.
  const direct = new Normalizer([], false)
  const first = direct.schema(schema)
  if (!direct.sawReference) return { schema: first, notRecorded: sortedPlaces(direct.notRecorded) }
  const resolved = resolveLocalRefs(schema)
  const notRecorded = [...resolved.notRecorded]
  const defs = resolved.defs
  const normalizer = new Normalizer(notRecorded, true)
  let out = normalizer.schema(resolved.schema)
  const names = sortTexts(Object.keys(defs))
  if (names.length > 0 && isPlainObject(out)) {
    const canonicalDefs: Record<string, Json> = {}
    for (const name of names) canonicalDefs[name] = normalizer.schema(defs[name]) as Json
    out = sortKeys({ ...out, $defs: canonicalDefs }) as Schema
  }
  return { schema: out, notRecorded: sortedPlaces(notRecorded) }
}

/** Not-recorded places in path order, so the list does not depend on the input's key order. */
function sortedPlaces(places: SchemaNotRecorded[]): SchemaNotRecorded[] {
  if (places.length === 0) return []
  const key = (p: SchemaNotRecorded) => `${p.path.join('\u0000')}\u0001${p.reason}`
  return [...places].sort((x, y) => compareText(key(x), key(y)))
}
