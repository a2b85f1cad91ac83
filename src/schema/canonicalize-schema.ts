import { integerStepOf } from './exact-decimal.js'
import {
  canonicalJson,
  compareText,
  DROPPED_KEYWORDS,
  isAnnotationKeyword,
  isPlainObject,
  KEYWORD_TYPES,
  SCHEMA_ARRAY_KEYWORDS,
  SINGLE_SCHEMA_KEYWORDS,
  sortTexts,
} from './keywords.js'
import { mergeInto, readsNeighbours } from './merge-schemas.js'
import { isUniversalPattern } from './pattern-inclusion.js'
import { valueMatches } from './value-matches.js'
import { resolveLocalRefs, type SchemaNotRecorded } from './local-refs.js'
import type { PathSegment } from './types.js'
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

const NON_ASCII = /[^\u0000-\u007f]/

/** A property name in Unicode NFC (ASCII names, nearly all of them, are NFC already). */
function nfc(name: string): string {
  return NON_ASCII.test(name) ? name.normalize('NFC') : name
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER
const SINGLE_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'])
const ALL_TYPES = ['array', 'boolean', 'null', 'number', 'object', 'string']

// How `rewriteKeywords` copies a keyword; any keyword not listed is copied as data.
const COPY = 0
const DROP = 1
const REFERENCE = 2
const SINGLE_SCHEMA = 3
const ITEMS = 4
const ADDITIONAL_ITEMS = 5
const SCHEMA_ARRAY = 6
const SCHEMA_MAP = 7
const DEPENDENCIES = 8
const DEPENDENT_REQUIRED = 9
const CONST = 10
const ENUM = 11

// The simplification passes that can change a node, by the keywords they read. A node none of
// whose keywords can give a pass work skips it on its first round.
// Why: in V8 reading a keyword a node lacks is far slower than reading one it has (nodes come in
// many shapes), so a pass is skipped rather than left to find its keywords missing.
const TYPE = 1
const ENUM_VALUES = 2
const TYPE_SPECIFIC = 4
const AT_DEFAULT = 8
const UNPAIRED = 16
const REQUIRED_NAMES = 32
const DEPENDENT_NAMES = 64
const NUMBERS = 128
const COMPOSITION = 256
const NOT = 512
const NULLABLE = 1024
/** Not a pass: the copy got a key out of sorted order (a tuple `items` became `prefixItems`, …). */
const KEYS_REORDERED = 2048
const EVERY_PASS = 4095
/** The passes that can add a key to a node, so that its keys need sorting again. */
const ADDS_KEYS = ENUM_VALUES | NUMBERS | COMPOSITION | KEYS_REORDERED

// The default spellings `dropKeywordsWithoutEffect` drops, by the test that finds them.
const NO_DEFAULT = 0
const NOT_POSITIVE = 1
const FALSE = 2
const TRUE = 3
const EMPTY_LIST = 4
const EMPTY_MAP = 5
const ONE = 6
const UNIVERSAL_PATTERN = 7

const DEFAULT_SPELLINGS: [number, string[]][] = [
  [NOT_POSITIVE, ['minItems', 'minLength', 'minProperties']],
  [FALSE, ['deprecated', 'readOnly', 'uniqueItems', 'writeOnly']],
  [TRUE, ['additionalProperties', 'else', 'items', 'propertyNames', 'then', 'unevaluatedItems', 'unevaluatedProperties']],
  [EMPTY_LIST, ['required']],
  [EMPTY_MAP, ['dependentRequired', 'dependentSchemas', 'patternProperties', 'properties']],
  [ONE, ['minContains']],
  [UNIVERSAL_PATTERN, ['pattern']],
]

/** One bit per instance type, for testing a keyword's types against a schema's `type` at once. */
const TYPE_BITS = new Map(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'].map((t, i) => [t, 1 << i]))
const NUMBER_BITS = TYPE_BITS.get('number')! | TYPE_BITS.get('integer')!

interface KeywordRole {
  /** How `rewriteKeywords` copies it (`COPY`, `DROP`, …). */
  rewrite: number
  /** The passes (`TYPE_SPECIFIC`, `AT_DEFAULT`, …) it can give work to, as the keyword it is rewritten to. */
  passes: number
  /** The instance types it constrains, as `TYPE_BITS`; 0 when it applies to every type. */
  types: number
  /** Which default spelling it can have (`NOT_POSITIVE`, …), or `NO_DEFAULT`. */
  defaultSpelling: number
}

/**
 * Every keyword canonicalization treats specially, read with one lookup per key.
 * Why: a node is walked once to copy it; the same lookup says which later passes it needs, so
 * the passes do not each scan the node's keys again to find they have nothing to do.
 */
const KEYWORD_ROLES: Map<string, KeywordRole> = (() => {
  const roles = new Map<string, KeywordRole>()
  const role = (keyword: string) => {
    let found = roles.get(keyword)
    if (found === undefined) roles.set(keyword, (found = { rewrite: COPY, passes: 0, types: 0, defaultSpelling: NO_DEFAULT }))
    return found
  }
  const rewrite = (keywords: Iterable<string>, how: number) => {
    for (const keyword of keywords) role(keyword).rewrite = how
  }
  const feeds = (keywords: Iterable<string>, passes: number) => {
    for (const keyword of keywords) role(keyword).passes |= passes
  }
  rewrite(SINGLE_SCHEMA_KEYWORDS, SINGLE_SCHEMA)
  rewrite(SCHEMA_ARRAY_KEYWORDS, SCHEMA_ARRAY)
  rewrite(['properties', 'patternProperties', 'dependentSchemas'], SCHEMA_MAP)
  rewrite(['$ref', '$dynamicRef', '$recursiveRef'], REFERENCE)
  rewrite([...DROPPED_KEYWORDS, '$defs', 'definitions'], DROP)
  role('items').rewrite = ITEMS
  role('additionalItems').rewrite = ADDITIONAL_ITEMS
  role('dependencies').rewrite = DEPENDENCIES
  role('dependentRequired').rewrite = DEPENDENT_REQUIRED
  role('const').rewrite = CONST
  role('enum').rewrite = ENUM
  for (const [keyword, types] of KEYWORD_TYPES) role(keyword).types = types.reduce((bits, t) => bits | TYPE_BITS.get(t)!, 0)
  for (const [spelling, keywords] of DEFAULT_SPELLINGS) for (const keyword of keywords) role(keyword).defaultSpelling = spelling
  feeds(['type'], TYPE)
  feeds(['enum', 'const'], ENUM_VALUES)
  feeds([...KEYWORD_TYPES.keys()], TYPE_SPECIFIC)
  feeds(DEFAULT_SPELLINGS.flatMap(([, keywords]) => keywords), AT_DEFAULT)
  feeds(['else', 'if', 'maxContains', 'minContains', 'prefixItems', 'then'], UNPAIRED)
  feeds(['required'], REQUIRED_NAMES)
  feeds(['dependentRequired'], DEPENDENT_NAMES)
  feeds(['exclusiveMaximum', 'exclusiveMinimum', 'maximum', 'minimum', 'multipleOf'], NUMBERS)
  feeds(['allOf', 'anyOf', 'oneOf'], COMPOSITION)
  feeds(['not'], NOT)
  feeds(['nullable'], NULLABLE)
  // Why: these are rewritten to other keywords (a tuple `items` to `prefixItems`, …), which
  // are what the passes then read.
  feeds(['items', 'additionalItems'], role('items').passes | role('prefixItems').passes)
  feeds(['dependencies'], role('dependentRequired').passes | role('dependentSchemas').passes)
  feeds(['items', 'additionalItems', 'const', 'dependencies'], KEYS_REORDERED)
  return roles
})()

/**
 * Why said, not kept: assigning `__proto__` replaces an object's prototype, so every step from
 * here to the snapshot would silently lose it; being told beats a contract that lies.
 */
const PROTO_NOT_RECORDED = (what: string) => `a ${what} named __proto__ cannot be recorded; changes to it are not seen`

class Normalizer {
  // Why: only the resolver's output shares subtrees (an inlined definition used twice); a
  // schema read from JSON never does, and a WeakMap entry per node costs more than it saves.
  private readonly done: WeakMap<object, Schema> | undefined
  /** The data path of the schema being canonicalized, for not-recorded entries. */
  private readonly path: PathSegment[] = []
  /** Set when a `$ref`, `$dynamicRef` or `$recursiveRef` keyword was met. */
  sawReference = false

  constructor(
    readonly notRecorded: SchemaNotRecorded[],
    sharesSubtrees: boolean,
  ) {
    this.done = sharesSubtrees ? new WeakMap() : undefined
  }

  /** Canonicalizes one schema position at the current data path. */
  schema(value: unknown): Schema {
    if (value === true || value === false) return value
    if (!isPlainObject(value)) {
      this.notRecorded.push({ path: [...this.path], reason: `not a JSON Schema (${value === null ? 'null' : typeof value}); read as accepting anything` })
      return true
    }
    const cached = this.done?.get(value)
    if (cached !== undefined) return cached
    const out: Record<string, unknown> = {}
    const passes = this.rewriteKeywords(value, out)
    const result = this.simplify(out, passes)
    this.done?.set(value, result)
    return result
  }

  /** Canonicalizes a schema one data-path segment below the current one. */
  private below(segment: PathSegment, value: unknown): Schema {
    this.path.push(segment)
    const result = this.schema(value)
    this.path.pop()
    return result
  }

  /**
   * Copies keywords into `out` with children canonicalized and older dialect spellings
   * rewritten to 2020-12; returns the passes the copy may need.
   */
  private rewriteKeywords(node: Record<string, unknown>, out: Record<string, unknown>): number {
    let passes = 0
    // Why: walking keys in sorted order builds `out` already sorted, so most nodes skip a copy.
    const keys = sortTexts(Object.keys(node))
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k]
      const value = node[key]
      if (key === '__proto__') {
        this.notRecorded.push({ path: [...this.path], reason: PROTO_NOT_RECORDED('keyword') })
        continue
      }
      const role = KEYWORD_ROLES.get(key)
      if (role === undefined) {
        out[key] = typeof value === 'object' && value !== null ? sortKeys(value) : value
        continue
      }
      const rewrite = role.rewrite
      if (rewrite === DROP) continue
      passes |= role.passes
      if (rewrite === REFERENCE) this.sawReference = true
      if ((typeof value !== 'object' || value === null) && rewrite !== CONST && rewrite !== ADDITIONAL_ITEMS && rewrite !== ITEMS) {
        out[key] = value
        continue
      }
      switch (rewrite) {
        case ITEMS:
          if (!Array.isArray(value)) out.items = this.below('[]', value)
          else if (node.prefixItems === undefined) out.prefixItems = (value as unknown[]).map((s, i) => this.below(`[${i}]`, s))
          break
        case ADDITIONAL_ITEMS:
          // Why: draft-07 `additionalItems` only means something beside a tuple `items`.
          if (Array.isArray(node.items)) out.items = this.below('[]', value)
          break
        case SINGLE_SCHEMA:
          out[key] = this.schema(value)
          break
        case SCHEMA_ARRAY:
          if (!Array.isArray(value)) out[key] = sortKeys(value)
          else if (key === 'prefixItems') out[key] = value.map((s, i) => this.below(`[${i}]`, s))
          else out[key] = value.map((s) => this.schema(s))
          break
        case SCHEMA_MAP:
          if (isPlainObject(value)) mergeMap(out, key, this.schemaMap(value, key))
          else out[key] = sortKeys(value)
          break
        case DEPENDENCIES:
          if (!isPlainObject(value)) {
            out[key] = sortKeys(value)
            break
          }
          for (const name of Object.keys(value)) {
            const dependency = value[name]
            if (Array.isArray(dependency)) mergeMap(out, 'dependentRequired', { [nfc(name)]: dependency })
            else mergeMap(out, 'dependentSchemas', { [nfc(name)]: this.schema(dependency) })
          }
          break
        case DEPENDENT_REQUIRED:
          if (isPlainObject(value)) mergeMap(out, 'dependentRequired', Object.fromEntries(Object.entries(value).map(([k, v]) => [nfc(k), v])))
          else out[key] = sortKeys(value)
          break
        case CONST:
          out.enum = Array.isArray(out.enum) ? [...out.enum, value] : [value]
          break
        case ENUM:
          if (Array.isArray(value)) out.enum = Array.isArray(out.enum) ? [...out.enum, ...value] : [...value]
          else out[key] = sortKeys(value)
          break
        default:
          out[key] = sortKeys(value)
      }
    }
    if (passes & ENUM_VALUES && Array.isArray(out.enum) && 'const' in node && Array.isArray(node.enum)) {
      // Why: `const` beside `enum` means both hold: keep the const only if the enum lists it.
      const constText = canonicalJson(node.const)
      out.enum = node.enum.some((e) => canonicalJson(e) === constText) ? [node.const] : []
    }
    if (passes & NUMBERS) rewriteBooleanExclusiveBounds(out)
    if (passes & NULLABLE) rewriteNullable(out)
    return passes
  }

  private schemaMap(map: Record<string, unknown>, keyword: string): Record<string, Schema> {
    const out: Record<string, Schema> = {}
    const names = keyword !== 'patternProperties'
    const dataPath = keyword === 'properties'
    const keys = sortTexts(Object.keys(map))
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k]
      const name = names ? nfc(key) : key
      if (Object.hasOwn(out, name)) {
        this.notRecorded.push({ path: [...this.path], reason: `two ${keyword} keys are the same name after Unicode normalization (${name}); the first is kept` })
        continue
      }
      if (name === '__proto__') {
        this.notRecorded.push({ path: [...this.path], reason: PROTO_NOT_RECORDED(`${keyword} key`) })
        continue
      }
      out[name] = dataPath ? this.below(name, map[key]) : this.schema(map[key])
    }
    return out
  }

  /**
   * Applies the equivalences; a second round only when folding a composition brought in new
   * keywords. `passes` says which passes the first round can skip.
   */
  private simplify(input: Record<string, unknown>, passes: number): Schema {
    // Why: `input` is the fresh copy `rewriteKeywords` made, so it is edited in place.
    const s = input
    for (let round = 0; round < 8; round++) {
      // Why: a merged composition can bring any keyword, so later rounds run every pass.
      if (round > 0) passes = EVERY_PASS
      if (passes & TYPE && !normalizeType(s)) return false
      if (passes & ENUM_VALUES && !normalizeEnum(s)) return false
      if (passes & (TYPE_SPECIFIC | AT_DEFAULT)) dropKeywordsWithoutEffect(s)
      if (passes & UNPAIRED) dropUnpairedKeywords(s)
      if (passes & REQUIRED_NAMES && Array.isArray(s.required)) s.required = sortedNames(s.required)
      if (passes & DEPENDENT_NAMES && isPlainObject(s.dependentRequired)) s.dependentRequired = sortedDependentNames(s.dependentRequired)
      if (passes & NUMBERS) normalizeNumbers(s)
      if (passes & NOT) {
        if (s.not === true) return false
        if (s.not === false) delete s.not
      }
      if (!(passes & COMPOSITION)) break
      const composed = this.normalizeComposition(s)
      if (composed === false) return false
      if (composed === 'unchanged') break
    }
    // Why: `s` was built in sorted key order; only a pass that added a key can have broken it.
    if (!(passes & ADDS_KEYS)) return hasOwnKey(s) ? (s as Schema) : true
    const keys = Object.keys(s)
    if (keys.length === 0) return true
    for (let k = 1; k < keys.length; k++) if (!(keys[k - 1] < keys[k])) return copyWithKeys(s, sortTexts(keys))
    return s as Schema
  }

  /** Flattens and folds `allOf`/`anyOf`/`oneOf`; says whether the schema object changed. */
  private normalizeComposition(s: Record<string, unknown>): false | 'changed' | 'unchanged' {
    if (!Array.isArray(s.allOf) && !Array.isArray(s.anyOf) && !Array.isArray(s.oneOf)) return 'unchanged'
    const before = canonicalJson(s)
    if (Array.isArray(s.allOf)) {
      const members = allOfMembers(s.allOf as Schema[])
      if (members === false) return false
      delete s.allOf
      const apart = membersKeptApart(s, members)
      for (const member of members) if (!apart.includes(member) && !mergeInto(s, member)) apart.push(member)
      if (apart.length > 0) s.allOf = uniqueSorted(apart)
    }
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      if (!Array.isArray(s[keyword])) continue
      let branches: Schema[] = (s[keyword] as Schema[]).filter((b) => b !== false)
      if (keyword === 'anyOf') {
        if (branches.includes(true)) {
          delete s.anyOf
          continue
        }
        branches = uniqueSorted(branches)
      }
      branches = mergeDisjointBranches(branches, keyword === 'oneOf')
      if (branches.length === 0) return false
      delete s[keyword]
      if (branches.length === 1) {
        const only = branches[0]
        if (only === true) continue
        if (!mergeInto(s, only)) s.allOf = uniqueSorted([...((s.allOf as Schema[]) ?? []), only])
      } else {
        s[keyword] = sortBranches(branches)
      }
    }
    return canonicalJson(s) === before ? 'unchanged' : 'changed'
  }
}

