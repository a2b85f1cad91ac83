import fc from 'fast-check'
import { pydanticArbitrary, pydanticUnionArbitrary, typeboxArbitrary, zodArbitrary } from './library-arbitraries.js'

/**
 * fast-check arbitraries for the soundness property: schemas over the keywords MCP servers use,
 * edits that move (or keep) their value sets, and candidate values drawn from both sides.
 * Why one keyword per entry in `KEYWORD_ARBITRARIES`: more keywords (patternProperties,
 * unevaluated*, contains) are added by listing them here, not by rewriting the generator.
 */

export type RawSchema = boolean | Record<string, unknown>

const TYPES = ['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'] as const
const NAMES = ['a', 'b', 'c'] as const
const SCALARS = [0, 1, 2, 5, 1.5, -3, 3000000000, 'a', 'b', 'x@y.co', '', '\u{1F600}', '\u{1F600}\u{1F600}', null, true, false] as const

/** Keyword generators, each given the arbitrary of a child schema. */
export const KEYWORD_ARBITRARIES: Record<string, (child: fc.Arbitrary<RawSchema>) => fc.Arbitrary<unknown>> = {
  type: () => fc.oneof(fc.constantFrom(...TYPES), fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 2 })),
  enum: () => fc.uniqueArray(fc.constantFrom(...SCALARS), { minLength: 1, maxLength: 3 }),
  const: () => fc.constantFrom(...SCALARS),
  minimum: () => fc.constantFrom(0, 1, 1.5, -2),
  maximum: () => fc.constantFrom(2, 5, 10.5),
  exclusiveMinimum: () => fc.constantFrom(0, 2),
  multipleOf: () => fc.constantFrom(0.25, 0.5, 2, 3),
  minLength: () => fc.constantFrom(0, 1, 2),
  maxLength: () => fc.constantFrom(1, 3),
  format: () => fc.constantFrom('email', 'date'),
  pattern: () => fc.constantFrom('^a', 'b$', '^[a-z]+$'),
  properties: (child) => fc.dictionary(fc.constantFrom(...NAMES), child, { minKeys: 1, maxKeys: 2 }),
  required: () => fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 2 }),
  additionalProperties: (child) => fc.oneof(fc.boolean(), child),
  items: (child) => child,
  minItems: () => fc.constantFrom(1, 2),
  anyOf: (child) => fc.array(child, { minLength: 1, maxLength: 2 }),
  oneOf: (child) => fc.array(child, { minLength: 1, maxLength: 3 }),
  allOf: (child) => fc.array(child, { minLength: 1, maxLength: 2 }),
  if: (child) => child,
  then: (child) => child,
  else: (child) => child,
  not: (child) => child,
  dependentRequired: () => fc.dictionary(fc.constantFrom(...NAMES), fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 2 }), { minKeys: 1, maxKeys: 2 }),
  dependentSchemas: (child) => fc.dictionary(fc.constantFrom(...NAMES), child, { minKeys: 1, maxKeys: 1 }),
  minProperties: () => fc.constantFrom(0, 1, 2),
  maxProperties: () => fc.constantFrom(1, 2, 3),
  propertyNames: (child) => fc.oneof(child, fc.constantFrom<RawSchema>({ type: 'string' }, { maxLength: 1 }, { enum: ['a', 'b'] })),
  uniqueItems: () => fc.boolean(),
  maxItems: () => fc.constantFrom(1, 2, 3),
  contains: (child) => child,
  minContains: () => fc.constantFrom(0, 1, 2),
  prefixItems: (child) => fc.array(child, { minLength: 1, maxLength: 2 }),
  numberFormat: () => fc.constantFrom('int32', 'int64', 'double'),
  $anchor: () => fc.constantFrom('here', 'there'),
}

/** Keywords generated under another name (`numberFormat` is a `format` for numbers). */
const GENERATED_AS: Record<string, string> = { numberFormat: 'format' }

const KEYWORDS = Object.keys(KEYWORD_ARBITRARIES)

