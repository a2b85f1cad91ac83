import fc from 'fast-check'

/**
 * fast-check arbitraries for the soundness property: schemas over the keywords MCP servers use,
 * edits that move (or keep) their value sets, and candidate values drawn from both sides.
 * Why one keyword per entry in `KEYWORD_ARBITRARIES`: more keywords (patternProperties,
 * unevaluated*, contains) are added by listing them here, not by rewriting the generator.
 */

export type RawSchema = boolean | Record<string, unknown>

const TYPES = ['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'] as const
const NAMES = ['a', 'b', 'c'] as const
const SCALARS = [0, 1, 2, 5, 1.5, -3, 'a', 'b', 'x@y.co', '', null, true, false] as const

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
  oneOf: (child) => fc.array(child, { minLength: 1, maxLength: 2 }),
  allOf: (child) => fc.array(child, { minLength: 1, maxLength: 2 }),
}

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
    .chain((keys) => fc.record(Object.fromEntries(keys.map((k) => [k, KEYWORD_ARBITRARIES[k](child)]))) as fc.Arbitrary<Record<string, unknown>>)
  return fc.oneof({ weight: 1, arbitrary: leaf }, { weight: 3, arbitrary: node })
}

/** A document: a root schema, optionally with a recursive `Node` definition it refers to. */
export const documentArbitrary: fc.Arbitrary<RawSchema> = fc.oneof(
  schemaArbitrary(2),
  fc.tuple(schemaArbitrary(1, true), schemaArbitrary(1, true)).map(([node, field]) => ({
    type: 'object',
    properties: { root: { $ref: '#/$defs/Node' }, field },
    $defs: { Node: { type: 'object', properties: { value: node, next: { $ref: '#/$defs/Node' } } } },
  })),
)

/** An edit, and whether it keeps the set of accepted values (for counting false alarms). */
export interface Edit {
  name: string
  keepsValues: boolean
  apply: (schema: RawSchema) => RawSchema
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
  { name: 'wrap in a single-branch anyOf', keepsValues: true, apply: (s) => ({ anyOf: [s] }) },
  { name: 'wrap in a single-branch allOf', keepsValues: true, apply: (s) => ({ allOf: [s] }) },
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
