import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import type { Severity } from '../../src/diff/change.js'
import type { JsonReport } from '../../src/report/format-report.js'
import type { Schema } from '../../src/surface/types.js'
import { ajvAccepts } from '../schema/support.js'
import { fixture, runCliProcess, scrub, type CliRun } from '../support/run-cli-process.js'

// Every expectation below is read off the schema keyword table of CLASSIFICATION.md, never off
// what the engine prints. A verdict is written once per row as { input, output }; the relation
// ones are the table's "classify a relation, then map it by direction" mapping.
type Verdict = { readonly input: Severity; readonly output: Severity }

const WIDENED: Verdict = { input: 'additive', output: 'breaking' }
const NARROWED: Verdict = { input: 'breaking', output: 'additive' }
const INCOMPARABLE: Verdict = { input: 'breaking', output: 'breaking' }
const UNKNOWN: Verdict = { input: 'risky', output: 'risky' }
const UNSATISFIABLE: Verdict = { input: 'breaking', output: 'risky' }
const DEFAULT: Verdict = { input: 'risky', output: 'cosmetic' }
const ROUTING: Verdict = { input: 'routing', output: 'routing' }
const COSMETIC: Verdict = { input: 'cosmetic', output: 'cosmetic' }
const PRODUCER_HINT: Verdict = { input: 'routing', output: 'cosmetic' }
const BY_RELATION = new Set([WIDENED, NARROWED, INCOMPARABLE])

/** One edit of the fixture: where it is, the table row that judges it, and values that show it. */
interface Row {
  tool: string
  /** The rendered path of the change (`filters.city`, `tags[].name`). */
  path: string
  kind: string
  /** The table row, as the table words it. */
  row: string
  verdict: Verdict
  /** Values of the top-level argument that were valid and are now rejected. */
  lost?: unknown[]
  /** Values of the top-level argument that were rejected and are now valid. */
  gained?: unknown[]
}

/** The kinds an output field has its own name for. */
const OUTPUT_NAMES: Record<string, string> = { 'argument-added': 'output-field-added', 'argument-now-required': 'output-field-now-required', 'argument-removed': 'output-field-removed', 'argument-now-optional': 'output-field-now-optional' }

const row = (tool: string, path: string, kind: string, verdict: Verdict, text: string, values: Pick<Row, 'lost' | 'gained'> = {}): Row => ({
  tool,
  path,
  kind,
  row: text,
  verdict,
  ...values,
})

// Table: `maximum`/`exclusiveMaximum`/`maxLength`/`maxItems`/`maxProperties`/`maxContains` added
// or lowered narrows, removed or raised widens; the `min…` keywords the other way round.
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains']
const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains']
const BOUND_ROWS: Row[] = [
  ...UPPER_BOUNDS.flatMap((keyword) => [
    row('bounds', `${keyword}_added`, 'schema-bound-changed', NARROWED, `${keyword} added`),
    row('bounds', `${keyword}_lowered`, 'schema-bound-changed', NARROWED, `${keyword} lowered`),
    row('bounds', `${keyword}_removed`, 'schema-bound-changed', WIDENED, `${keyword} removed`),
    row('bounds', `${keyword}_raised`, 'schema-bound-changed', WIDENED, `${keyword} raised`),
  ]),
  ...LOWER_BOUNDS.flatMap((keyword) => [
    row('bounds', `${keyword}_added`, 'schema-bound-changed', NARROWED, `${keyword} added`),
    row('bounds', `${keyword}_raised`, 'schema-bound-changed', NARROWED, `${keyword} raised`),
    row('bounds', `${keyword}_removed`, 'schema-bound-changed', WIDENED, `${keyword} removed`),
    row('bounds', `${keyword}_lowered`, 'schema-bound-changed', WIDENED, `${keyword} lowered`),
  ]),
]

const long = 'x'.repeat(30)

