import { isDeepStrictEqual } from 'node:util'
import type { Json } from '../surface/types.js'
import type { McpInteraction, PactMatcher, PactRules } from './pact-model.js'
import { readPactInteraction } from './read-pact.js'

/** One place a live response differs from what a pact expects. */
export interface PactMismatch {
  /** A JSON path rooted at the response (`$.content[0].text`, `$.tools[?(@.name=='x')]`). */
  path: string
  message: string
}

/** Whether a live response satisfies an interaction, and where it does not. */
export interface PactResponseVerdict {
  ok: boolean
  mismatches: PactMismatch[]
}

/** A step in a response path; a keyed step names a list item by its name or uri. */
type Segment = string | number | { keyed: string }

/**
 * Judges one live response against a pact interaction the way the Pact MCP plugin's matching
 * semantics (v0) say: the pact's matching rules where they apply (a `type` rule checks the JSON
 * type, and holds for everything under it), exact values elsewhere; keys and array items the pact
 * does not mention are ignored; `isError` matched exactly when the pact states it (an actual one
 * absent means `false`); a JSON-RPC
 * error's code exactly, its message and data by type; list results as subsets keyed by name or uri.
 * `interaction` is one of `readPact(…).interactions`, or a V4 interaction as it stands in a pact file.
 * `actual` is the JSON-RPC result, or `{ error: { code, message, data } }` when the call failed.
 * @throws PactError for an interaction that is not an MCP one, naming `readPact`
 * @example matchPactResponse(interaction, await client.callTool(interaction.request)).ok
 */
export function matchPactResponse(given: McpInteraction | { [key: string]: unknown }, actual: unknown): PactResponseVerdict {
  // Why read here: a raw interaction keeps its rules under request/response or matchingRules, never as responseRules.
  const interaction = isRead(given) ? given : readPactInteraction(given, 'matchPactResponse')
  const mismatches: PactMismatch[] = []
  const judge = new Judge(interaction.responseRules, mismatches)
  const expected = interaction.response
  const got = (typeof actual === 'object' && actual !== null && !Array.isArray(actual) ? actual : {}) as Record<string, Json>
  const expectsError = expected.error !== undefined
  if (expectsError !== (got.error !== undefined)) {
    const code = (expected.error as Record<string, Json> | null)?.code
    mismatches.push({ path: '$', message: expectsError ? `expected a JSON-RPC error${code === undefined ? '' : ` (code ${JSON.stringify(code)})`}, got a result: ${brief(got)}` : `expected a result, got JSON-RPC error ${JSON.stringify(got.error)}` })
    return { ok: false, mismatches }
  }
  if (expectsError) {
    const error = (expected.error ?? {}) as Record<string, Json>
    const actualError = (got.error ?? {}) as Record<string, Json>
    if (error.code !== undefined) judge.compare(error.code, actualError.code, ['error', 'code'], false)
    if (error.message !== undefined) judge.compare(error.message, actualError.message, ['error', 'message'], true)
    if (error.data !== undefined) judge.compare(error.data, actualError.data, ['error', 'data'], true)
    return { ok: mismatches.length === 0, mismatches }
  }
  const list = LIST_KEYS[interaction.operation]
  if (list !== undefined) {
    const [field, key] = list
    const actualItems = Array.isArray(got[field]) ? (got[field] as Record<string, Json>[]) : []
    for (const item of Array.isArray(expected[field]) ? (expected[field] as Record<string, Json>[]) : []) {
      const at = `${field}[?(@.${key}=='${String(item[key])}')]`
      const match = actualItems.find((candidate) => candidate?.[key] === item[key])
      if (match === undefined) mismatches.push({ path: `$.${at}`, message: `${String(item[key])} is not listed` })
      else judge.compare(item, match, [{ keyed: at }], true)
    }
    return { ok: mismatches.length === 0, mismatches }
  }
  // Why only when the pact says it: Pact's own matcher ignores a key the expected response leaves
  // out, and a response exported from a consumer contract holds only what the consumer reads.
  if (interaction.operation === 'tools/call' && expected.isError !== undefined) {
    const want = expected.isError
    const have = got.isError ?? false
    if (!judge.ruled(['isError']) && want !== have) mismatches.push({ path: '$.isError', message: `expected isError ${String(want)}, got ${String(have)}` })
  }
  for (const [key, value] of Object.entries(expected)) {
    if (interaction.operation === 'tools/call' && key === 'isError' && !judge.ruled(['isError'])) continue
    judge.compare(value, got[key], [key], false)
  }
  return { ok: mismatches.length === 0, mismatches }
}