/** A schema of at most `depth` levels, with `$ref`s to `#/$defs/Node` among its leaves when `recursive`. */
export function schemaArbitrary(depth = 2, recursive = false): fc.Arbitrary<RawSchema> {
  const leaf: fc.Arbitrary<RawSchema> = fc.oneof(
    fc.constant(true),
    fc.constantFrom(...TYPES).map((type) => ({ type })),
    fc.constantFrom(...SCALARS).map((value) => ({ const: value })),
    ...(recursive ? [fc.constantFrom<RawSchema>({ $ref: '#/$defs/Node' }, { $ref: '#/$defs/Node', description: 'node' }, { allOf: [{ $ref: '#/$defs/Node' }] })] : []),
  )
  if (depth <= 0) return leaf
  const child = schemaArbitrary(depth - 1, recursive)
  const node = fc
    .subarray(KEYWORDS, { minLength: 1, maxLength: 4 })
    .chain((keys) => fc.record(Object.fromEntries(keys.map((k) => [GENERATED_AS[k] ?? k, KEYWORD_ARBITRARIES[k](child)]))) as fc.Arbitrary<Record<string, unknown>>)
  return fc.oneof({ weight: 1, arbitrary: leaf }, { weight: 3, arbitrary: node })
}

/**
 * Spellings of "no value is valid" (round three of the equal-pairs campaign): any one of them
 * may replace another without a caller noticing.
 */
export const UNSATISFIABLE_SPELLINGS: RawSchema[] = [
  false,
  { not: {} },
  { not: true },
  { oneOf: [{}, {}] },
  { type: 'integer', multipleOf: 2, minimum: 1, maximum: 1 },
  { type: 'integer', minimum: 1, maximum: 0.5 },
  { type: 'number', exclusiveMinimum: 1, exclusiveMaximum: 1 },
  { type: 'string', minLength: 3, maxLength: 2 },
  { type: 'string', enum: [1] },
  { type: 'array', minItems: 1, items: false },
  { type: 'object', required: ['a'], additionalProperties: false },
]

/** The index of a spelling of "no value is valid" in `UNSATISFIABLE_SPELLINGS`, or -1. */
function unsatisfiableSpelling(schema: unknown): number {
  const text = JSON.stringify(schema)
  return UNSATISFIABLE_SPELLINGS.findIndex((spelling) => JSON.stringify(spelling) === text)
}

/**
 * Documents by family: a root schema, optionally with a recursive `Node` definition it refers
 * to, or what a schema library emits. The campaign counts pairs per family.
 */
export const DOCUMENT_FAMILIES: Record<string, fc.Arbitrary<RawSchema>> = {
  // Why no `$ref` leaves in the node here: a `Node` whose branch is `Node` itself loops without
  // reading the value, which Ajv cannot judge; recursion comes through `next`.
  anchors: fc.tuple(schemaArbitrary(1), fc.constantFrom('here', 'there')).map(([node, anchor]) => ({
    $id: 'https://example.com/doc',
    type: 'object',
    properties: { root: { $ref: `#${anchor}` }, dynamic: { $dynamicRef: '#node' } },
    $defs: { Node: { $anchor: anchor, $dynamicAnchor: 'node', oneOf: [node, { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } }] } },
  })),
  keywords: schemaArbitrary(2),
  zod: zodArbitrary,
  typebox: typeboxArbitrary,
  pydantic: pydanticArbitrary,
  'pydantic-unions': pydanticUnionArbitrary,
  // properties no value fits, spelled each way, beside an ordinary one, in open and closed objects
  unsatisfiable: fc
    .tuple(schemaArbitrary(1), fc.constantFrom(...UNSATISFIABLE_SPELLINGS), fc.constantFrom(...UNSATISFIABLE_SPELLINGS), fc.boolean())
    .map(([field, never, items, closed]) => ({ type: 'object', properties: { field, never, list: { type: 'array', items } }, ...(closed ? { additionalProperties: false } : {}) })),
  recursive: fc.tuple(schemaArbitrary(1, true), schemaArbitrary(1, true)).map(([node, field]) => ({
    type: 'object',
    properties: { root: { $ref: '#/$defs/Node' }, field },
    $defs: { Node: { type: 'object', properties: { value: node, next: { $ref: '#/$defs/Node' } } } },
  })),
}