/**
 * The members of an `allOf`, nested `allOf`s lifted out (a member's own `allOf` too, unless a
 * `$ref` or `unevaluated*` beside it reads it), `true` dropped, deduplicated and sorted; false
 * when a member matches nothing.
 */
function allOfMembers(list: Schema[]): Schema[] | false {
  const members: Schema[] = []
  const lift = (member: Schema): boolean => {
    if (member === false) return false
    if (member === true) return true
    if (!Array.isArray(member.allOf) || readsNeighbours(member)) {
      members.push(member)
      return true
    }
    const { allOf: inner, ...rest } = member
    if (Object.keys(rest).length > 0) members.push(rest as Schema)
    return (inner as Schema[]).every(lift)
  }
  return list.every(lift) ? uniqueSorted(members) : false
}

/**
 * The `allOf` members that stay members: each one that cannot merge with the schema's own
 * keywords or with some other member (two different `pattern`s, say). The others merge.
 * Why: deciding per pair, never by which member sorts first, means adding a member can only
 * move members it collides with, and those all stay members side by side; the comparison reads
 * a member merged on one side and kept on the other as the same member (`alignMergedMembers`).
 */
function membersKeptApart(own: Record<string, unknown>, members: Schema[]): Schema[] {
  const fits = (target: Schema | Record<string, unknown>, member: Schema) => typeof target === 'object' && mergeInto({ ...target }, member)
  return members.filter((member, i) => !fits(own, member) || members.some((other, j) => j !== i && !fits(other, member)))
}

