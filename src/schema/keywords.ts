/**
 * The JSON Schema vocabulary the engine reasons about: which keywords hold subschemas, which
 * belong to one instance type, which are annotations. Canonicalization and comparison both read
 * it, so a keyword is classified in exactly one place.
 */

/** Keywords whose value is one subschema. */
export const SINGLE_SCHEMA_KEYWORDS = [
  'additionalItems',
  'additionalProperties',
  'contains',
  'contentSchema',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
] as const

/** Keywords whose value is an array of subschemas (`items` too, in its draft-07 tuple form). */
export const SCHEMA_ARRAY_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const

/** Keywords whose value maps names to subschemas (`dependencies` only for its schema values). */
export const SCHEMA_MAP_KEYWORDS = [
  '$defs',
  'definitions',
  'dependencies',
  'dependentSchemas',
  'patternProperties',
  'properties',
] as const

const SINGLE = new Set<string>(SINGLE_SCHEMA_KEYWORDS)
const ARRAY = new Set<string>(SCHEMA_ARRAY_KEYWORDS)
const MAP = new Set<string>(SCHEMA_MAP_KEYWORDS)

/** Where a subschema sits inside its parent, for walkers that need to build data paths. */
export interface SubschemaPlace {
  keyword: string
  /** The property name, pattern, definition name, or array index (as a string). */
  key?: string
  index?: number
}

/**
 * Calls `visit` for every direct subschema of `node`, never for data (`enum`, `default`, …).
 * @example forEachSubschema({ properties: { a: { type: 'string' } } }, (s, place) => …) // visits `a`
 */
export function forEachSubschema(node: unknown, visit: (schema: unknown, place: SubschemaPlace) => void): void {
  if (!isPlainObject(node)) return
  for (const keyword of Object.keys(node)) {
    const value = node[keyword]
    if (SINGLE.has(keyword)) {
      if (keyword === 'items' && Array.isArray(value)) value.forEach((item, index) => visit(item, { keyword, index }))
      else visit(value, { keyword })
    } else if (ARRAY.has(keyword)) {
      if (Array.isArray(value)) value.forEach((item, index) => visit(item, { keyword, index }))
    } else if (MAP.has(keyword)) {
      if (!isPlainObject(value)) continue
      for (const key of Object.keys(value)) {
        // Why: draft-07 `dependencies` mixes schemas with arrays of names; only schemas are walked.
        if (keyword === 'dependencies' && Array.isArray(value[key])) continue
        visit(value[key], { keyword, key })
      }
    }
  }
}

/**
 * A copy of a schema with its annotations left out at every level, data (`enum`, `default`, …)
 * and property names kept as they are; a schema left with no keyword is `true`.
 * @example withoutAnnotations({ type: 'object', properties: { title: { description: 'd' } } }) // { type: 'object', properties: { title: true } }
 */
export function withoutAnnotations(schema: unknown): unknown {
  if (!isPlainObject(schema)) return schema
  const out: Record<string, unknown> = {}
  for (const [keyword, value] of Object.entries(schema)) {
    if (isAnnotationKeyword(keyword)) continue
    if (SINGLE.has(keyword)) out[keyword] = Array.isArray(value) ? value.map(withoutAnnotations) : withoutAnnotations(value)
    else if (ARRAY.has(keyword) && Array.isArray(value)) out[keyword] = value.map(withoutAnnotations)
    else if (MAP.has(keyword) && isPlainObject(value)) out[keyword] = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, withoutAnnotations(child)]))
    else out[keyword] = value
  }
  return Object.keys(out).length === 0 ? true : out
}

/** True for a plain JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The instance types JSON Schema names. */
export const JSON_TYPES = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'] as const

/** Keywords that constrain only strings. */
export const STRING_KEYWORDS = ['maxLength', 'minLength', 'pattern'] as const
/** Keywords that constrain only numbers. */
export const NUMBER_KEYWORDS = ['exclusiveMaximum', 'exclusiveMinimum', 'maximum', 'minimum', 'multipleOf'] as const
/** Keywords that constrain only objects. */
export const OBJECT_KEYWORDS = [
  'additionalProperties',
  'dependentRequired',
  'dependentSchemas',
  'maxProperties',
  'minProperties',
  'patternProperties',
  'properties',
  'propertyNames',
  'required',
  'unevaluatedProperties',
] as const
/** Keywords that constrain only arrays. */
export const ARRAY_KEYWORDS = [
  'contains',
  'items',
  'maxContains',
  'maxItems',
  'minContains',
  'minItems',
  'prefixItems',
  'unevaluatedItems',
  'uniqueItems',
] as const