/** A document of any family, with the family's name. */
export const familyDocumentArbitrary: fc.Arbitrary<{ family: string; schema: RawSchema }> = fc.oneof(
  ...Object.entries(DOCUMENT_FAMILIES).map(([family, arbitrary]) => arbitrary.map((schema) => ({ family, schema }))),
)

/** A document of any family. */
export const documentArbitrary: fc.Arbitrary<RawSchema> = familyDocumentArbitrary.map((document) => document.schema)

/** An edit, and whether it keeps the set of accepted values (for counting false alarms). */
export interface Edit {
  name: string
  keepsValues: boolean
  apply: (schema: RawSchema) => RawSchema
}

/**
 * `schema` put inside a new root by `f`. Why `$defs` (and the `$id` they resolve against) stay at
 * the root: `#/$defs/…` resolves against the root resource, so wrapping them would leave the
 * document's references dangling. A document with an `$id` and no `$defs` (TypeBox's recursive
 * types refer to it by that `$id`) is wrapped whole, an embedded resource.
 */
export function wrap(schema: RawSchema, f: (inner: RawSchema) => Record<string, unknown>): RawSchema {
  if (typeof schema !== 'object' || schema.$defs === undefined) return f(schema)
  const { $id, $defs, ...inner } = schema
  return { ...($id === undefined ? {} : { $id }), ...($defs === undefined ? {} : { $defs }), ...f(inner) }
}

const within = (schema: RawSchema, f: (node: Record<string, unknown>) => void): RawSchema => {
  const copy = structuredClone(schema)
  if (typeof copy === 'object') f(copy)
  return copy
}

/** The target of an edit: the root, or the recursive definition when there is one. */
function target(node: Record<string, unknown>): Record<string, unknown> {
  const defs = node.$defs as Record<string, Record<string, unknown>> | undefined
  return defs?.Node ?? node
}

export const EDITS: Edit[] = [
  { name: 'tighten maximum', keepsValues: false, apply: (s) => within(s, (n) => void (target(n).maximum = typeof target(n).maximum === 'number' ? (target(n).maximum as number) - 1 : 1)) },
  { name: 'loosen: drop a keyword', keepsValues: false, apply: (s) => within(s, (n) => void delete target(n)[Object.keys(target(n)).sort()[0]]) },
  { name: 'add required', keepsValues: false, apply: (s) => within(s, (n) => void (target(n).required = [...new Set([...((target(n).required as string[]) ?? []), 'a'])])) },
  { name: 'remove required', keepsValues: false, apply: (s) => within(s, (n) => void delete target(n).required) },
  { name: 'add minLength', keepsValues: false, apply: (s) => within(s, (n) => void (target(n).minLength = 2)) },
  { name: 'add format', keepsValues: false, apply: (s) => within(s, (n) => void (target(n).format = 'email')) },
  { name: 'close the object', keepsValues: false, apply: (s) => within(s, (n) => void (target(n).additionalProperties = false)) },
  { name: 'add a description', keepsValues: true, apply: (s) => within(s, (n) => void (n.description = 'about')) },
  { name: 'add int32', keepsValues: false, apply: (s) => within(s, (n) => void (target(n).format = 'int32')) },
  { name: 'add maxProperties', keepsValues: false, apply: (s) => within(s, (n) => void (target(n).maxProperties = 1)) },
  { name: 'add a dependency', keepsValues: false, apply: (s) => within(s, (n) => void (target(n).dependentRequired = { a: ['b'] })) },
  { name: 'add uniqueItems', keepsValues: false, apply: (s) => within(s, (n) => void (target(n).uniqueItems = true)) },
  { name: 'negate', keepsValues: false, apply: (s) => wrap(s, (inner) => ({ not: inner })) },
  { name: 'wrap in a single-branch anyOf', keepsValues: true, apply: (s) => wrap(s, (inner) => ({ anyOf: [inner] })) },
  { name: 'wrap in a single-branch allOf', keepsValues: true, apply: (s) => wrap(s, (inner) => ({ allOf: [inner] })) },
  {
    name: 'rename the definition',
    keepsValues: true,
    apply: (s) => (typeof s === 'object' && s.$defs !== undefined ? JSON.parse(JSON.stringify(s).replaceAll('#/$defs/Node', '#/$defs/Tree').replace('"Node":', '"Tree":')) : s),
  },
  {
    name: 'move into a $ref',
    keepsValues: true,
    apply: (s) => (typeof s === 'object' && s.$defs === undefined ? { $ref: '#/$defs/Moved', description: 'moved', $defs: { Moved: s } } : s),
  },
]