/** Draft-04 boolean `exclusiveMinimum`/`exclusiveMaximum` become the 2020-12 numeric form. */
function rewriteBooleanExclusiveBounds(s: Record<string, unknown>): void {
  if (typeof s.exclusiveMinimum === 'boolean') rewriteBooleanExclusiveBound(s, 'exclusiveMinimum', 'minimum')
  if (typeof s.exclusiveMaximum === 'boolean') rewriteBooleanExclusiveBound(s, 'exclusiveMaximum', 'maximum')
}

function rewriteBooleanExclusiveBound(s: Record<string, unknown>, exclusive: string, inclusive: string): void {
  if (s[exclusive] === true && typeof s[inclusive] === 'number') {
    s[exclusive] = s[inclusive]
    delete s[inclusive]
  } else delete s[exclusive]
}

/** OpenAPI `nullable: true` becomes `null` in `type` (and in `enum`, when there is one). */
function rewriteNullable(s: Record<string, unknown>): void {
  if (!('nullable' in s) || typeof s.nullable !== 'boolean') return
  if (s.nullable) {
    if (s.type !== undefined) s.type = [...(Array.isArray(s.type) ? s.type : [s.type]), 'null']
    if (Array.isArray(s.enum)) s.enum = [...s.enum, null]
  }
  delete s.nullable
}