/** True for an interaction `readPact` already read (its operation and rules in one form). */
function isRead(interaction: unknown): interaction is McpInteraction {
  const candidate = interaction as Partial<McpInteraction> | null
  return typeof candidate === 'object' && candidate !== null && typeof candidate.operation === 'string' && typeof candidate.responseRules === 'object' && typeof candidate.response === 'object'
}

/** A value as JSON, cut to 200 characters. */
function brief(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 200 ? `${text.slice(0, 200)}…` : text
}

const LIST_KEYS: Partial<Record<McpInteraction['operation'], [string, string]>> = { 'tools/list': ['tools', 'name'], 'prompts/list': ['prompts', 'name'], 'resources/list': ['resources', 'uri'] }

class Judge {
  private readonly rules: { segments: (string | number)[]; matchers: PactMatcher[]; combine: string }[]

  constructor(
    rules: PactRules,
    private readonly mismatches: PactMismatch[],
  ) {
    this.rules = Object.entries(rules).map(([path, rule]) => ({ segments: parseJsonPath(path), matchers: rule.matchers ?? [], combine: rule.combine ?? 'AND' }))
  }

  /** True when a rule names exactly this path. */
  ruled(path: Segment[]): boolean {
    return this.ruleAt(path) !== undefined
  }

  /** Compares an expected value with the actual one at a path; `loose` means by type (a `type` rule above, or an MCP default). */
  compare(expected: Json, actual: Json | undefined, path: Segment[], loose: boolean): void {
    const rule = this.ruleAt(path)
    if (rule !== undefined) {
      const results = rule.matchers.map((matcher) => this.apply(matcher, expected, actual, path))
      const passed = rule.combine === 'OR' ? results.some((result) => result === undefined) : results.every((result) => result === undefined)
      if (!passed) this.fail(path, results.filter((result): result is string => result !== undefined).join('; '))
      // Why: a type rule holds for what is under it; other rules judge the value whole.
      if (passed && rule.matchers.some((matcher) => matcher.match === 'type')) this.descend(expected, actual, path, true, true)
      return
    }
    if (actual === undefined) {
      this.fail(path, `expected ${describe(expected)}, got nothing`)
      return
    }
    this.descend(expected, actual, path, loose, false)
  }

  private descend(expected: Json, actual: Json | undefined, path: Segment[], loose: boolean, eachLikeFirst: boolean): void {
    if (Array.isArray(expected)) {
      if (!Array.isArray(actual)) return this.fail(path, `expected an array, got ${describe(actual)}`)
      if (eachLikeFirst && expected.length > 0) {
        actual.forEach((item, index) => this.compare(expected[0], item, [...path, index], true))
        return
      }
      expected.forEach((item, index) => this.compare(item, actual[index], [...path, index], loose))
      return
    }
    if (typeof expected === 'object' && expected !== null) {
      if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return this.fail(path, `expected an object, got ${describe(actual)}`)
      // Why: the plugin matches an image's data by type; nobody means byte-equal base64.
      const image = expected.type === 'image'
      for (const [key, value] of Object.entries(expected)) this.compare(value, actual[key], [...path, key], loose || (image && key === 'data'))
      return
    }
    if (loose ? jsonType(expected) !== jsonType(actual) : !isDeepStrictEqual(expected, actual)) this.fail(path, loose ? `expected ${jsonType(expected)}, got ${describe(actual)}` : `expected ${describe(expected)}, got ${describe(actual)}`)
  }

