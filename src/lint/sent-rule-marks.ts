import { createHash } from 'node:crypto'
import type { RawSurface } from '../surface/types.js'
import { cleanEntries, isEnforced } from './enforced-rules.js'
import { lintSubjects } from './lint-subjects.js'
import { MODEL_PROFILES } from './profile-registry.js'
import type { LintEntity, LintSubject, ProfileRule } from './profile-rule.js'

/**
 * The rules a mark speaks for: every enforced rule of a profile a `vouched` digest does not vouch
 * for (the model APIs'). Why these: a vouched entry breaks no enforced MCP rule (`cleanEntries`),
 * but it may break a model API's, and a contract file cannot show every such break: normalization
 * writes `const` as a one-value `enum`, an integer's `exclusiveMinimum` as `minimum`, drops `$schema`.
 */
function markedRules(): { key: string; code: string; entity: LintEntity; rule: ProfileRule }[] {
  return MODEL_PROFILES.flatMap((profile) => profile.rules.filter(isEnforced).map((rule) => ({ key: ruleKey(profile.name, rule.id), code: ruleCode(profile.name, rule.id), entity: rule.entity, rule })))
}

let marked: { rules: ReturnType<typeof markedRules>; fingerprint: string; entities: Set<LintEntity> } | undefined

/** The marked rules, and the fingerprint of their set: a mark made under another set is not read. */
function markedSet(): NonNullable<typeof marked> {
  if (marked !== undefined) return marked
  const rules = markedRules()
  const fingerprint = shortHash(rules.map(({ key }) => key).sort().join('\n'), 6)
  return (marked = { rules, fingerprint, entities: new Set(rules.map(({ entity }) => entity)) })
}

function ruleKey(profile: string, rule: string): string {
  return `${profile}/${rule}`
}

function shortHash(text: string, length: number): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, length)
}

/** The code a mark holds for one rule. */
function ruleCode(profile: string, rule: string): string {
  return shortHash(ruleKey(profile, rule), 4)
}

/**
 * What a `vouched` digest records beside an entry of `raw`: which marked rules it breaks as sent,
 * as the rule set's fingerprint, `~`, and a four-character code per rule broken. `undefined` for an
 * entity no marked rule reads (prompts, resources). A check reads it back with {@link brokenWhenSent}
 * to tell a rule an existing entry starts breaking from one it broke when the file was written.
 * @example sentRuleMark(rawTool) // 'Xy12Ab~k3Qz' (breaks one rule), 'Xy12Ab~' (none)
 */
export function sentRuleMark(entry: object, entity: LintEntity, name: string): string | undefined {
  const { rules, fingerprint, entities } = markedSet()
  if (!entities.has(entity)) return undefined
  const subject: LintSubject = { entity, name, fields: entry as Record<string, unknown>, fromContract: false }
  const codes = rules.filter((marked) => marked.entity === entity && marked.rule.check(subject).length > 0).map(({ code }) => code)
  return `${fingerprint}~${[...new Set(codes)].sort().join('')}`
}

/**
 * The rules an entry broke as sent when its contract file was written, as a test by profile and
 * rule: `undefined` for a rule no mark speaks for (a host's), and the whole test `undefined` when
 * the mark is absent or made under another rule set (then it is not known).
 * @example brokenWhenSent(verified.sentMark)?.('gemini', 'tool-parameters-unsupported-keywords') // false
 */
export function brokenWhenSent(mark: string | undefined): ((profile: string, rule: string) => boolean | undefined) | undefined {
  if (mark === undefined) return undefined
  const { fingerprint, rules } = markedSet()
  const [madeUnder, codes] = mark.split('~')
  if (madeUnder !== fingerprint || codes === undefined) return undefined
  const broken = new Set(codes.match(/.{4}/g) ?? [])
  const marked = new Set(rules.map(({ code }) => code))
  return (profile, rule) => {
    const code = ruleCode(profile, rule)
    return marked.has(code) ? broken.has(code) : undefined
  }
}

/**
 * What a contract file written from `raw` vouches for: the entries no enforced MCP rule faults
 * (`cleanEntries`), each digested with its mark of the model APIs' rules it breaks as sent. Why one
 * function: `snapshot` and `toHonorContract` must vouch for the same entries in the same words.
 * @example await writeContract(file, surface, vouchingOf(raw))
 */
export function vouchingOf(raw: RawSurface): { raw: RawSurface; eligible: Set<object>; sentMarks: ReadonlyMap<object, string> } {
  const eligible = cleanEntries(raw)
  const sentMarks = new Map<object, string>()
  for (const subject of lintSubjects({ raw })) {
    if (!eligible.has(subject.fields)) continue
    const mark = sentRuleMark(subject.fields, subject.entity, subject.name)
    if (mark !== undefined) sentMarks.set(subject.fields, mark)
  }
  return { raw, eligible, sentMarks }
}
