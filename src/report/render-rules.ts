import type { Change, Direction, Relation, Severity } from '../diff/change.js'
import type { ChangeKind } from '../diff/define-kind.js'
import { resolvePolicy } from '../diff/policy.js'
import { KEYWORD_COVERAGE } from '../schema/keyword-coverage.js'
import { CUE_RULES } from '../cues/cue-rules.js'
import { CUE_EFFECT } from './describe-cues.js'

const RELATIONS: Relation[] = ['widened', 'narrowed', 'incomparable', 'unknown']
const DIRECTIONS: Direction[] = ['input', 'output']

/**
 * Renders docs/rules.md from the change-kind registry: id, purpose, severity by direction, the
 * reasons shown to users, and an example. Why: the docs cannot drift from the rules they describe.
 * @example writeFileSync('docs/rules.md', renderRules(KINDS))
 */
export function renderRules(kinds: readonly ChangeKind[]): string {
  const lines = [
    '# Change kinds',
    '',
    'Generated from `src/diff/registry.ts` by `npm run docs`; a test fails when this file is stale.',
    'Severities are judged from the side of a caller written against the recorded contract: callers',
    'send inputs (contravariant) and read outputs (covariant). "by relation" means the severity',
    'follows how the set of valid values moved: widened input additive / output breaking, narrowed',
    'input breaking / output additive, incomparable breaking both ways, unknown risky both ways.',
    '',
    'Safe-integer policy: on a schema that accepts integers alone, an inclusive `minimum` of exactly',
    '-9007199254740991 or `maximum` of exactly 9007199254740991 (what zod\'s `.int()` writes) is read as no',
    'bound. Adding or removing one is `schema-safe-integer-bound-changed`, cosmetic: listed, never failing',
    'by default, though integers past ±(2^53−1) do move. It applies to exactly those two bounds on an',
    'integer: not to a bound that only rounds to them (`exclusiveMaximum: 2^53`), not to `number`, not',
    'under `not` or as an `if` condition, and not where an overlapping `oneOf` makes the bound decide',
    'which branch a value matches; there they are bounds like any other.',
    '',
    'Annotations that guide the producer: `discriminator` (OpenAPI\'s, which pydantic writes beside a',
    '`oneOf`), `contentMediaType` and `contentEncoding` (annotations in JSON Schema 2020-12) change no',
    'valid value, since no validator applies them, but a model filling an argument or a code generator',
    'may read them. A change to one is `schema-producer-hint-changed`: routing on an input, cosmetic on an',
    'output, never risky (risky is kept for changes a validator would see). `examples` is read by no',
    'one building a value and stays `schema-annotation-changed`, cosmetic. A `oneOf` whose branches are',
    'proved disjoint accepts what their `anyOf` accepts, so a discriminated union rewritten as the plain',
    '`anyOf` of the same models is the discriminator change alone.',
    '',
    '| id | detects | severity | what users read |',
    '| --- | --- | --- | --- |',
  ]
  for (const kind of kinds) {
    const [input, output] = DIRECTIONS.map((direction) => severityIn(kind, direction))
    // Why: a kind that ignores direction can still depend on the change itself (a required vs an
    // optional new prompt argument); its reasons list every severity it can take.
    const severity = input === output && input !== 'by relation' ? Object.keys(kind.reason).join(' or ') : `input ${input} · output ${output}`
    const reasons = kindReasons(kind).join('<br>')
    const example = kind.example ? `<br>e.g. ${kind.example}` : ''
    const deprecated = kind.deprecated ? ` (deprecated${kind.replacedBy ? `, use \`${kind.replacedBy}\`` : ''})` : ''
    const formerly = kind.formerly ? ` (reported as \`${kind.formerly}\` before it had its own id; an \`ignore\` of that id still matches it)` : ''
    lines.push(`| \`${kind.id}\`${deprecated}${formerly} | ${cell(kind.purpose)}${cell(example)} | ${severity} | ${cell(reasons)} |`)
  }
  lines.push(...renderCues(), ...renderKeywordCoverage())
  return `${lines.join('\n')}\n`
}

/**
 * What a kind does to a caller at each severity it can take (per direction where that matters),
 * one line each: docs/rules.md's table and the help of SARIF's rules both print them.
 * @example kindReasons(argumentNowRequired)[0] // 'breaking (input): every call that omitted it is now rejected'
 */
export function kindReasons(kind: ChangeKind): string[] {
  return Object.entries(kind.reason).flatMap(([severity, reason]) => (typeof reason === 'string' ? [`${severity}: ${reason}`] : DIRECTIONS.map((direction) => `${severity} (${direction}): ${reason[direction]}`)))
}

/** The section on security cues: the severity rule, the wording-only mark, and every cue with its sources. */
function renderCues(): string[] {
  const lines = [
    '',
    '## Security cues',
    '',
    'Every change to a text an agent reads (tool, prompt and argument descriptions and titles, server',
    '`instructions`, argument names, enums and defaults, and the texts of an added tool, argument, prompt or',
    'resource) is read for the cues below. A cue counts only when the new text carries evidence the old text',
    'did not: the same `<IMPORTANT>` reworded, or a link to a host the server already named, adds nothing.',
    "A reference to the server's own tools, prompts and arguments is not shadowing; a link to its own site",
    '(a host its recorded texts already name, or the site named like the server: `github.com` for',
    '`github-mcp-server`) and hosts reserved for documentation (`example.com`, `*.test`, `localhost`) are',
    'not destinations.',
    '',
    'A change that introduces a cue keeps its kind and carries `cues: [{ cue, evidence }]`; its severity is',
    "at least the policy's `cueSeverity`: `risky` by default, so it fails `check` and the matchers under the",
    'default `failOn`, and `breaking` in a lock, where the reader did not write the server. A more serious',
    `change keeps its severity. What users read: "${CUE_EFFECT}". Reports list these changes, and`,
    '`hint-reversed`, first, under **security**. A changed description, title or instructions that',
    'introduces no cue keeps its severity (routing) and is marked **wording only** (`wordingOnly: true` in JSON).',
    '',
    '| cue | finds | from the public examples |',
    '| --- | --- | --- |',
  ]
  for (const rule of CUE_RULES) lines.push(`| \`${rule.id}\` | ${cell(rule.purpose)} | ${rule.sources.map((source) => `[${cell(source.title)}](${source.url})`).join('<br>')} |`)
  return lines
}

/** The section on keywords judged together with their neighbours: where exact, where unknown (risky), and why. */
function renderKeywordCoverage(): string[] {
  const lines = [
    '',
    '## Keywords judged together',
    '',
    'These keywords mean something only with the keywords beside them. Where the engine cannot prove how',
    'the valid values moved it answers unknown (risky), never additive.',
    '',
    '| keywords | exact | unknown (risky) | why |',
    '| --- | --- | --- | --- |',
  ]
  for (const row of KEYWORD_COVERAGE) lines.push(`| ${cell(row.keyword)} | ${cell(row.exact)} | ${cell(row.unknown)} | ${cell(row.why)} |`)
  return lines
}

/** What the kind's rule says in one direction, under the default policy, for every relation. */
function severityIn(kind: ChangeKind, direction: Direction): string {
  const policy = resolvePolicy()
  const seen = new Set<Severity>()
  for (const relation of RELATIONS) {
    const change: Omit<Change, 'severity'> = { kind: kind.id, entity: kind.entity, name: 'example', direction, path: [], relation }
    seen.add(kind.severity({ change, policy }))
  }
  if (seen.size > 1) return 'by relation'
  return [...seen][0]
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
}
