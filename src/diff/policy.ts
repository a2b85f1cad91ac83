import { didYouMean } from '../surface/did-you-mean.js'
import { ignoreRuleProblem } from './ignore-rule.js'
import { ERA_OPTIONS, type EraOption } from '../surface/eras.js'
import { kindOfValue } from '../surface/kind-of-value.js'
import { DEFAULT_PROFILES, profileNamesProblem } from '../lint/profile-names.js'
import { SEVERITIES, type Severity } from './change.js'
import { volatileProblem, type VolatileDeclaration } from '../surface/volatile-declaration.js'

/** How a check judges and which changes fail it. Applied after detection, never inside it. */
export interface Policy {
  /** The least serious severity that fails the check. Default `risky`. */
  failOn?: Severity
  /** Shorthand for `failOn: 'routing'`: text agents route on must not drift either. */
  strict?: boolean
  /**
   * How to read an object without `additionalProperties: false`. `default` — the schema at hand:
   * an optional argument removed from an open object is risky (calls still validate, the server
   * ignores it); `lenient` — readers also ignore extra keys (an output object opened is only
   * risky); `strict` — an open object is read as closed: an optional argument added is risky, one
   * removed is breaking.
   */
  contentModel?: 'lenient' | 'default' | 'strict'
  /** `assert` (default): `format` constrains values; `annotate`: a `format` change is only risky. */
  format?: 'assert' | 'annotate'
  /** Entity names (globs with `*`) a consumer uses; changes elsewhere are listed but never fail. */
  used?: string[]
  /**
   * The consumer's source files (paths or globs, relative to the project root): the tools, prompts
   * and resources they name in string literals are added to `used`. Read by the matchers and the
   * CLI (`--used-by`), which resolve it to `used` before the diff; the diff itself reads no files.
   */
  usedBy?: string[]
  /**
   * Changes to drop: a kind id drops every change of that kind, `KIND:PATH` only those at a
   * tool, prompt or resource name, or an argument path below it (`argument-removed:search.filters`).
   */
  ignore?: string[]
  /**
   * Client-acceptance profiles (docs/profiles.md) whose rules an entity must not start breaking;
   * default `['mcp-2025-11-25', 'sdk-typescript']`, `[]` turns the check off.
   */
  profiles?: string[]
  /**
   * The protocol era(s) the live server is read in: `auto` (default: `initialize`, and
   * `server/discover` only when refused), `legacy`, `2026-07-28`, or `both` (each recorded,
   * differences reported). Read by capture, not by the comparison.
   */
  era?: EraOption
  /**
   * Values the server changes by itself, compared by their shape rather than their value, as a
   * snapshot's property matchers do: paths (`tools.search.inputSchema.properties.since.default`,
   * `server.instructions`, `resources["file:///s/{uuid}.json"].uri`) or `{ path, format?, pattern? }`.
   * Added to what the contract records as volatile.
   */
  volatile?: VolatileDeclaration[]
  /**
   * How far a release may grow what the tool list costs an agent in tokens (see `show --tokens`)
   * before the check reports `server-token-budget-exceeded`: `growth` as a fraction of the recorded
   * count (`0.2`: 20% more), `max` as a total; either or both. Absent (default): tokens are not counted.
   */
  tokenBudget?: TokenBudget
  /**
   * The severity of a change whose new text introduces a security cue (an instruction to the
   * model, concealment, a new destination, …; see docs/rules.md): `risky` (default), which fails a
   * check under the default `failOn`, or `breaking`, as a lock over servers the reader did not write
   * judges it. A change already more serious keeps its severity.
   */
  cueSeverity?: 'risky' | 'breaking'
}

/** The most a release may grow the tool list's token count: by a fraction, to a total, or both. */
export interface TokenBudget {
  /** The growth allowed over the recorded count, as a fraction: `0.2` is 20% more. */
  growth?: number
  /** The most tokens the tool list may cost in total. */
  max?: number
}

/** A policy with every default filled in. */
export interface ResolvedPolicy {
  failOn: Severity
  contentModel: 'lenient' | 'default' | 'strict'
  format: 'assert' | 'annotate'
  used?: string[]
  ignore: string[]
  profiles: readonly string[]
  tokenBudget?: TokenBudget
  volatile: readonly VolatileDeclaration[]
  cueSeverity: 'risky' | 'breaking'
}

/** Fills in the defaults: `failOn: 'risky'`, `strict` ⇒ `failOn: 'routing'`. */
export function resolvePolicy(policy: Policy = {}): ResolvedPolicy {
  return {
    failOn: policy.failOn ?? (policy.strict ? 'routing' : 'risky'),
    contentModel: policy.contentModel ?? 'default',
    format: policy.format ?? 'assert',
    used: policy.used,
    ignore: policy.ignore ?? [],
    profiles: policy.profiles ?? DEFAULT_PROFILES,
    ...(policy.tokenBudget === undefined ? {} : { tokenBudget: policy.tokenBudget }),
    volatile: policy.volatile ?? [],
    cueSeverity: policy.cueSeverity ?? 'risky',
  }
}

const CONTENT_MODELS = ['lenient', 'default', 'strict'] as const
const FORMAT_MODES = ['assert', 'annotate'] as const
const CUE_SEVERITIES = ['risky', 'breaking'] as const
const OPTIONS = ['failOn', 'strict', 'contentModel', 'format', 'used', 'usedBy', 'ignore', 'profiles', 'era', 'tokenBudget', 'volatile', 'cueSeverity'] as const