/** Sorts and dedupes `type`; `number` absorbs `integer`; every type at once means no `type`. False when no type is left. */
function normalizeType(s: Record<string, unknown>): boolean {
  if (s.type === undefined || (typeof s.type === 'string' && SINGLE_TYPES.has(s.type))) return true
  const listed = (Array.isArray(s.type) ? s.type : [s.type]).filter((t): t is string => typeof t === 'string')
  const types = new Set(listed)
  if (types.has('number')) types.delete('integer')
  if (types.size === 0) return false
  if (ALL_TYPES.every((t) => types.has(t))) {
    delete s.type
    return true
  }
  const sorted = sortTexts([...types])
  s.type = sorted.length === 1 ? sorted[0] : sorted
  return true
}

/** Sorts and dedupes `enum`, keeps only values the rest of the schema accepts. False when none is left. */
function normalizeEnum(s: Record<string, unknown>): boolean {
  if (!Array.isArray(s.enum)) {
    if (s.enum !== undefined) s.enum = sortKeys(s.enum)
    return true
  }
  let values = uniqueSorted(s.enum.map(sortKeys))
  const judgeable = !Object.keys(s).some((k) => k === '$ref' || k === '$dynamicRef' || k === 'format' || isUnknownAssertion(k))
  const rest = { ...s, enum: undefined }
  const verdicts = values.map((v) => valueMatches(rest, v))
  if (judgeable && verdicts.every((v) => v !== undefined)) {
    // Why: with every value judged, the other assertions only filtered the list; dropping
    // them makes `{type: string, enum: [a]}` and `{enum: [a]}` the same schema.
    values = values.filter((_, i) => verdicts[i])
    for (const key of Object.keys(s)) if (key !== 'enum' && !isAnnotationKeyword(key)) delete s[key]
  } else if (s.type !== undefined) {
    const typeOnly = { type: s.type }
    values = values.filter((v) => valueMatches(typeOnly, v) !== false)
    if (values.every((v) => valueMatches(typeOnly, v) === true)) delete s.type
  }
  if (values.length === 0) return false
  if (values.length === 1 && values[0] === null && s.type === undefined) {
    delete s.enum
    s.type = 'null'
    return true
  }
  s.enum = values
  return true
}