export const editArbitrary: fc.Arbitrary<Edit> = fc.constantFrom(...EDITS)

/**
 * Values worth trying against both schemas: scalars, the listed values and bounds of both
 * sides, objects built from their properties, and those values nested under `root`/`value`.
 */
export function candidateValues(...schemas: unknown[]): unknown[] {
  const scalars = new Map<string, unknown>()
  const add = (v: unknown) => scalars.set(JSON.stringify(v), v)
  for (const v of [...SCALARS, 'ab', 'abc', 'aab', 0.25, 0.5, 3, 4, 9, 10, 11, 1e21]) add(v)
  const names = new Set<string>(NAMES)
  const visit = (node: unknown, depth: number): void => {
    if (depth > 12 || typeof node !== 'object' || node === null) return
    if (Array.isArray(node)) return node.forEach((n) => visit(n, depth + 1))
    const s = node as Record<string, unknown>
    if (Array.isArray(s.enum)) s.enum.forEach(add)
    if ('const' in s) add(s.const)
    for (const k of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) if (typeof s[k] === 'number') [s[k], (s[k] as number) + 1, (s[k] as number) - 1, (s[k] as number) + 0.5].forEach(add)
    for (const k of ['minLength', 'maxLength']) if (typeof s[k] === 'number') ['a', 'x@y.co'].forEach((c) => add(c.repeat(Math.max(0, s[k] as number)).slice(0, s[k] as number)))
    if (typeof s.properties === 'object' && s.properties !== null) Object.keys(s.properties).forEach((n) => names.add(n))
    for (const value of Object.values(s)) visit(value, depth + 1)
  }
  schemas.forEach((s) => visit(s, 0))
  const base = [...scalars.values()]
  const objects: unknown[] = [{}]
  for (const v of base) {
    objects.push(Object.fromEntries([...names].map((n) => [n, v])))
    for (const n of names) objects.push({ [n]: v })
  }
  const arrays = [[], ...base.map((v) => [v]), ...base.slice(0, 6).map((v) => [v, v])]
  const nested = [...objects.slice(0, 40), ...base].flatMap((v) => [{ root: { value: v } }, { root: { value: v, next: { value: v } } }, { root: {}, field: v }])
  return [...base, ...objects, ...arrays, ...nested]
}

const SUBSCHEMA_KEYWORDS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames']
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems']
const SUBSCHEMA_MAPS = ['properties', '$defs', 'dependentSchemas', 'patternProperties']

