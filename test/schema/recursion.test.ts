import { describe, expect, test } from 'vitest'
import { compareSchemas } from '../../src/schema/compare-schemas.js'
import { bothWays, canon, checkRow, checkSoundnessRow, findingsOf, object, severityOf, type Row, type SoundnessRow } from './support.js'

const str = { type: 'string' }

/** A recursive expression union: 12 branches, each referring back to the union several times. */
function expressionSchema(name: string, change?: { branch: number; add: Record<string, unknown> }): Record<string, unknown> {
  const ref = { $ref: `#/$defs/${name}` }
  const branches = Array.from({ length: 12 }, (_, i) =>
    object(
      {
        op: { const: `op${i}` },
        left: ref,
        right: ref,
        args: { type: 'array', items: ref },
        ...(change?.branch === i ? change.add : {}),
      },
      ['op'],
      { additionalProperties: false },
    ),
  )
  return object({ expr: ref, history: { type: 'array', items: ref } }, ['expr'], { $defs: { [name]: { oneOf: branches } } })
}

describe('recursive schemas', () => {
  test('a 12-branch recursive oneOf compared with itself: no findings', () => {
    const schema = canon(expressionSchema('Expr'))
    expect(compareSchemas(schema, schema, { direction: 'input' })).toEqual({ findings: [], notRecorded: [] })
  })

  test('the same union under another definition name: followed through the cycle, no findings', () => {
    const result = compareSchemas(canon(expressionSchema('Expr')), canon(expressionSchema('Node')), { direction: 'output' })
    expect(result).toEqual({ findings: [], notRecorded: [] })
  })

  test('a field added to one branch deep in the cycle is found once, at the definition', () => {
    const before = canon(expressionSchema('Expr'))
    const after = canon(expressionSchema('Expr', { branch: 7, add: { note: str } }))
    const { findings, notRecorded } = compareSchemas(before, after, { direction: 'input' })
    expect(notRecorded).toEqual([])
    expect(findings).toEqual([
      {
        kind: 'argument-added',
        path: ['expr', 'note'],
        relation: 'widened',
        after: str,
        details: { required: false, openObject: false, definition: 'Expr', useSites: [['expr'], ['history', '[]']] },
      },
    ])
  })

  test('a type change in one definition of a mutual cycle is found once, at the definition, with its use sites', () => {
    const defs = (countType: string) => ({
      A: object({ name: str, b: { $ref: '#/$defs/B' } }),
      B: object({ count: { type: countType }, a: { $ref: '#/$defs/A' } }),
    })
    const schema = (countType: string) => object({ first: { $ref: '#/$defs/A' }, second: { $ref: '#/$defs/B' } }, [], { $defs: defs(countType) })
    const findings = findingsOf(schema('integer'), schema('string'))
    expect(findings).toEqual([
      {
        kind: 'schema-type-changed',
        path: ['second', 'count'],
        relation: 'incomparable',
        before: 'integer',
        after: 'string',
        // Why this order: use sites are the nearest places first. Why not second.a.b: that place
        // is inside B itself; a change in a cycle is reported where the cycle is entered.
        details: { definition: 'B', useSites: [['second'], ['first', 'b']] },
      },
    ])
  })

  test('a change that reaches back through the cycle climbs to a fixed point', () => {
    const tree = (leaf: unknown) => object({ root: { $ref: '#/$defs/T' } }, [], { $defs: { T: object({ value: leaf, kids: { type: 'array', items: { $ref: '#/$defs/T' } } }) } })
    const findings = findingsOf(tree({ type: 'integer' }), tree({ type: 'number' }))
    expect(findings).toMatchObject([{ kind: 'schema-type-changed', path: ['root', 'value'], relation: 'widened', details: { definition: 'T' } }])
  })

  test('zod 4 recursive output compared across a rename of its definition', () => {
    const zodStyle = (name: string, leaf: string) => ({
      $schema: 'http://json-schema.org/draft-07/schema#',
      ...object({ root: { $ref: `#/definitions/${name}` } }, ['root'], {
        additionalProperties: false,
        definitions: { [name]: object({ name: { type: leaf }, children: { type: 'array', items: { $ref: `#/definitions/${name}` } } }, ['name', 'children'], { additionalProperties: false }) },
      }),
    })
    expect(findingsOf(zodStyle('__schema0', 'string'), zodStyle('Category', 'string'))).toEqual([])
    expect(findingsOf(zodStyle('__schema0', 'string'), zodStyle('Category', 'integer'))).toMatchObject([{ kind: 'schema-type-changed', path: ['root', 'name'] }])
  })

  test('a root that refers to itself', () => {
    const list = (value: string) => object({ value: { type: value }, next: { $ref: '#' } })
    expect(findingsOf(list('string'), list('string'))).toEqual([])
    expect(findingsOf(list('string'), list('number'))).toMatchObject([{ kind: 'schema-type-changed', path: ['value'], relation: 'incomparable', details: { definition: '#' } }])
  })

  test('a shared definition inlined at two places is reported once with both use sites', () => {
    const address = (zip: string) => object({ zip: { type: zip } })
    const schema = (zip: string) => object({ billing: { $ref: '#/$defs/Address' }, shipping: { $ref: '#/$defs/Address' } }, [], { $defs: { Address: address(zip) } })
    expect(findingsOf(schema('string'), schema('integer'))).toEqual([
      { kind: 'schema-type-changed', path: ['billing', 'zip'], relation: 'incomparable', before: 'string', after: 'integer', details: { useSites: [['billing'], ['shipping']] } },
    ])
  })

  test('two unrelated fields with the same edit stay two findings', () => {
    expect(findingsOf(object({ a: str, b: str }), object({ a: { type: 'integer' }, b: { type: 'integer' } })).map((f) => f.path)).toEqual([['a'], ['b']])
  })
})

