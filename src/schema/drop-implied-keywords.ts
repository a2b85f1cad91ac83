import { isAnnotationKeyword, isPlainObject, sortTexts } from './keywords.js'
import { formatTypeBits } from './format-types.js'
import { KEYWORD_ROLES, TYPE_BITS } from './keyword-roles.js'
import { valueMatches } from './value-matches.js'

const STRING_BITS = TYPE_BITS.get('string')!

/**
 * Drops keywords whose neighbours already decide them, so a schema that states them accepts
 * exactly what it accepted without them: `format` on a type it does not read, `propertyNames`
 * that every name meets, `contains` with `minContains: 0`, a `dependentRequired`/`dependentSchemas`
 * entry whose key an object can never hold (a closed object, a property set to `false`) or
 * that names only its own key, `minProperties` at most
 * the number of required names, `maxProperties` at least the properties a closed object allows,
 * `maxItems` at least the distinct values unique items can take, `items` under `maxItems: 0`;
 * in `propertyNames`, what a name (always a string) meets anyway: `type: 'string'` and keywords
 * of other types, and the whole of it on a closed object whose names all meet it. A
 * `dependentSchemas` entry `false` is the property set to `false`: either way the key may not
 * be present. Returns whether it added a keyword (that `properties`).
 * @example const s = { type: 'object', required: ['a'], minProperties: 1 }; dropImpliedKeywords(s) // s has no minProperties
 */
export function dropImpliedKeywords(s: Record<string, unknown>, allowedTypes: number): boolean {
  if (typeof s.format === 'string' && allowedTypes !== -1 && (formatTypeBits(s.format) & allowedTypes) === 0) delete s.format
  if (isPlainObject(s.propertyNames)) s.propertyNames = asNameSchema(s.propertyNames)
  if (s.propertyNames !== undefined && acceptsEveryString(s.propertyNames)) delete s.propertyNames
  // Why: with no upper count, "at least zero items match" holds for every array.
  if (s.minContains === 0 && s.maxContains === undefined) {
    delete s.contains
    delete s.minContains
  }
  if (s.maxItems === 0 && s.items !== undefined) delete s.items
  // Why this order: an entry whose key a closed object refuses goes first (nothing is added
  // for it), then a `false` entry becomes the property, which `dependentRequired` then reads.
  if (isPlainObject(s.dependentSchemas)) dropUntriggerable(s, 'dependentSchemas', closedNames(s))
  const added = forbiddenDependentsAsProperties(s)
  const allowed = closedNames(s)
  if (s.propertyNames !== undefined && allowed !== undefined && [...allowed].every((name) => valueMatches(s.propertyNames, name) === true)) delete s.propertyNames
  if (s.propertyNames !== undefined && allowed !== undefined) refusedNamesAsProperties(s, allowed)
  if (isPlainObject(s.dependentRequired)) dropUntriggerable(s, 'dependentRequired', allowed)
  if (typeof s.minProperties === 'number' && Array.isArray(s.required) && s.minProperties <= new Set(s.required).size) delete s.minProperties
  if (typeof s.maxProperties === 'number' && allowed !== undefined && s.maxProperties >= allowed.size) delete s.maxProperties
  if (typeof s.maxItems === 'number' && s.uniqueItems === true && s.prefixItems === undefined) {
    const distinct = distinctValues(s.items)
    if (distinct !== undefined && s.maxItems >= distinct) delete s.maxItems
  }
  return added
}

/**
 * A `propertyNames` schema read as names are: always strings, so `type` says nothing when it
 * lists `string` (and refuses every name when it does not), nor do keywords of other types,
 * and listed values that are not strings match no name.
 * The same object back when nothing changes.
 */
function asNameSchema(schema: Record<string, unknown>): Record<string, unknown> | false {
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type]
    if (!types.includes('string')) return false
  }
  let out: Record<string, unknown> | undefined
  if (Array.isArray(schema.enum) && schema.enum.some((v) => typeof v !== 'string')) {
    const names = schema.enum.filter((v) => typeof v === 'string')
    if (names.length === 0) return false
    out = { ...schema, enum: names }
  }
  for (const key of Object.keys(schema)) {
    const types = key === 'type' ? 0 : key === 'format' && typeof schema.format === 'string' ? formatTypeBits(schema.format) : (KEYWORD_ROLES.get(key)?.types ?? STRING_BITS)
    if (key !== 'type' && (types === 0 || (types & STRING_BITS) !== 0)) continue
    out ??= { ...schema }
    delete out[key]
  }
  return out ?? schema
}

/** Moves `dependentSchemas` entries of `false` to `properties`; says whether `properties` was added. */
function forbiddenDependentsAsProperties(s: Record<string, unknown>): boolean {
  if (!isPlainObject(s.dependentSchemas)) return false
  const forbidden = Object.keys(s.dependentSchemas).filter((name) => (s.dependentSchemas as Record<string, unknown>)[name] === false)
  if (forbidden.length === 0) return false
  const added = s.properties === undefined
  const properties: Record<string, unknown> = isPlainObject(s.properties) ? { ...s.properties } : {}
  const rest: Record<string, unknown> = { ...s.dependentSchemas }
  for (const name of forbidden) {
    properties[name] = false
    delete rest[name]
  }
  s.properties = Object.fromEntries(sortTexts(Object.keys(properties)).map((name) => [name, properties[name]]))
  if (Object.keys(rest).length === 0) delete s.dependentSchemas
  else s.dependentSchemas = rest
  return added
}