function isUnknownAssertion(keyword: string): boolean {
  return !isAnnotationKeyword(keyword) && !KNOWN_FOR_ENUM.has(keyword)
}

const KNOWN_FOR_ENUM = new Set<string>([
  'type',
  'enum',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  ...[...KEYWORD_TYPES.keys()].filter((k) => k !== 'unevaluatedItems' && k !== 'unevaluatedProperties'),
])

/**
 * Drops keywords that constrain only types the schema does not allow (`maximum` on a string)
 * and keywords spelled at their default: `minLength: 0`, `uniqueItems: false`, `items: true`, `{}` maps, …
 */
function dropKeywordsWithoutEffect(s: Record<string, unknown>): void {
  const allowed = s.type === undefined ? -1 : allowedTypeBits(s.type)
  // Why: one pass over the keys, one lookup each; this runs on most nodes of every tool schema.
  for (const key of Object.keys(s)) {
    const role = KEYWORD_ROLES.get(key)
    if (role === undefined) continue
    if (role.types !== 0 && (role.types & allowed) === 0) {
      delete s[key]
      continue
    }
    const value = s[key]
    switch (role.defaultSpelling) {
      case NOT_POSITIVE:
        if (typeof value === 'number' && value <= 0) delete s[key]
        break
      case FALSE:
        if (value === false) delete s[key]
        break
      case TRUE:
        if (value === true) delete s[key]
        break
      case EMPTY_LIST:
        if (Array.isArray(value) && value.length === 0) delete s[key]
        break
      case EMPTY_MAP:
        if (isPlainObject(value)) dropEmptyEntries(s, key, value)
        break
      case UNIVERSAL_PATTERN:
        if (typeof value === 'string' && isUniversalPattern(value)) delete s[key]
        break
      case ONE:
        if (value === 1) delete s[key]
        break
    }
  }
}