/**
 * The instance types each type-specific keyword applies to.
 * Why a Map: it is looked up with keys from a server's schema, and a plain object answers
 * `constructor` and `toString` too.
 */
export const KEYWORD_TYPES: ReadonlyMap<string, readonly string[]> = new Map([
  ...STRING_KEYWORDS.map((k): [string, readonly string[]] => [k, ['string']]),
  ...NUMBER_KEYWORDS.map((k): [string, readonly string[]] => [k, ['integer', 'number']]),
  ...OBJECT_KEYWORDS.map((k): [string, readonly string[]] => [k, ['object']]),
  ...ARRAY_KEYWORDS.map((k): [string, readonly string[]] => [k, ['array']]),
])

/** Annotations compared as text: they never change which values are valid. */
export const ANNOTATION_KEYWORDS = [
  'default',
  'deprecated',
  'description',
  'examples',
  'readOnly',
  'title',
  'writeOnly',
] as const

/**
 * Annotations that guide whoever produces a value (a model filling an argument, a code
 * generator) and that no validator applies: the content keywords are annotations in 2020-12,
 * `discriminator` is OpenAPI's (pydantic writes it beside a `oneOf`). Each change is its own kind.
 */
export const PRODUCER_HINT_KEYWORDS: ReadonlySet<string> = new Set(['contentEncoding', 'contentMediaType', 'discriminator'])

const ANNOTATIONS = new Set<string>([...ANNOTATION_KEYWORDS, ...PRODUCER_HINT_KEYWORDS])

/** True for an annotation keyword, including vendor extensions (`x-*`). */
export function isAnnotationKeyword(keyword: string): boolean {
  return ANNOTATIONS.has(keyword) || keyword.startsWith('x-')
}

/** Whether a schema accepts every value as written: `true`, or annotations alone. */
export function acceptsAll(schema: unknown): boolean {
  if (schema === true) return true
  if (!isPlainObject(schema)) return false
  for (const key in schema) if (!isAnnotationKeyword(key)) return false
  return true
}

/**
 * Every keyword the comparison engine reasons about (annotations aside). A change to any other
 * keyword is reported as a change the engine could not judge.
 */
export const ASSERTION_KEYWORDS = new Set<string>([
  '$ref',
  'allOf',
  'anyOf',
  'else',
  'enum',
  'format',
  'if',
  'not',
  'oneOf',
  'then',
  'type',
  ...STRING_KEYWORDS,
  ...NUMBER_KEYWORDS,
  ...OBJECT_KEYWORDS.filter((k) => k !== 'unevaluatedProperties'),
  ...ARRAY_KEYWORDS.filter((k) => k !== 'unevaluatedItems'),
])

/** Identification and comment keywords dropped by canonicalization. */
export const DROPPED_KEYWORDS = new Set<string>([
  '$anchor',
  '$comment',
  '$dynamicAnchor',
  '$id',
  '$schema',
  '$vocabulary',
  '$recursiveAnchor',
])

/**
 * A schema without its `enum`: what a value taken from that list must still satisfy. Why: a
 * listed value is in the list, and checking that again keys the whole list.
 * @example withoutList({ type: 'string', enum: ['a'] }) // { type: 'string' }
 */
export function withoutList<T extends { enum?: unknown }>(schema: T): Omit<T, 'enum'> {
  if (!Array.isArray(schema.enum)) return schema
  const { enum: _list, ...rest } = schema
  return rest
}

/**
 * A key that tells JSON values apart, equal values alike, writing as little as it can: a string
 * is its own key (no copy, so a 20,000-value enum is keyed without writing 20,000 strings) unless
 * it starts like the JSON of another value or of a string; then, like any other value, it is
 * its canonical JSON. Why that rule: the three kinds of key then start differently (`"` for a
 * written string; `{ [ - 0–9 t f n` for other values; anything else for a string as it is).
 * @example valueKey('a') // 'a'; valueKey('no') // '"no"'; valueKey(1) // '1'
 */