const ROWS: Row[] = [
  row('types', 'gains_a_type', 'schema-type-changed', WIDENED, 'type widened (gains a type)', { gained: [1] }),
  row('types', 'integer_to_number', 'schema-type-changed', WIDENED, 'type widened (integer → number)', { gained: [1.5] }),
  row('types', 'type_removed', 'schema-type-changed', WIDENED, 'type widened (`type` removed)', { gained: [true] }),
  row('types', 'loses_a_type', 'schema-type-changed', NARROWED, 'type narrowed (loses a type)', { lost: [1] }),
  row('types', 'number_to_integer', 'schema-type-changed', NARROWED, 'type narrowed (number → integer)', { lost: [1.5] }),
  row('types', 'type_added', 'schema-type-changed', NARROWED, 'type narrowed (`type` added)', { lost: [1] }),
  row('types', 'replaced', 'schema-type-changed', INCOMPARABLE, 'type replaced (string → object)', { lost: ['a'], gained: [{}] }),

  row('nullability', 'type_array', 'schema-nullable-changed', WIDENED, 'became nullable (`type` array with null)', { gained: [null] }),
  row('nullability', 'nullable_flag', 'schema-nullable-changed', WIDENED, 'became nullable (`nullable: true`)', { gained: [null] }),
  row('nullability', 'any_of_null', 'schema-nullable-changed', WIDENED, 'became nullable (`anyOf [X, {type: null}]`)', { gained: [null] }),
  row('nullability', 'one_of_null', 'schema-nullable-changed', WIDENED, 'became nullable (`oneOf [X, {type: null}]`)', { gained: [null] }),
  row('nullability', 'ref_or_null', 'schema-nullable-changed', WIDENED, 'became nullable (`anyOf [{$ref}, {type: null}]`)', { gained: [null] }),
  row('nullability', 'type_array_dropped', 'schema-nullable-changed', NARROWED, 'no longer nullable (`type` array)', { lost: [null] }),
  row('nullability', 'nullable_flag_dropped', 'schema-nullable-changed', NARROWED, 'no longer nullable (`nullable: true`)', { lost: [null] }),

  row('enums', 'value_added', 'schema-enum-changed', WIDENED, 'enum value added', { gained: ['c'] }),
  row('enums', 'enum_dropped', 'schema-enum-changed', WIDENED, 'enum dropped', { gained: ['z'] }),
  row('enums', 'const_dropped', 'schema-enum-changed', WIDENED, 'const dropped', { gained: ['z'] }),
  row('enums', 'value_removed', 'schema-enum-changed', NARROWED, 'enum value removed', { lost: ['c'] }),
  row('enums', 'enum_introduced', 'schema-enum-changed', NARROWED, 'enum introduced', { lost: ['z'] }),
  row('enums', 'const_introduced', 'schema-enum-changed', NARROWED, 'const introduced', { lost: ['z'] }),
  row('enums', 'values_replaced', 'schema-enum-changed', INCOMPARABLE, 'enum values replaced', { lost: ['b'], gained: ['c'] }),
  row('enums', 'const_changed', 'schema-enum-changed', INCOMPARABLE, 'const changed', { lost: ['a'], gained: ['b'] }),

  ...BOUND_ROWS,

  row('multiples', 'added', 'schema-constraint-changed', NARROWED, '`multipleOf` added', { lost: [1] }),
  row('multiples', 'coarser', 'schema-constraint-changed', NARROWED, '`multipleOf` new divisor a multiple of the old (5 → 10)', { lost: [5] }),
  row('multiples', 'decimal_coarser', 'schema-constraint-changed', NARROWED, '`multipleOf` new divisor a multiple of the old (0.1 → 0.3)', { lost: [0.1] }),
  row('multiples', 'removed', 'schema-constraint-changed', WIDENED, '`multipleOf` removed', { gained: [1] }),
  row('multiples', 'finer', 'schema-constraint-changed', WIDENED, '`multipleOf` old divisor a multiple of the new (10 → 5)', { gained: [5] }),
  row('multiples', 'decimal_finer', 'schema-constraint-changed', WIDENED, '`multipleOf` old divisor a multiple of the new (0.1 → 0.01)', { gained: [0.01] }),
  row('multiples', 'unrelated', 'schema-constraint-changed', INCOMPARABLE, '`multipleOf` changed otherwise (10 → 11)', { lost: [10], gained: [11] }),
  row('multiples', 'decimal_unrelated', 'schema-constraint-changed', INCOMPARABLE, '`multipleOf` changed otherwise (0.1 → 0.25)', { lost: [0.1], gained: [0.25] }),

  row('patterns', 'added', 'schema-pattern-changed', NARROWED, '`pattern` added', { lost: ['A'] }),
  row('patterns', 'removed', 'schema-pattern-changed', WIDENED, '`pattern` removed', { gained: ['A'] }),
  row('patterns', 'changed', 'schema-pattern-changed', UNKNOWN, '`pattern` changed and inclusion not proved'),
  row('patterns', 'widened_class', 'schema-pattern-changed', WIDENED, '`pattern` changed, the new language holds the old', { gained: ['a1'] }),
  row('patterns', 'disjoint', 'schema-pattern-changed', INCOMPARABLE, '`pattern` changed, neither language holds the other', { lost: ['a'], gained: ['1'] }),

  row('formats', 'added', 'schema-format-changed', NARROWED, '`format` added (policy `format: assert`, the default)', { lost: ['not an email'] }),
  row('formats', 'removed', 'schema-format-changed', WIDENED, '`format` removed', { gained: ['not an email'] }),
  row('formats', 'replaced', 'schema-format-changed', INCOMPARABLE, '`format` replaced (email → uri)', { lost: ['a@example.com'], gained: ['https://example.com'] }),
  row('formats', 'widened_to_idn', 'schema-format-changed', WIDENED, '`format` replaced by its extension (email → idn-email)', { gained: ['用户@例子.广告'] }),
  row('formats', 'narrowed_to_uri', 'schema-format-changed', NARROWED, '`format` replaced by a narrower one (uri-reference → uri)', { lost: ['/relative/path'] }),

  row('arrays', 'unique_added', 'schema-constraint-changed', NARROWED, '`uniqueItems` added', { lost: [['a', 'a']] }),
  row('arrays', 'unique_removed', 'schema-constraint-changed', WIDENED, '`uniqueItems` removed', { gained: [['a', 'a']] }),
  row('arrays', 'items_added[]', 'schema-type-changed', NARROWED, '`items` added', { lost: [[1]] }),
  row('arrays', 'items_narrowed[]', 'schema-type-changed', NARROWED, '`items` narrowed', { lost: [[1]] }),
  row('arrays', 'items_widened[]', 'schema-type-changed', WIDENED, '`items` widened', { gained: [[1]] }),
  row('arrays', 'contains_added', 'schema-constraint-changed', NARROWED, '`contains` added', { lost: [[]] }),
  row('arrays', 'contains_removed', 'schema-constraint-changed', WIDENED, '`contains` removed', { gained: [[]] }),

  row('open_objects', 'closed', 'schema-additional-properties-changed', NARROWED, '`additionalProperties` true → false', { lost: [{ extra: 1 }] }),
  row('open_objects', 'reopened', 'schema-additional-properties-changed', WIDENED, '`additionalProperties` false → absent', { gained: [{ extra: 1 }] }),
  // Table: additive iff S ⊆ new schema, else breaking; output the mirror (additive iff new ⊆ S).
  row('open_objects', 'extras_narrower.note', 'argument-added', NARROWED, 'new property under `additionalProperties` S, S ⊄ new', { lost: [{ note: long }] }),
  row('open_objects', 'extras_wider.count', 'argument-added', WIDENED, 'new property under `additionalProperties` S, S ⊆ new', { gained: [{ count: 1 }] }),
  row('open_objects', 'pattern_extras.n_total', 'argument-added', NARROWED, 'new property under `patternProperties` S, S ⊄ new', { lost: [{ n_total: 1.5 }] }),

  row('object_constraints', 'property_names', 'schema-constraint-changed', NARROWED, '`propertyNames` tightened', { lost: [{ abcdefghijkl: 1 }] }),
  row('object_constraints', 'property_names_removed', 'schema-constraint-changed', WIDENED, '`propertyNames` loosened', { gained: [{ [long]: 1 }] }),
  row('object_constraints', 'pattern_properties', 'schema-constraint-changed', NARROWED, '`patternProperties` tightened', { lost: [{ x_a: long }] }),
  row('object_constraints', 'dependent_required', 'schema-constraint-changed', NARROWED, '`dependentRequired` tightened', { lost: [{ a: '1', b: '2' }] }),
  row('object_constraints', 'dependent_schemas', 'schema-constraint-changed', NARROWED, '`dependentSchemas` tightened', { lost: [{ a: 1, b: 2 }] }),
  row('object_constraints', 'conditional', 'schema-constraint-changed', NARROWED, '`if-then-else` tightened', { lost: [{ kind: 'link', ref: 'r' }] }),
  row('object_constraints', 'negated', 'schema-constraint-changed', NARROWED, '`not` tightened', { lost: ['admin'] }),

  row('unions', 'any_of_added', 'schema-branch-added', WIDENED, '`anyOf` branch added', { gained: [{ handle: 'h' }] }),
  row('unions', 'any_of_removed', 'schema-branch-removed', NARROWED, '`anyOf` branch removed', { lost: [{ handle: 'h' }] }),
  row('unions', 'one_of_overlap', 'schema-branch-added', INCOMPARABLE, '`oneOf` branch added that overlaps an existing branch', {
    lost: ['aaaaaaaaaa'],
    gained: ['abcd'],
  }),
  row('unions', 'one_of_overlap_superset', 'schema-branch-added', INCOMPARABLE, '`oneOf` branch added that overlaps an existing branch (contains it)', {
    lost: ['ab'],
    gained: ['abcd'],
  }),
  row('unions', 'one_of_to_any_of', 'schema-composition-changed', WIDENED, '`oneOf` → `anyOf`', { gained: ['abcd'] }),
  row('unions', 'all_of_added', 'schema-branch-added', NARROWED, '`allOf` member added (two → three)', { lost: ['a1'] }),
  row('unions', 'all_of_second_member_added', 'schema-branch-added', NARROWED, '`allOf` member added (one → two)', { lost: ['ab'] }),
  // Local references are inlined and the members merged into one object (CLASSIFICATION.md,
  // "Normalize first"), so the added member is a required argument / output field added.
  row('unions', 'all_of_refs_added.date', 'argument-added', NARROWED, '`allOf` member added ($ref members, merged)', { lost: [{ name: 'n' }] }),

  row('annotations', 'default_added', 'schema-default-changed', DEFAULT, '`default` added'),
  row('annotations', 'default_changed', 'schema-default-changed', DEFAULT, '`default` changed'),
  row('annotations', 'deprecated_added', 'schema-deprecated-changed', ROUTING, '`deprecated: true` added'),
  row('annotations', 'title_changed', 'schema-annotation-changed', COSMETIC, '`title` changed'),
  row('annotations', 'examples_changed', 'schema-annotation-changed', COSMETIC, '`examples` changed'),
  row('annotations', 'vendor_changed', 'schema-annotation-changed', COSMETIC, '`x-*` changed'),
  row('annotations', 'media_type_changed', 'schema-producer-hint-changed', PRODUCER_HINT, '`contentMediaType` changed (guides the producer)'),
  row('annotations', 'unknown_keyword', 'schema-keyword-changed', UNKNOWN, 'a keyword the engine does not reason about changed'),

  row('satisfiability', 'min_above_max', 'schema-satisfiability-changed', UNSATISFIABLE, 'can no longer match anything (min > max)', { lost: [5] }),
  row('satisfiability', 'false_schema', 'schema-satisfiability-changed', UNSATISFIABLE, 'can no longer match anything (`false`)', { lost: ['a'] }),
  row('satisfiability', 'disjoint_all_of', 'schema-satisfiability-changed', UNSATISFIABLE, 'can no longer match anything (disjoint `allOf`)', { lost: ['a'] }),

  row('nested', 'filters.city', 'schema-bound-changed', NARROWED, '`maxLength` lowered, nested property', { lost: [{ city: long }] }),
  row('nested', 'tags[].name', 'schema-bound-changed', NARROWED, '`maxLength` lowered, inside array items', { lost: [[{ name: long }]] }),
  // A change inside a recursive definition is reported once, at its first use site.
  row('nested', 'tree.label', 'schema-bound-changed', NARROWED, '`maxLength` lowered, inside a recursive `$defs` entry', {
    lost: [{ label: long }, { label: 'root', children: [{ label: 'leaf', children: [{ label: long }] }] }],
  }),
]