/** Drops keywords that mean nothing without a partner (`then` without `if`, …) and trailing `true` tuple slots. */
function dropUnpairedKeywords(s: Record<string, unknown>): void {
  if (Array.isArray(s.prefixItems)) {
    // Why: with no `items`, trailing `true` tuple slots accept what the tail accepts anyway.
    const slots = [...s.prefixItems]
    if (s.items === undefined) while (slots.length > 0 && slots[slots.length - 1] === true) slots.pop()
    if (slots.length === 0) delete s.prefixItems
    else s.prefixItems = slots
  }
  // Why: `delete` of a missing key is a slow runtime call in V8, and nearly every key here is missing.
  if (s.contains === undefined) {
    if ('minContains' in s) delete s.minContains
    if ('maxContains' in s) delete s.maxContains
  }
  if (s.if !== undefined && s.then === undefined && s.else === undefined) delete s.if
  if (s.if === undefined) {
    if ('then' in s) delete s.then
    if ('else' in s) delete s.else
  }
}

/** The type bits a normalized `type` allows; `number` allows `integer` too. */
function allowedTypeBits(type: unknown): number {
  if (!Array.isArray(type)) return typeBits(type)
  let bits = 0
  for (const t of type) bits |= typeBits(t)
  return bits
}

function typeBits(type: unknown): number {
  return type === 'number' ? NUMBER_BITS : (TYPE_BITS.get(type as string) ?? 0)
}

function dropEmptyEntries(s: Record<string, unknown>, key: string, map: Record<string, unknown>): void {
  if (key === 'dependentRequired' || key === 'dependentSchemas') {
    const keep: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(map)) {
      if ((Array.isArray(value) && value.length === 0) || value === true) continue
      keep[name] = value
    }
    map = keep
    s[key] = keep
  }
  if (!hasOwnKey(map)) delete s[key]
}

function hasOwnKey(map: Record<string, unknown>): boolean {
  for (const key in map) if (Object.prototype.hasOwnProperty.call(map, key)) return true
  return false
}

/** The lists of `dependentRequired`, each sorted, deduplicated and NFC (see `sortedNames`); empty lists dropped. */
function sortedDependentNames(dependentRequired: Record<string, unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const key of sortTexts(Object.keys(dependentRequired))) {
    const list = dependentRequired[key]
    if (Array.isArray(list) && list.length > 0) out[key] = sortedNames(list)
  }
  return out
}