/** A copy of a schema with `f` applied to every schema node, children first. */
export function everyNode(schema: RawSchema, f: (node: Record<string, unknown>) => RawSchema): RawSchema {
  if (typeof schema !== 'object' || schema === null) return schema
  const node: Record<string, unknown> = { ...schema }
  for (const k of SUBSCHEMA_KEYWORDS) if (typeof node[k] === 'object' && node[k] !== null && !Array.isArray(node[k])) node[k] = everyNode(node[k] as RawSchema, f)
  for (const k of SUBSCHEMA_LISTS) if (Array.isArray(node[k])) node[k] = (node[k] as RawSchema[]).map((c) => everyNode(c, f))
  for (const k of SUBSCHEMA_MAPS) {
    if (typeof node[k] === 'object' && node[k] !== null) node[k] = Object.fromEntries(Object.entries(node[k] as Record<string, RawSchema>).map(([n, c]) => [n, everyNode(c, f)]))
  }
  return f(node)
}

const types = (node: Record<string, unknown>): unknown[] | undefined => (node.type === undefined ? undefined : Array.isArray(node.type) ? node.type : [node.type])
const isOnly = (node: Record<string, unknown>, type: string) => types(node)?.length === 1 && types(node)![0] === type

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const isClosed = (n: Record<string, unknown>) => n.additionalProperties === false && isObject(n.properties) && n.patternProperties === undefined
const without = (n: Record<string, unknown>, ...keys: string[]) => Object.fromEntries(Object.entries(n).filter(([k]) => !keys.includes(k)))

/**
 * The rewrites pydantic, zod and TypeBox users make between releases, and the spellings of one
 * rule the third campaign found reported: each keeps the accepted values (Ajv confirms per pair).
 */
