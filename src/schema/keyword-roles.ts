/**
 * The roles keywords play in canonicalization: how each is copied, which passes it feeds, which
 * types it constrains and which default spelling it can have; one lookup per key.
 */
import { DROPPED_KEYWORDS, KEYWORD_TYPES, SCHEMA_ARRAY_KEYWORDS, SINGLE_SCHEMA_KEYWORDS } from './keywords.js'

// How `rewriteKeywords` copies a keyword; any keyword not listed is copied as data.
/** How `rewriteKeywords` copies a keyword: copied as data. */
export const COPY = 0
/** How `rewriteKeywords` copies a keyword: dropped. */
export const DROP = 1
/** How `rewriteKeywords` copies a keyword: a reference, copied as it is. */
export const REFERENCE = 2
/** How `rewriteKeywords` copies a keyword: one subschema. */
export const SINGLE_SCHEMA = 3
/** How `rewriteKeywords` copies a keyword: `items`, a tuple becomes `prefixItems`. */
export const ITEMS = 4
/** How `rewriteKeywords` copies a keyword: `additionalItems`, the tail of a tuple. */
export const ADDITIONAL_ITEMS = 5
/** How `rewriteKeywords` copies a keyword: a list of subschemas. */
export const SCHEMA_ARRAY = 6
/** How `rewriteKeywords` copies a keyword: a map of subschemas. */
export const SCHEMA_MAP = 7
/** How `rewriteKeywords` copies a keyword: draft-07 `dependencies`, split in two. */
export const DEPENDENCIES = 8
/** How `rewriteKeywords` copies a keyword: `dependentRequired`, names in NFC. */
export const DEPENDENT_REQUIRED = 9
/** How `rewriteKeywords` copies a keyword: `const`, read as a one-value `enum`. */
export const CONST = 10
/** How `rewriteKeywords` copies a keyword: `enum`, merged with a `const`. */
export const ENUM = 11

// The simplification passes that can change a node, by the keywords they read. A node none of
// whose keywords can give a pass work skips it on its first round.
// Why: in V8 reading a keyword a node lacks is far slower than reading one it has (nodes come in
// many shapes), so a pass is skipped rather than left to find its keywords missing.
/** A simplification pass (bit): normalizes type. */
export const TYPE = 1
/** A simplification pass (bit): normalizes enum values. */
export const ENUM_VALUES = 2
/** A simplification pass (bit): normalizes type specific. */
export const TYPE_SPECIFIC = 4
/** A simplification pass (bit): normalizes at default. */
export const AT_DEFAULT = 8
/** A simplification pass (bit): normalizes unpaired. */
export const UNPAIRED = 16
/** A simplification pass (bit): normalizes required names. */
export const REQUIRED_NAMES = 32
/** A simplification pass (bit): normalizes dependent names. */
export const DEPENDENT_NAMES = 64
/** A simplification pass (bit): normalizes numbers. */
export const NUMBERS = 128
/** A simplification pass (bit): normalizes composition. */
export const COMPOSITION = 256
/** A simplification pass (bit): normalizes not. */
export const NOT = 512
/** A simplification pass (bit): normalizes nullable. */
export const NULLABLE = 1024
/** Not a pass: the copy got a key out of sorted order (a tuple `items` became `prefixItems`, …). */
export const KEYS_REORDERED = 2048
/** A simplification pass (bit): every pass. */
export const EVERY_PASS = 4095
/** The passes that can add a key to a node, so that its keys need sorting again. */
export const ADDS_KEYS = ENUM_VALUES | NUMBERS | COMPOSITION | KEYS_REORDERED

// The default spellings `dropKeywordsWithoutEffect` drops, by the test that finds them.
/** A default spelling `dropKeywordsWithoutEffect` drops: none. */
export const NO_DEFAULT = 0
/** A default spelling `dropKeywordsWithoutEffect` drops: `not positive`. */
export const NOT_POSITIVE = 1
/** A default spelling `dropKeywordsWithoutEffect` drops: `false`. */
export const FALSE = 2
/** A default spelling `dropKeywordsWithoutEffect` drops: `true`. */
export const TRUE = 3
/** A default spelling `dropKeywordsWithoutEffect` drops: `empty list`. */
export const EMPTY_LIST = 4
/** A default spelling `dropKeywordsWithoutEffect` drops: `empty map`. */
export const EMPTY_MAP = 5
/** A default spelling `dropKeywordsWithoutEffect` drops: `one`. */
export const ONE = 6
/** A default spelling `dropKeywordsWithoutEffect` drops: `universal pattern`. */
export const UNIVERSAL_PATTERN = 7

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
export const TYPE_BITS = new Map(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'].map((t, i) => [t, 1 << i]))
/** The type bits of `number`, which allows integers too. */
export const NUMBER_BITS = TYPE_BITS.get('number')! | TYPE_BITS.get('integer')!

/** What canonicalization does with one keyword. */
export interface KeywordRole {
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
export const KEYWORD_ROLES: Map<string, KeywordRole> = (() => {
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
  // Why `format`: it reads strings or numbers only, so on another type it is dropped like them.
  feeds([...KEYWORD_TYPES.keys(), 'format'], TYPE_SPECIFIC)
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