  /** Applies one matcher; a message when it fails. */
  private apply(matcher: PactMatcher, expected: Json, actual: Json | undefined, path: Segment[]): string | undefined {
    if (actual === undefined) return `expected ${matcher.match === 'type' ? jsonType(expected) : describe(expected)}, got nothing`
    switch (matcher.match) {
      case 'type': {
        if (jsonType(expected) !== jsonType(actual)) return `expected ${jsonType(expected)}, got ${describe(actual)}`
        const length = Array.isArray(actual) ? actual.length : undefined
        if (length !== undefined && typeof matcher.min === 'number' && length < matcher.min) return `expected at least ${matcher.min} items, got ${length}`
        if (length !== undefined && typeof matcher.max === 'number' && length > matcher.max) return `expected at most ${matcher.max} items, got ${length}`
        return undefined
      }
      case 'equality':
        return isDeepStrictEqual(expected, actual) ? undefined : `expected ${describe(expected)}, got ${describe(actual)}`
      case 'regex':
        return typeof actual === 'string' && new RegExp(String(matcher.regex), 'u').test(actual) ? undefined : `expected a string matching /${String(matcher.regex)}/, got ${describe(actual)}`
      case 'include':
        return typeof actual === 'string' && actual.includes(String(matcher.value)) ? undefined : `expected a string including ${JSON.stringify(matcher.value)}, got ${describe(actual)}`
      case 'integer':
        return Number.isInteger(actual) ? undefined : `expected an integer, got ${describe(actual)}`
      case 'decimal':
      case 'number':
        return typeof actual === 'number' ? undefined : `expected a number, got ${describe(actual)}`
      case 'boolean':
        return typeof actual === 'boolean' ? undefined : `expected a boolean, got ${describe(actual)}`
      case 'null':
        return actual === null ? undefined : `expected null, got ${describe(actual)}`
      case 'notEmpty':
        return jsonType(expected) === jsonType(actual) && !isDeepStrictEqual(actual, '') && !isDeepStrictEqual(actual, []) && !isDeepStrictEqual(actual, {}) ? undefined : `expected a non-empty ${jsonType(expected)}, got ${describe(actual)}`
      default:
        return `the pact's "${matcher.match}" matcher at ${renderPath(path)} is not one mcp-contract applies; the response is not judged there`
    }
  }

  /** The rule for exactly this path: the most specific pattern of the same length that matches. */
  private ruleAt(path: Segment[]) {
    const flat = path.filter((segment): segment is string | number => typeof segment !== 'object')
    const candidates = this.rules.filter((rule) => rule.segments.length === flat.length && rule.segments.every((segment, index) => segment === '*' || segment === flat[index]))
    return candidates.sort((a, b) => a.segments.filter((segment) => segment === '*').length - b.segments.filter((segment) => segment === '*').length)[0]
  }

  private fail(path: Segment[], message: string): void {
    this.mismatches.push({ path: renderPath(path), message })
  }
}

/** A Pact JSON path (`$.content[0].text`, `$.items[*].price`, `$['a b']`) as segments; `*` stands for any. */
function parseJsonPath(path: string): (string | number)[] {
  const segments: (string | number)[] = []
  const pattern = /\.([^.[\]]+)|\[(\d+)\]|\[\*\]|\['((?:[^'\\]|\\.)*)'\]/gy
  pattern.lastIndex = path.startsWith('$') ? 1 : 0
  let match: RegExpExecArray | null
  while ((match = pattern.exec(path)) !== null) {
    if (match[1] !== undefined) segments.push(match[1] === '*' ? '*' : match[1])
    else if (match[2] !== undefined) segments.push(Number(match[2]))
    else if (match[3] !== undefined) segments.push(match[3].replace(/\\(.)/g, '$1'))
    else segments.push('*')
  }
  return segments
}

function renderPath(path: Segment[]): string {
  return `$${path
    .map((segment) => {
      if (typeof segment === 'object') return `.${segment.keyed}`
      if (typeof segment === 'number') return `[${segment}]`
      return /^[A-Za-z_][A-Za-z0-9_]*$/.test(segment) ? `.${segment}` : `['${segment}']`
    })
    .join('')}`
}

function jsonType(value: Json | undefined): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

function describe(value: Json | undefined): string {
  if (value === undefined) return 'nothing'
  const text = JSON.stringify(value)
  return text.length > 60 ? `${text.slice(0, 57)}…` : text
}