type JsonChange = JsonReport['changes'][number]

interface ContractTool {
  name: string
  inputSchema: Schema
}

const server = fixture('keyword-families.js')
let json: CliRun
let text: CliRun
let changes: JsonChange[]
let recorded: Map<string, ContractTool>
let live: Map<string, ContractTool>

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-contract-keywords-'))
  const v1 = join(dir, 'mcp-contract.json')
  const v2 = join(dir, 'v2.json')
  const variant = (name: string) => ({ env: { KEYWORDS_VARIANT: name } })
  const [snapshotV1, snapshotV2] = await Promise.all([
    runCliProcess(['snapshot', '--contract', v1, '--', 'node', server], variant('v1')),
    runCliProcess(['snapshot', '--contract', v2, '--', 'node', server], variant('v2')),
  ])
  expect(snapshotV1, snapshotV1.stderr).toMatchObject({ code: 0 })
  expect(snapshotV2, snapshotV2.stderr).toMatchObject({ code: 0 })
  ;[json, text] = await Promise.all([
    runCliProcess(['check', '--format', 'json', '--contract', v1, '--', 'node', server], variant('v2')),
    runCliProcess(['check', '--contract', v1, '--', 'node', server], variant('v2')),
  ])
  changes = JSON.parse(json.stdout).changes
  const tools = async (file: string) => new Map((JSON.parse(await readFile(file, 'utf8')).tools as ContractTool[]).map((tool) => [tool.name, tool]))
  recorded = await tools(v1)
  live = await tools(v2)
})