const LIBRARY_REWRITES: Edit[] = [
  {
    // pydantic: `Annotated[Cat | Dog, Field(discriminator='kind')]` → `Cat | Dog` (also inside `Optional`)
    name: 'discriminated union as plain anyOf',
    keepsValues: true,
    apply: (s) =>
      everyNode(s, (n) => {
        if (Array.isArray(n.anyOf)) {
          const branches = (n.anyOf as RawSchema[]).flatMap((b) => (isObject(b) && Array.isArray(b.oneOf) && b.discriminator !== undefined ? (b.oneOf as RawSchema[]) : [b]))
          n = { ...n, anyOf: branches }
        }
        return Array.isArray(n.oneOf) && n.discriminator !== undefined && n.anyOf === undefined ? { ...without(n, 'oneOf', 'discriminator'), anyOf: n.oneOf } : n
      }),
  },
  {
    // TypeBox's `Type.Union` of tagged objects → the OpenAPI discriminated spelling
    name: 'tagged anyOf as discriminated oneOf',
    keepsValues: true,
    apply: (s) =>
      everyNode(s, (n) => {
        if (!Array.isArray(n.anyOf) || n.oneOf !== undefined || n.anyOf.length < 2) return n
        const tags = (n.anyOf as RawSchema[]).map((b) => (isObject(b) && isObject(b.properties) && isObject(b.properties.kind) && Array.isArray(b.required) && b.required.includes('kind') ? JSON.stringify((b.properties.kind as Record<string, unknown>).const) : undefined))
        if (tags.some((t) => t === undefined) || new Set(tags).size !== tags.length) return n
        return { ...without(n, 'anyOf'), oneOf: n.anyOf, discriminator: { propertyName: 'kind' } }
      }),
  },
  { name: 'producer hints on strings', keepsValues: true, apply: (s) => everyNode(s, (n) => (isOnly(n, 'string') ? { ...n, contentMediaType: 'text/plain', contentEncoding: 'base64' } : n)) },
  { name: 'drop discriminators', keepsValues: true, apply: (s) => everyNode(s, (n) => without(n, 'discriminator')) },
  {
    name: 'propertyNames: type string spelled or not',
    keepsValues: true,
    apply: (s) => everyNode(s, (n) => (isObject(n.propertyNames) ? { ...n, propertyNames: n.propertyNames.type === undefined ? { ...n.propertyNames, type: 'string' } : without(n.propertyNames, 'type') } : isOnly(n, 'object') ? { ...n, propertyNames: { type: 'string', minLength: 0 } } : n)),
  },
  { name: 'multipleOf 1 in an allOf on integers', keepsValues: true, apply: (s) => everyNode(s, (n) => (isOnly(n, 'integer') ? { ...n, allOf: [...((n.allOf as RawSchema[]) ?? []), { multipleOf: 1 }] } : n)) },
  { name: 'prefixItems restating items', keepsValues: true, apply: (s) => everyNode(s, (n) => (n.items !== undefined && !Array.isArray(n.items) && n.prefixItems === undefined ? { ...n, prefixItems: [n.items, n.items] } : n)) },
  {
    name: 'length bounds as a pattern',
    keepsValues: true,
    apply: (s) =>
      everyNode(s, (n) => {
        if (n.pattern !== undefined || (typeof n.maxLength !== 'number' && typeof n.minLength !== 'number')) return n
        const [min, max] = [typeof n.minLength === 'number' ? n.minLength : 0, typeof n.maxLength === 'number' ? n.maxLength : '']
        return { ...without(n, 'minLength', 'maxLength'), pattern: `^[\\s\\S]{${min},${max}}$` }
      }),
  },
  { name: 'not as if/then false', keepsValues: true, apply: (s) => everyNode(s, (n) => (n.not !== undefined && n.if === undefined && n.then === undefined && n.else === undefined ? { ...without(n, 'not'), if: n.not, then: false } : n)) },
  { name: 'if/then false as anyOf', keepsValues: true, apply: (s) => everyNode(s, (n) => (n.not !== undefined && n.anyOf === undefined ? { ...without(n, 'not'), anyOf: [{ not: n.not }, false] } : n)) },
  // a closed object refuses an unlisted name already; banning it again, two ways, says nothing
  { name: 'closed objects: an unlisted name as dependentSchemas false', keepsValues: true, apply: (s) => everyNode(s, (n) => (isClosed(n) ? { ...n, dependentSchemas: { ...(n.dependentSchemas as object), zz: false } } : n)) },
  {
    name: 'closed objects: an unlisted name as an impossible object',
    keepsValues: true,
    apply: (s) => everyNode(s, (n) => (isClosed(n) ? { ...n, properties: { ...(n.properties as object), zz: { type: 'object', required: ['x'], properties: { x: false } } } } : n)),
  },
  {
    name: 'closed objects: propertyNames every name meets',
    keepsValues: true,
    apply: (s) => everyNode(s, (n) => (isClosed(n) && n.propertyNames === undefined ? { ...n, propertyNames: { maxLength: Math.max(1, ...Object.keys(n.properties as object).map((k) => [...k].length)) } } : n)),
  },
  {
    name: 'closed objects: a listed name propertyNames refuses',
    keepsValues: true,
    apply: (s) => everyNode(s, (n) => (isClosed(n) && n.propertyNames === undefined ? { ...n, properties: { ...(n.properties as object), zz: {} }, propertyNames: { not: { enum: ['zz'] } } } : n)),
  },
  // round three: "no value is valid" spelled another way, wherever a subschema sits
  {
    name: 'unsatisfiable spellings swapped',
    keepsValues: true,
    apply: (s) =>
      everyNode(s, (n) => {
        const swap = (child: unknown) => {
          const at = unsatisfiableSpelling(child)
          return at < 0 ? child : UNSATISFIABLE_SPELLINGS[(at + 1) % UNSATISFIABLE_SPELLINGS.length]
        }
        const out: Record<string, unknown> = { ...n }
        if (isObject(n.properties)) out.properties = Object.fromEntries(Object.entries(n.properties).map(([name, child]) => [name, swap(child)]))
        if (n.items !== undefined) out.items = swap(n.items)
        return out
      }),
  },
  // round three: keywords that others already imply
  {
    name: 'implied keywords restated',
    keepsValues: true,
    apply: (s) =>
      everyNode(s, (n) => {
        const out: Record<string, unknown> = { ...n }
        if (isOnly(n, 'object') && Array.isArray(n.required) && n.required.length > 0 && n.dependentRequired === undefined) out.dependentRequired = { zz: [n.required[0]] }
        if (isOnly(n, 'object') && n.if === undefined && n.then === undefined && n.else === undefined) Object.assign(out, { if: { required: ['b'] }, then: { required: ['b'] }, else: true })
        if (isOnly(n, 'integer') && Number.isInteger(n.multipleOf)) out.type = 'number'
        if (isObject(n.items) && n.maxItems === 1 && n.prefixItems === undefined) out.prefixItems = [n.items]
        return out
      }),
  },
  { name: 'closed objects in an allOf with an open one', keepsValues: true, apply: (s) => everyNode(s, (n) => (isClosed(n) && n.allOf === undefined ? { allOf: [n, { type: 'object', properties: { zz: { type: 'number' } } }] } : n)) },
]