/** The string entries of `list` (property names in `required`, say), NFC, deduplicated and sorted. */
function sortedNames(list: unknown[]): string[] {
  // Why: zod lists are short, ASCII and often already in order; those are kept as they are.
  let ordered = true
  for (let i = 0; i < list.length && ordered; i++) {
    const name = list[i]
    ordered = typeof name === 'string' && !NON_ASCII.test(name) && (i === 0 || (list[i - 1] as string) < name)
  }
  if (ordered) return list as string[]
  const names: string[] = []
  for (const name of list) if (typeof name === 'string') names.push(nfc(name))
  sortTexts(names)
  let kept = 0
  for (let i = 0; i < names.length; i++) if (i === 0 || names[i] !== names[kept - 1]) names[kept++] = names[i]
  names.length = kept
  return names
}

/**
 * Keeps one lower and one upper numeric bound. On an integer-only schema bounds are rounded
 * inward to inclusive integers, a bound at ±9007199254740991 (zod's `.int()`) is dropped, and
 * `multipleOf` becomes the smallest integer step it allows.
 */
function normalizeNumbers(s: Record<string, unknown>): void {
  if (s.minimum === undefined && s.maximum === undefined && s.exclusiveMinimum === undefined && s.exclusiveMaximum === undefined && s.multipleOf === undefined) return
  const minimum = finiteNumber(s.minimum)
  const exclusiveMinimum = finiteNumber(s.exclusiveMinimum)
  const maximum = finiteNumber(s.maximum)
  const exclusiveMaximum = finiteNumber(s.exclusiveMaximum)
  if (isIntegerOnly(s.type)) {
    let low = -Infinity
    if (minimum !== undefined) low = Math.ceil(minimum)
    if (exclusiveMinimum !== undefined) low = Math.max(low, Math.floor(exclusiveMinimum) + 1)
    let high = Infinity
    if (maximum !== undefined) high = Math.floor(maximum)
    if (exclusiveMaximum !== undefined) high = Math.min(high, Math.ceil(exclusiveMaximum) - 1)
    if ('minimum' in s) delete s.minimum
    if ('exclusiveMinimum' in s) delete s.exclusiveMinimum
    if ('maximum' in s) delete s.maximum
    if ('exclusiveMaximum' in s) delete s.exclusiveMaximum
    if (Number.isFinite(low) && low > -MAX_SAFE) s.minimum = low
    if (Number.isFinite(high) && high < MAX_SAFE) s.maximum = high
    const step = finiteNumber(s.multipleOf)
    if (step !== undefined && step > 0) {
      const integerStep = integerStepOf(step)
      if (integerStep === 1) delete s.multipleOf
      else s.multipleOf = integerStep
    }
    return
  }
  if (minimum !== undefined && exclusiveMinimum !== undefined) delete s[exclusiveMinimum >= minimum ? 'minimum' : 'exclusiveMinimum']
  if (maximum !== undefined && exclusiveMaximum !== undefined) delete s[exclusiveMaximum <= maximum ? 'maximum' : 'exclusiveMaximum']
}

function finiteNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/** Whether a normalized `type` lists `integer` and not `number`. */
function isIntegerOnly(type: unknown): boolean {
  if (!Array.isArray(type)) return type === 'integer'
  return type.includes('integer') && !type.includes('number')
}

/** The instance types a typed branch accepts, with `number` split so `integer` overlaps it. */
function branchTypes(branch: Record<string, unknown>): Set<string> | undefined {
  if (branch.type === undefined) return undefined
  const out = new Set<string>()
  for (const t of Array.isArray(branch.type) ? (branch.type as string[]) : [branch.type as string]) {
    if (t === 'number') out.add('integer').add('fraction')
    else out.add(t)
  }
  return out
}

const TYPED_BRANCH_KEYWORDS = new Set<string>(['type', 'format', ...[...KEYWORD_TYPES.keys()].filter((k) => !k.startsWith('unevaluated'))])

/**
 * Folds `anyOf`/`oneOf` branches that accept disjoint types into one schema with a `type`
 * list (`[{type: string}, {type: null}]` ≡ `{type: [null, string]}`), and pure `enum` branches
 * into one `enum`. In a `oneOf` only branches that cannot both match a value are folded.
 */