/** `n` definitions in a cycle, each referring to the next `refs` ones, each with a leaf bound `max`. */
function cycleOfDefinitions(n: number, refs: number, leaf: Record<string, unknown>): Record<string, unknown> {
  const $defs: Record<string, unknown> = {}
  for (let d = 0; d < n; d++) {
    const properties = Object.fromEntries(Array.from({ length: refs }, (_, r) => [`p${r}`, { $ref: `#/$defs/D${(d + r + 1) % n}` }]))
    $defs[`D${d}`] = object({ ...properties, x: leaf })
  }
  return object({ root: { $ref: '#/$defs/D0' } }, [], { $defs })
}

describe('a definition reached by many paths', () => {
  test('a change in one of 20 definitions that each refer to all the others is found without spending the work budget', () => {
    // Why: each pair whose relation moves is recomputed once per reader, not once per path
    // through the cycle; before, this spent all 50,000 steps and ended risky.
    const before = cycleOfDefinitions(20, 20, str)
    const after = cycleOfDefinitions(20, 20, str) as { $defs: Record<string, Record<string, unknown>> }
    after.$defs.D3.required = ['p1']
    const { findings, notRecorded } = compareSchemas(canon(before), canon(after), { direction: 'input' })
    expect(notRecorded).toEqual([])
    expect(findings).toMatchObject([{ kind: 'argument-now-required', path: ['root', 'p2', 'p1'], relation: 'narrowed', details: { definition: 'D3' } }])
  })

  test('a change in each of 8 definitions referring to each other is reported once per definition, with at most 10 use sites', () => {
    const findings = findingsOf(cycleOfDefinitions(8, 3, { type: 'string', maxLength: 10 }), cycleOfDefinitions(8, 3, { type: 'string', maxLength: 5 }))
    expect(findings.map((f) => f.details?.definition).sort()).toEqual(['D0', 'D1', 'D2', 'D3', 'D4', 'D5', 'D6', 'D7'])
    for (const f of findings) {
      expect(f).toMatchObject({ kind: 'schema-bound-changed', relation: 'narrowed' })
      expect(f.path.at(-1)).toBe('x')
      expect((f.details?.useSites as unknown[]).length).toBeLessThanOrEqual(10)
    }
    const sites = findings.find((f) => f.details?.definition === 'D7')!.details!.useSites as string[][]
    expect(sites).toHaveLength(10)
    expect(new Set(sites.map((site) => site.join('.'))).size).toBe(10)
  })
})