/**
 * What is wrong with a policy a user wrote, in words that say what to write instead; undefined
 * when nothing is. Why checked: an option spelled wrong, or a kind id that names no kind, would
 * otherwise change nothing without a word, and the check would pass for the wrong reason.
 * `kindIds` (the registry's) turns on the check of `ignore`.
 * @example policyProblem({ failon: 'breaking' }) // 'unknown policy option "failon"; the options are failOn, …'
 */
export function policyProblem(policy: unknown, kindIds?: readonly string[]): string | undefined {
  if (policy === undefined) return undefined
  if (typeof policy !== 'object' || policy === null || Array.isArray(policy)) return `The policy must be an object such as { failOn: 'breaking' }; got ${kindOfValue(policy)}.`
  const given = policy as Record<string, unknown>
  const unknown = Object.keys(given).find((key) => !(OPTIONS as readonly string[]).includes(key))
  if (unknown !== undefined) return `Unknown policy option ${JSON.stringify(unknown)}.${didYouMean(unknown, OPTIONS)} The options are ${OPTIONS.join(', ')}.`
  const { failOn, strict, contentModel, format, used, usedBy, ignore, profiles, era, tokenBudget, volatile, cueSeverity } = given
  if (failOn !== undefined && !SEVERITIES.includes(failOn as Severity)) return `failOn must be one of ${quoted(SEVERITIES)}; got ${JSON.stringify(failOn)}.`
  if (strict !== undefined && typeof strict !== 'boolean') return `strict must be true or false; got ${JSON.stringify(strict)}.`
  if (contentModel !== undefined && !(CONTENT_MODELS as readonly unknown[]).includes(contentModel)) return `contentModel must be one of ${quoted(CONTENT_MODELS)}; got ${JSON.stringify(contentModel)}.`
  if (cueSeverity !== undefined && !(CUE_SEVERITIES as readonly unknown[]).includes(cueSeverity)) return `cueSeverity must be one of ${quoted(CUE_SEVERITIES)} (the severity of a change that introduces a security cue); got ${JSON.stringify(cueSeverity)}.`
  if (format !== undefined && !(FORMAT_MODES as readonly unknown[]).includes(format)) return `format must be one of ${quoted(FORMAT_MODES)}; got ${JSON.stringify(format)}.`
  if (used !== undefined && !isStringList(used)) return `used must be a list of tool, prompt or resource names (globs with *), such as ['search_*']; got ${JSON.stringify(used)}.`
  if (usedBy !== undefined && (!isStringList(usedBy) || usedBy.length === 0 || usedBy.some((pattern) => pattern.trim() === ''))) return `usedBy must be a non-empty list of the consumer's source files or globs, relative to the project root, such as ['src/agent/**/*.ts']; got ${JSON.stringify(usedBy)}.`
  if (ignore !== undefined && !isStringList(ignore)) return `ignore must be a list of change kind ids (KIND, or KIND:PATH for one tool or argument), such as ['tool-description-changed']; got ${JSON.stringify(ignore)}.`
  if (profiles !== undefined) {
    const problem = profileNamesProblem(profiles)
    if (problem !== undefined) return problem
  }
  if (era !== undefined && !(ERA_OPTIONS as readonly unknown[]).includes(era)) return `era must be one of ${quoted(ERA_OPTIONS)}; got ${JSON.stringify(era)}.`
  if (tokenBudget !== undefined) {
    const problem = tokenBudgetProblem(tokenBudget)
    if (problem !== undefined) return problem
  }
  if (volatile !== undefined) {
    const problem = volatileProblem(volatile)
    if (problem !== undefined) return problem
  }
  const strange = kindIds && (ignore as string[] | undefined)?.map((entry) => ignoreRuleProblem(entry, kindIds)).find((problem) => problem !== undefined)
  if (strange) return `ignore: ${strange} KINDS from 'mcp-contract' lists every kind.`
  return undefined
}

/** What is wrong with a token budget; undefined when nothing is. */
function tokenBudgetProblem(budget: unknown): string | undefined {
  const example = 'such as { growth: 0.2 } (20% more than recorded) or { max: 8000 } (tokens in all)'
  if (typeof budget !== 'object' || budget === null || Array.isArray(budget)) return `tokenBudget must be an object ${example}; got ${JSON.stringify(budget)}.`
  const { growth, max, ...rest } = budget as Record<string, unknown>
  const unknown = Object.keys(rest)[0]
  if (unknown !== undefined) return `tokenBudget has an unknown key ${JSON.stringify(unknown)}.${didYouMean(unknown, ['growth', 'max'])} Its keys are growth and max.`
  if (growth === undefined && max === undefined) return `tokenBudget must set growth, max or both, ${example}.`
  if (growth !== undefined && !(typeof growth === 'number' && Number.isFinite(growth) && growth >= 0)) return `tokenBudget.growth must be a fraction of the recorded count, 0 or more (0.2 allows 20% more); got ${JSON.stringify(growth)}.`
  if (max !== undefined && !(typeof max === 'number' && Number.isSafeInteger(max) && max > 0)) return `tokenBudget.max must be a whole number of tokens above 0, such as 8000; got ${JSON.stringify(max)}.`
  return undefined
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}

function quoted(values: readonly string[]): string {
  return values.map((value) => `'${value}'`).join(', ')
}