function mergeDisjointBranches(branches: Schema[], exclusive: boolean): Schema[] {
  const typed: Record<string, unknown>[] = []
  const enums: unknown[][] = []
  const rest: Schema[] = []
  for (const branch of branches) {
    if (typeof branch === 'boolean') rest.push(branch)
    else if (isPureEnum(branch)) enums.push(branch.type === 'null' ? [null] : (branch.enum as unknown[]))
    else if (isTypedBranch(branch)) typed.push(branch)
    else rest.push(branch)
  }
  let enumValues: unknown[] = []
  if (enums.length > 0) {
    const all = enums.flat()
    const distinct = uniqueSorted(all)
    if (exclusive && distinct.length !== all.length) enums.forEach((values) => rest.push(enumSchema(values)))
    else enumValues = distinct
  }
  if (exclusive) {
    // Why: in a oneOf only branches that share no type with any other branch can be folded
    // without changing how many branches a value matches.
    const others = (branch: Record<string, unknown>) => branches.filter((b) => b !== branch)
    const shareType = (branch: Record<string, unknown>) =>
      others(branch).some((other) => typeof other === 'boolean' || branchTypes(other) === undefined || !disjoint(branchTypes(branch)!, branchTypes(other)!))
    for (const branch of typed.filter(shareType)) rest.push(branch as Schema)
    typed.splice(0, typed.length, ...typed.filter((branch) => !shareType(branch)))
  }
  const groups: Record<string, unknown>[] = []
  for (const branch of typed) {
    const types = branchTypes(branch)!
    const group = groups.find((g) => disjoint(branchTypes(g)!, types) && annotationsAgree(g, branch) && !(g.format !== undefined && branch.format !== undefined))
    if (group === undefined) groups.push({ ...branch })
    else {
      for (const key of Object.keys(branch)) if (key !== 'type') group[key] = branch[key]
      group.type = [...(Array.isArray(group.type) ? group.type : [group.type]), ...(Array.isArray(branch.type) ? branch.type : [branch.type])]
      normalizeType(group)
    }
  }
  if (enumValues.some((v) => v === null)) {
    // Why: `null` is the one type with a single value, so "or null" folds into a `type` list.
    const host = groups.find((g) => !branchTypes(g)!.has('null'))
    if (host !== undefined) {
      host.type = [...(Array.isArray(host.type) ? host.type : [host.type]), 'null']
      normalizeType(host)
      enumValues = enumValues.filter((v) => v !== null)
    }
  }
  const out: Schema[] = [...(groups as Schema[]), ...rest]
  if (enumValues.length > 0) out.push(enumSchema(enumValues))
  return out
}

function enumSchema(values: unknown[]): Schema {
  return values.length === 1 && values[0] === null ? { type: 'null' } : ({ enum: uniqueSorted(values) } as Schema)
}

function isPureEnum(branch: Record<string, unknown>): boolean {
  const keys = Object.keys(branch)
  return (keys.length === 1 && Array.isArray(branch.enum)) || (keys.length === 1 && branch.type === 'null')
}

function isTypedBranch(branch: Record<string, unknown>): boolean {
  if (branch.type === undefined) return false
  return Object.keys(branch).every((k) => TYPED_BRANCH_KEYWORDS.has(k) || isAnnotationKeyword(k))
}

function annotationsAgree(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return Object.keys(b).every((k) => !isAnnotationKeyword(k) || !(k in a) || canonicalJson(a[k]) === canonicalJson(b[k]))
}

function disjoint(a: Set<string>, b: Set<string>): boolean {
  for (const t of a) if (b.has(t)) return false
  return true
}

function mergeMap(out: Record<string, unknown>, key: string, map: Record<string, unknown>): void {
  out[key] = isPlainObject(out[key]) ? { ...(out[key] as object), ...map } : map
}

/** Dedupes by canonical JSON and sorts by it. */
function uniqueSorted<T>(values: T[]): T[] {
  const byText = new Map<string, T>()
  for (const v of values) byText.set(canonicalJson(v), v)
  return sortTexts([...byText.keys()]).map((k) => byText.get(k)!)
}

// Why: a `oneOf` with the same branch twice rejects every value that branch accepts, so
// duplicates are sorted but kept.
function sortBranches(branches: Schema[]): Schema[] {
  return branches
    .map((b) => [canonicalJson(b), b] as const)
    .sort((x, y) => compareText(x[0], y[0]))
    .map(([, b]) => b)
}

/** A copy of `value` with its keys in the order of `keys`. */
function copyWithKeys(value: Record<string, unknown>, keys: string[]): Schema {
  const out: Record<string, unknown> = {}
  for (const key of keys) out[key] = value[key]
  return out as Schema
}

/** A deep copy with object keys in sorted order (data values keep their exact content). */
function sortKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length)
    for (let i = 0; i < value.length; i++) out[i] = sortKeys(value[i])
    return out
  }
  if (!isPlainObject(value)) return value
  const out: Record<string, unknown> = {}
  for (const key of sortTexts(Object.keys(value))) out[key] = sortKeys(value[key])
  return out
}