describe('the work budget', () => {
  const deep = (leaf: string) => {
    let schema: Record<string, unknown> = { type: leaf }
    for (let i = 0; i < 6; i++) schema = object({ [`l${i}`]: schema })
    return schema
  }

  test('past the step budget the place is not recorded and the verdict is risky, never additive', () => {
    const result = compareSchemas(canon(deep('string')), canon(deep('number')), { direction: 'input', budget: { maxSteps: 3 } })
    expect(result.notRecorded).toEqual([{ path: ['l5', 'l4', 'l3'], reason: 'comparison stopped after 3 steps (work budget)' }])
    expect(result.findings).toEqual([
      { kind: 'schema-comparison-incomplete', path: ['l5', 'l4', 'l3'], relation: 'unknown', details: { reason: 'comparison stopped after 3 steps (work budget)' } },
    ])
    for (const direction of ['input', 'output'] as const) expect(severityOf(result.findings[0], direction)).toBe('risky')
  })

  test('past the depth budget likewise', () => {
    const result = compareSchemas(canon(deep('string')), canon(deep('number')), { direction: 'output', budget: { maxDepth: 4 } })
    expect(result.notRecorded).toEqual([{ path: ['l5', 'l4', 'l3', 'l2'], reason: 'comparison stopped at depth 4 (work budget)' }])
    expect(result.findings.map((f) => f.kind)).toEqual(['schema-comparison-incomplete'])
  })

  test('a widening past the budget is not reported as additive', () => {
    const result = compareSchemas(canon(deep('integer')), canon(deep('number')), { direction: 'input', budget: { maxSteps: 2 } })
    expect(result.findings.every((f) => severityOf(f, 'input') !== 'additive')).toBe(true)
    expect(result.findings.length).toBeGreaterThan(0)
  })

  test('a budget that runs out inside a recursive definition is still a risky finding where it stopped, whatever the budget', () => {
    // Why many budgets: the step budget can run out while a pair is recomputed from the queue,
    // after the pairs that read it were laid out; the place it stopped must still be reported.
    const ring = (last: string) => {
      const $defs: Record<string, unknown> = {}
      for (let i = 0; i < 30; i++) $defs[`D${i}`] = object({ next: { $ref: `#/$defs/D${(i + 1) % 30}` }, tag: { type: i === 29 ? last : 'string' } })
      return canon(object({ root: { $ref: '#/$defs/D0' } }, [], { $defs }))
    }
    for (let maxSteps = 5; maxSteps <= 100; maxSteps += 5) {
      const result = compareSchemas(ring('string'), ring('integer'), { direction: 'input', budget: { maxSteps } })
      expect(result.findings.length, `maxSteps ${maxSteps}`).toBeGreaterThan(0)
      for (const finding of result.findings) expect(severityOf(finding, 'input'), `maxSteps ${maxSteps}`).not.toBe('additive')
      if (result.notRecorded.length > 0) expect(result.findings.map((f) => f.kind), `maxSteps ${maxSteps}`).toContain('schema-comparison-incomplete')
    }
  })

  test('a definition that is a oneOf of itself twice ends within the budget, risky and not recorded, both ways', () => {
    const open = canon(object({ name: true }))
    const selfish = canon(object({ name: { $ref: '#/$defs/N' } }, [], { $defs: { N: { oneOf: [{ $ref: '#/$defs/N' }, { $ref: '#/$defs/N' }] } } }))
    for (const [before, after] of [[open, selfish], [selfish, open]]) {
      const result = compareSchemas(before, after, { direction: 'input' })
      expect(result.notRecorded).toEqual([{ path: ['name'], reason: 'checking a value stopped: a $ref leads back to itself without a step into the value' }])
      expect(result.findings.length).toBeGreaterThan(0)
      for (const finding of result.findings) expect(severityOf(finding, 'input')).toBe('risky')
    }
  })

  test('within the default budget the same comparison is complete', () => {
    expect(findingsOf(deep('integer'), deep('number'))).toMatchObject([{ kind: 'schema-type-changed', path: ['l5', 'l4', 'l3', 'l2', 'l1', 'l0'], relation: 'widened' }])
  })
})

/** A recursive tree whose `$ref`s are written by `wrap` (bare, pydantic, zod…), with `size` bounded by `max`. */
function tree(wrap: (ref: Record<string, unknown>) => unknown, max = 10, rootWrap = wrap): Record<string, unknown> {
  const ref = { $ref: '#/$defs/Node' }
  const node = object({ name: str, size: { type: 'integer', maximum: max }, kids: { type: 'array', items: wrap(ref) } }, ['name'])
  return object({ root: rootWrap(ref) }, ['root'], { $defs: { Node: node } })
}

