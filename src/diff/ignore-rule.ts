import { renderPath } from '../surface/render-path.js'
import { didYouMean } from '../surface/did-you-mean.js'
import type { Detected } from './detected.js'
import { matchesAny } from './scope.js'

/**
 * One entry of a policy's `ignore`, read: `KIND` drops every change of that kind, `KIND:PATH`
 * only those at PATH — an entity's name (a tool, prompt, resource URI or template), or that name
 * and an argument or field path below it (`search.filters.city`), `*` standing for any run of
 * characters. A change at PATH or anywhere under it is dropped.
 */
export interface IgnoreRule {
  kind: string
  path?: string
}

/**
 * Reads an `ignore` entry. Why the first colon: kind ids never hold one, while a resource URI does.
 * @example parseIgnoreRule('argument-removed:search.filters') // { kind: 'argument-removed', path: 'search.filters' }
 */
export function parseIgnoreRule(text: string): IgnoreRule {
  const colon = text.indexOf(':')
  return colon === -1 ? { kind: text } : { kind: text.slice(0, colon), path: text.slice(colon + 1) }
}

/**
 * What is wrong with an `ignore` entry, in words that say what to write instead (the closest kind
 * ids for one that names no kind); undefined when nothing is. The config file, the matchers'
 * policy and the CLI's `--ignore` all read their entries through it.
 * @example ignoreRuleProblem('tool-remove', KIND_IDS) // '"tool-remove" is not a change kind id. Did you mean "tool-removed"?'
 */
export function ignoreRuleProblem(text: string, kindIds: readonly string[]): string | undefined {
  const { kind, path } = parseIgnoreRule(text)
  if (!kindIds.includes(kind)) return `${JSON.stringify(kind)} is not a change kind id.${didYouMean(kind, kindIds)}`
  if (path !== undefined && path.trim() === '') return `${JSON.stringify(text)} has nothing after the colon; write ${kind} alone for every change of that kind, or ${kind}:NAME for one tool, prompt or resource.`
  return undefined
}

/**
 * True when one of `rules` drops `change`. A rule naming the id a kind had before it got its own
 * (`argument-added` for an `output-field-added`, from `formerIds`: the registry's `FORMER_IDS`) still drops it.
 * Why: ids are permanent; output fields were reported as `argument-added` and
 * `argument-now-required`, and configs and CI scripts that ignore those must keep their meaning.
 * @example isIgnored({ kind: 'argument-removed', entity: 'tool', name: 'search', path: ['filters', 'city'] }, [parseIgnoreRule('argument-removed:search.filters')]) // true
 */
export function isIgnored(change: Pick<Detected, 'kind' | 'name' | 'path'>, rules: readonly IgnoreRule[], formerIds: ReadonlyMap<string, string> = new Map()): boolean {
  return rules.some((rule) => (rule.kind === change.kind || rule.kind === formerIds.get(change.kind)) && (rule.path === undefined || atOrUnder(change, rule.path)))
}

function atOrUnder(change: Pick<Detected, 'name' | 'path'>, path: string): boolean {
  const below = renderPath(change.path)
  const place = below === '' ? change.name : below.startsWith('[') ? `${change.name}${below}` : `${change.name}.${below}`
  // Why the name alone as well: a name may hold dots itself, and a rule naming the entity covers all of it.
  return matchesAny(change.name, [path]) || matchesAny(place, [path, `${path}.*`, `${path}[*`])
}