const key = (tool: string, path: string) => `${tool} ${path}`

describe('every keyword family of the schema table, through the CLI', () => {
  test('the drifted release fails the check and every schema place was judged', () => {
    expect(json.code, json.stderr).toBe(1)
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, failOn: 'risky', notRecorded: [] })
  })

  test.each(ROWS)('$tool → $path: $row', ({ tool, path, kind, verdict }) => {
    const found = changes
      .filter((change) => change.name === tool && change.path === path)
      .map(({ kind, severity, direction, path }) => ({ kind, severity, direction, path }))
      .sort((a, b) => String(a.direction).localeCompare(String(b.direction)))
    expect(found).toEqual([
      { kind, severity: verdict.input, direction: 'input', path },
      { kind: OUTPUT_NAMES[kind] ?? kind, severity: verdict.output, direction: 'output', path },
    ])
  })

  test('one edit is one finding per direction: nothing is reported outside the rows but the one profile rule the server now breaks in what it sends', () => {
    // Why: a root property schema of `false` makes the SDK 1.x client refuse the whole tool list.
    const profiles = changes.filter((change) => change.kind === 'profile-violation-introduced')
    expect(profiles.map(({ name, profile, rule, severity }) => ({ name, profile, rule, severity }))).toEqual([
      { name: 'satisfiability', profile: 'sdk-typescript', rule: 'tool-schema-property-objects', severity: 'breaking' },
    ])
    const schemaChanges = changes.filter((change) => change.kind !== 'profile-violation-introduced')
    const expected = new Set(ROWS.map((r) => key(r.tool, r.path)))
    const unexpected = schemaChanges.filter((change) => !expected.has(key(change.name, change.path)))
    expect(unexpected).toEqual([])
    expect(schemaChanges).toHaveLength(ROWS.length * 2)
  })

  test('the text report', () => {
    expect(text.code, text.stderr).toBe(1)
    expect(scrub(text.stdout)).toMatchSnapshot()
  })
})

// Why: the values prove the test reads the table right: an input breaks exactly when a valid
// call is now rejected (lost), an output breaks exactly when readers can get a new value (gained).
describe('example values agree with each row (Ajv against both recorded schemas)', () => {
  const withValues = ROWS.filter((r) => r.lost !== undefined || r.gained !== undefined)

  test.each(withValues)('$tool → $path', ({ tool, path, verdict, lost = [], gained = [] }) => {
    const argument = path.split(/[.[]/)[0]
    const accepts = (tools: Map<string, ContractTool>, value: unknown) => ajvAccepts(tools.get(tool)!.inputSchema, { [argument]: value })
    for (const value of lost) expect([accepts(recorded, value), accepts(live, value)], `lost ${JSON.stringify(value)}`).toEqual([true, false])
    for (const value of gained) expect([accepts(recorded, value), accepts(live, value)], `gained ${JSON.stringify(value)}`).toEqual([false, true])
    if (BY_RELATION.has(verdict)) {
      expect(verdict.input === 'breaking', 'input breaks iff a value is lost').toBe(lost.length > 0)
      expect(verdict.output === 'breaking', 'output breaks iff a value is gained').toBe(gained.length > 0)
    }
  })
})