const bare = (ref: Record<string, unknown>) => ref
const pydantic = (ref: Record<string, unknown>) => ({ ...ref, description: 'A node' })
const zod = (ref: Record<string, unknown>) => ({ allOf: [ref] })
const spellings = { bare, pydantic, zod, anyOf: (ref: Record<string, unknown>) => ({ anyOf: [ref] }), oneOf: (ref: Record<string, unknown>) => ({ oneOf: [ref] }) }

const siblingRows: Row[] = [
  ...Object.entries(spellings).map(([name, wrap]): Row => ({
    title: `${name}: a bound tightened inside a recursive definition`,
    before: tree(wrap, 10),
    after: tree(wrap, 5),
    kind: 'schema-bound-changed',
    relation: 'narrowed',
    path: ['root', 'size'],
    oldOnly: [{ root: { name: 'a', size: 7 } }, { root: { name: 'a', kids: [{ name: 'b', size: 7 }] } }],
    both: [{ root: { name: 'a', size: 3 } }],
  })),
  ...Object.entries(spellings)
    .filter(([name]) => name !== 'bare' && name !== 'pydantic')
    .map(([name, wrap]): Row => ({ title: `a recursive $ref wrapped ${name}-style accepts the same values`, before: tree(bare), after: tree(wrap), kind: null, both: [{ root: { name: 'a', kids: [{ name: 'b' }] } }] })),
  {
    title: 'a description beside a recursive $ref is a description, nothing else',
    before: tree(bare),
    after: tree(bare, 10, pydantic),
    kind: 'argument-description-changed',
    relation: 'equal',
    path: ['root'],
    both: [{ root: { name: 'a' } }],
  },
  { title: 'a $comment beside every recursive $ref changes nothing', before: tree(bare), after: tree((ref) => ({ ...ref, $comment: 'n' })), kind: null },
]

describe('a recursive $ref with siblings (pydantic, zod)', () => {
  test.each(bothWays(siblingRows))('%s', (_, row, reverse) => checkRow(row, reverse))
})

/** A recursive `Node` whose `value` is a `oneOf` of `overlap` (a branch other values also match) and `Node`. */
function overlappingNode(overlap: unknown, more: Record<string, unknown> = {}, properties: Record<string, unknown> = {}): Record<string, unknown> {
  const ref = { $ref: '#/$defs/Node' }
  return object({ root: ref }, [], { $defs: { Node: object({ value: { oneOf: [ref, overlap] }, next: ref, ...properties }, [], more) } })
}

/** A recursive discriminated union of `$ref`s: its branches are told apart by `kind`. */
function discriminatedTree(max: number): Record<string, unknown> {
  const leaf = object({ kind: { const: 'leaf' }, size: { type: 'integer', maximum: max } }, ['kind'])
  const pair = object({ kind: { const: 'pair' }, left: { $ref: '#/$defs/Tree' }, right: { $ref: '#/$defs/Tree' } }, ['kind'])
  return object({ root: { $ref: '#/$defs/Tree' } }, [], { $defs: { Tree: { oneOf: [{ $ref: '#/$defs/Leaf' }, { $ref: '#/$defs/Pair' }] }, Leaf: leaf, Pair: pair } })
}

const exclusiveRows: SoundnessRow[] = [
  {
    // Fuzz counterexample 983807168: {a: 0} matched both branches (rejected by oneOf) and now matches one.
    title: 'closing a recursive Node that overlaps the other branch of a oneOf moves values both ways',
    before: overlappingNode(true),
    after: overlappingNode(true, { additionalProperties: false }),
    moved: [{ root: { value: { a: 0 } } }],
  },
  {
    title: 'a bound tightened in a recursive Node that overlaps an object branch of a oneOf',
    before: overlappingNode({ type: 'object' }, {}, { size: { maximum: 9 } }),
    after: overlappingNode({ type: 'object' }, {}, { size: { maximum: 5 } }),
    moved: [{ root: { value: { size: 7 } } }],
  },
]

describe('oneOf exclusivity inside a recursive definition (Ajv-judged counterexamples)', () => {
  test.each(bothWays(exclusiveRows as unknown as Row[]))('%s', (_, row, reverse) => checkSoundnessRow(row as unknown as SoundnessRow, reverse))

  test('branches told apart by a const stay one finding: a narrowed leaf is narrowed, nothing moves back', () => {
    const findings = findingsOf(discriminatedTree(9), discriminatedTree(5), 'output')
    expect(findings).toMatchObject([{ kind: 'schema-bound-changed', path: ['root', 'size'], relation: 'narrowed' }])
    for (const f of findings) expect(severityOf(f, 'output')).toBe('additive')
  })
})