export function valueKey(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) return typeof value === 'string' ? value : canonicalJson(value)
  return JSON_STARTS.has(value[0]) ? JSON.stringify(value) : value
}

const JSON_STARTS = new Set(['{', '[', '"', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 't', 'f', 'n'])

/**
 * Serializes JSON with object keys sorted, so equal values give equal text.
 * @example canonicalJson({ b: 1, a: [2] }) // '{"a":[2],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null'
  // Why: canonical schemas already have their keys sorted; checking that walks without
  // allocating, and native JSON text then costs a fraction of building it piece by piece
  // (a 10,000-branch union is keyed several times while it is normalized).
  if (isSorted(value, 0, undefined)) return JSON.stringify(value)
  // Why a second walk: the common case allocates nothing; only a value that fails is walked
  // again to note where.
  const failed = new Map<object, number>()
  isSorted(value, 0, failed)
  return rebuilt(value, failed)
}

/**
 * The canonical text of a value the check stopped in: members the check had already verified
 * are written natively, the member it stopped in is rebuilt, members it never reached are
 * checked afresh. Each member is walked a bounded number of times, however deep the fault.
 */
function rebuilt(value: object, failed: Map<object, number>): string {
  const at = failed.get(value) ?? 0
  const text = (member: unknown, position: number): string => {
    if (typeof member !== 'object' || member === null) return JSON.stringify(member) ?? 'null'
    if (position < at) return JSON.stringify(member)
    if (position === at && failed.has(member)) return rebuilt(member, failed)
    return canonicalJson(member)
  }
  if (Array.isArray(value)) return `[${value.map((member, i) => text(member, i)).join(',')}]`
  const record = value as Record<string, unknown>
  const keys = Object.keys(record)
  const position = new Map(keys.map((k, i) => [k, i]))
  return `{${sortTexts([...keys]).map((k) => `${JSON.stringify(k)}:${text(record[k], position.get(k)!)}`).join(',')}}`
}

/** Nesting past which the sortedness check gives up (the rebuilt text has no such limit). */
const MAX_SORTED_CHECK_DEPTH = 256

/**
 * Whether native JSON text of `value` is its canonical text: every object's keys in sorted
 * order, and nothing JSON text would drop or rewrite (`undefined`, functions, `toJSON`). When
 * not, `failed` holds, for each object on the way to the fault, the position of the member
 * (in key order as written) where the check stopped.
 */
function isSorted(value: object, depth: number, failed: Map<object, number> | undefined): boolean {
  const at = sortedUpTo(value, depth, failed)
  if (at < 0) return true
  failed?.set(value, at)
  return false
}

/** -1 when `value` passes; else the position of the member where the check stopped. */
function sortedUpTo(value: object, depth: number, failed: Map<object, number> | undefined): number {
  if (depth > MAX_SORTED_CHECK_DEPTH) return 0
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!isSortedMember(value[i], depth, failed)) return i
    return -1
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return 0
  let previous: string | undefined
  let i = 0
  for (const key in value) {
    if (!Object.hasOwn(value, key) || (previous !== undefined && !(previous < key))) return i
    previous = key
    if (!isSortedMember((value as Record<string, unknown>)[key], depth, failed)) return i
    i++
  }
  return -1
}

function isSortedMember(member: unknown, depth: number, failed: Map<object, number> | undefined): boolean {
  if (typeof member === 'object' && member !== null) return isSorted(member, depth + 1, failed)
  return member !== undefined && typeof member !== 'function' && typeof member !== 'bigint' && typeof member !== 'symbol'
}

/**
 * Sorts strings in place by UTF-16 code units (the order of `compareText`) and returns them.
 * @example sortTexts(['b', 'a']) // ['a', 'b']
 */
export function sortTexts(texts: string[]): string[] {
  // Why: key lists are short, and `Array.prototype.sort` allocates working storage on every
  // call; insertion sort on a handful of keys allocates nothing and was most of the garbage
  // canonicalization made.
  if (texts.length > 24) return texts.sort()
  for (let i = 1; i < texts.length; i++) {
    const text = texts[i]
    let j = i - 1
    while (j >= 0 && texts[j] > text) {
      texts[j + 1] = texts[j]
      j--
    }
    texts[j + 1] = text
  }
  return texts
}

/** Compares two strings by UTF-16 code units, the order used for every sorted list and key. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