/** A `propertyNames` schema that only says names are strings (or nothing at all). */
function acceptsEveryString(schema: unknown): boolean {
  if (schema === true) return true
  if (!isPlainObject(schema)) return false
  for (const key of Object.keys(schema)) {
    if (isAnnotationKeyword(key)) continue
    if (key !== 'type') return false
    const types = Array.isArray(schema.type) ? schema.type : [schema.type]
    if (!types.includes('string')) return false
  }
  return true
}

/**
 * The names a closed object (`additionalProperties: false`, no `patternProperties`) can hold:
 * its `properties` not set to `false`; `undefined` when the object is open.
 */
function closedNames(s: Record<string, unknown>): Set<string> | undefined {
  if (s.additionalProperties !== false || s.patternProperties !== undefined) return undefined
  const properties = isPlainObject(s.properties) ? s.properties : {}
  return new Set(Object.keys(properties).filter((name) => properties[name] !== false))
}

/** Whether an object this schema accepts can hold the name at all. */
function canHold(s: Record<string, unknown>, name: string, closed: Set<string> | undefined): boolean {
  if (isPlainObject(s.properties) && Object.hasOwn(s.properties, name) && s.properties[name] === false) return false
  return closed === undefined || closed.has(name)
}

/**
 * On a closed object only its listed names can appear, so `propertyNames` says which of them
 * may: a name it refuses is unlisted (or, when required, set to `false`), and once each name is decided
 * `propertyNames` says nothing more (`{maxLength: 1}` and `{enum: ['zzz']}` over `ab` agree).
 */
function refusedNamesAsProperties(s: Record<string, unknown>, allowed: Set<string>): void {
  const verdicts = [...allowed].map((name) => [name, valueMatches(s.propertyNames, name)] as const)
  if (verdicts.some(([, verdict]) => verdict === undefined)) return
  const properties = { ...(s.properties as Record<string, unknown>) }
  const required = Array.isArray(s.required) ? s.required : []
  // Why delete a name nobody requires: a closed object refuses an unlisted name as it refuses
  // one set to `false`, and the shorter spelling is the one its equal rewrites already take.
  for (const [name, verdict] of verdicts) if (verdict === false) required.includes(name) ? (properties[name] = false) : delete properties[name]
  if (Object.keys(properties).length === 0) delete s.properties
  else s.properties = properties
  delete s.propertyNames
}

/** Drops entries whose key can never be present, names that only restate their own key, and (in `dependentRequired`) names the object requires anyway. */
function dropUntriggerable(s: Record<string, unknown>, keyword: string, closed: Set<string> | undefined): void {
  const map = s[keyword] as Record<string, unknown>
  // Why: a name in `required` is present whether or not the entry's key is.
  const required = keyword === 'dependentRequired' && Array.isArray(s.required) ? s.required : []
  const keep: Record<string, unknown> = {}
  let changed = false
  for (const name of Object.keys(map)) {
    let value = map[name]
    // Why: a key that is present is present; `{a: [a]}` asks nothing more.
    if (Array.isArray(value) && value.includes(name)) value = value.filter((n) => n !== name)
    if (Array.isArray(value) && required.length > 0 && value.some((n) => required.includes(n))) value = value.filter((n) => !required.includes(n))
    if (value !== map[name]) changed = true
    if (!canHold(s, name, closed) || (Array.isArray(value) && value.length === 0) || value === true) {
      changed = true
      continue
    }
    keep[name] = value
  }
  if (!changed) return
  if (Object.keys(keep).length === 0) delete s[keyword]
  else s[keyword] = keep
}

/** How many distinct values an item schema allows, when it is a short finite list. */
function distinctValues(items: unknown): number | undefined {
  if (items === false) return 0
  if (!isPlainObject(items)) return undefined
  const keys = Object.keys(items).filter((k) => !isAnnotationKeyword(k))
  if (keys.length !== 1) return undefined
  if (keys[0] === 'enum' && Array.isArray(items.enum)) return items.enum.length
  if (keys[0] !== 'type') return undefined
  const types = Array.isArray(items.type) ? items.type : [items.type]
  let count = 0
  for (const t of types) {
    if (t === 'boolean') count += 2
    else if (t === 'null') count += 1
    else return undefined
  }
  return count
}

/**
 * Whether an object schema requires a name it may not hold (a property set to `false`, or a
 * name a closed object does not list): then no object passes it.
 * @example refusesEveryObject({ type: 'object', required: ['a'], properties: { a: false } }) // true
 */
export function refusesEveryObject(s: Record<string, unknown>): boolean {
  if (!Array.isArray(s.required) || s.required.length === 0) return false
  const closed = closedNames(s)
  return s.required.some((name) => typeof name === 'string' && !canHold(s, name, closed))
}