/**
 * Rewrites that keep exactly the accepted values (Ajv checks each pair): any breaking or risky
 * report on one is a false alarm. Each applies to every node of a document.
 */
export const EQUAL_EDITS: Edit[] = [
  { name: 'reverse union branches', keepsValues: true, apply: (s) => everyNode(s, (n) => ({ ...n, ...(Array.isArray(n.anyOf) ? { anyOf: [...n.anyOf].reverse() } : {}), ...(Array.isArray(n.oneOf) ? { oneOf: [...n.oneOf].reverse() } : {}) })) },
  { name: 'describe every node', keepsValues: true, apply: (s) => everyNode(s, (n) => ({ ...n, description: 'about' })) },
  { name: 'title every node', keepsValues: true, apply: (s) => everyNode(s, (n) => ({ ...n, title: 'T' })) },
  { name: 'drop descriptions', keepsValues: true, apply: (s) => everyNode(s, ({ description: _d, ...n }) => n) },
  {
    name: 'no-op keywords',
    keepsValues: true,
    apply: (s) =>
      everyNode(s, (n) => {
        const out: Record<string, unknown> = { ...n, minLength: n.minLength ?? 0, uniqueItems: n.uniqueItems ?? false }
        if (isOnly(n, 'number') || isOnly(n, 'integer')) Object.assign(out, { format: n.format ?? 'email' })
        if (isOnly(n, 'object')) Object.assign(out, { propertyNames: n.propertyNames ?? { type: 'string' }, dependentRequired: n.dependentRequired ?? { a: ['a'] } })
        if (isOnly(n, 'array') && n.contains === undefined) Object.assign(out, { contains: { type: 'string' }, minContains: 0 })
        if (Array.isArray(n.required) && n.required.length > 0 && n.minProperties === undefined) out.minProperties = 1
        return out
      }),
  },
  { name: 'type as a list', keepsValues: true, apply: (s) => everyNode(s, (n) => (typeof n.type === 'string' ? { ...n, type: [n.type] } : n)) },
  { name: 'const as enum', keepsValues: true, apply: (s) => everyNode(s, ({ const: c, ...n }) => (c === undefined || 'enum' in n ? { ...n, ...(c === undefined ? {} : { const: c }) } : { ...n, enum: [c] })) },
  {
    name: 'if/then as anyOf',
    keepsValues: true,
    apply: (s) => everyNode(s, ({ if: c, then: t, ...n }) => (c === undefined || t === undefined || 'else' in n || 'anyOf' in n ? { ...n, ...(c === undefined ? {} : { if: c }), ...(t === undefined ? {} : { then: t }) } : { ...n, anyOf: [{ not: c }, t] })),
  },
  { name: 'integer as multipleOf 1', keepsValues: true, apply: (s) => everyNode(s, (n) => (n.type === 'integer' && n.multipleOf === undefined ? { ...n, type: 'number', multipleOf: 1 } : n)) },
  { name: 'wrap in allOf', keepsValues: true, apply: (s) => wrap(s, (inner) => ({ allOf: [inner] })) },
  ...LIBRARY_REWRITES,
]

export const equalEditArbitrary: fc.Arbitrary<Edit> = fc.constantFrom(...EQUAL_EDITS)