/** A recursive Node read as an `if` condition below itself: a change to Node moves the condition. */
const conditionRows: SoundnessRow[] = [
  {
    // Fuzz counterexample 37: closing Node made `{a: 0}` fail the condition, so `then` no longer applies.
    title: 'closing a recursive Node that is also an if condition inside it',
    before: { type: 'object', properties: { root: { $ref: '#/$defs/Node' } }, $defs: { Node: { type: 'object', properties: { value: { if: { $ref: '#/$defs/Node' }, then: { type: 'string' } }, next: { $ref: '#/$defs/Node' } } } } },
    after: { type: 'object', properties: { root: { $ref: '#/$defs/Node' } }, $defs: { Node: { type: 'object', properties: { value: { if: { $ref: '#/$defs/Node' }, then: { type: 'string' } }, next: { $ref: '#/$defs/Node' } }, additionalProperties: false } } },
    moved: [{ root: { value: { a: 0 } } }],
  },
  {
    // Fuzz counterexample 44: the condition is a sibling property's, pointing at the changed Node.
    title: 'closing a recursive Node that a sibling reads as its if condition',
    before: { type: 'object', properties: { root: { $ref: '#/$defs/Node' }, field: { if: { $ref: '#/$defs/Node' }, then: { type: 'string' } } }, $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } } },
    after: { type: 'object', properties: { root: { $ref: '#/$defs/Node' }, field: { if: { $ref: '#/$defs/Node' }, then: { type: 'string' } } }, $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } }, additionalProperties: false } } },
    moved: [{ root: {}, field: { a: 0 } }],
  },
  {
    // Fuzz counterexample 47: a dependency added to Node moves the condition the same way.
    title: 'a dependency added to a recursive Node that is also an if condition inside it',
    before: { type: 'object', properties: { root: { $ref: '#/$defs/Node' } }, $defs: { Node: { type: 'object', properties: { value: { if: { $ref: '#/$defs/Node' }, then: { type: 'string' } }, next: { $ref: '#/$defs/Node' } } } } },
    after: { type: 'object', properties: { root: { $ref: '#/$defs/Node' } }, $defs: { Node: { type: 'object', properties: { value: { if: { $ref: '#/$defs/Node' }, then: { type: 'string' } }, next: { $ref: '#/$defs/Node' } }, dependentRequired: { a: ['b'] } } } },
    moved: [{ root: { value: { a: 0 } } }],
  },
]

describe('an if condition that points at a changed definition (Ajv-judged counterexamples)', () => {
  test.each(bothWays(conditionRows as unknown as Row[]))('%s', (_, row, reverse) => checkSoundnessRow(row as unknown as SoundnessRow, reverse))
})

/** A list node whose `next` refers back through `ref`, with `value` as given. */
const listNode = (ref: string, value: unknown) => ({ type: 'object', properties: { value, next: { $ref: ref } } })

/**
 * A root `$ref` with `$defs` beside it (how a recursive type wrapped in `allOf` canonicalizes) is
 * followed as the reference, not read as a node whose keywords were added or removed.
 */
const rootReferenceRows: SoundnessRow[] = [
  {
    title: 'a root $ref with $defs beside it ↔ its definition inline, with a property retyped',
    before: { $ref: '#/$defs/Node', $defs: { Node: listNode('#/$defs/Node', { type: 'string' }) } },
    after: listNode('#', { type: 'number' }),
    moved: [{ value: 'a' }, { value: 1 }, { next: { value: 'a' } }],
  },
  {
    title: 'a recursive type wrapped in allOf ↔ the type alone, with a property retyped',
    before: { allOf: [listNode('#', { type: 'string' })] },
    after: listNode('#', { type: 'number' }),
    moved: [{ value: 'a' }, { value: 1 }],
  },
]

describe('a root $ref with $defs beside it is followed as a plain reference', () => {
  test.each(bothWays(rootReferenceRows as unknown as Row[]))('%s', (_, row, reverse) => checkSoundnessRow(row as unknown as SoundnessRow, reverse))
})
