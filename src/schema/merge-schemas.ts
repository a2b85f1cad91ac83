import type { Schema } from '../surface/types.js'
import { canonicalJson, isPlainObject } from './keywords.js'

/**
 * Keywords whose meaning depends on a neighbour in the same schema object: merging two
 * schemas that each hold part of a group would change what they accept.
 */
const INTERACTING_GROUPS = [
  ['additionalProperties', 'patternProperties', 'properties'],
  ['items', 'prefixItems'],
  ['contains', 'maxContains', 'minContains'],
  ['else', 'if', 'then'],
]

// Why: a reference, and `unevaluated*` (which sees every neighbour's annotations), keep their
// own schema object; merging around them is not provably the same.
const BLOCKERS = ['$ref', '$dynamicRef', 'unevaluatedItems', 'unevaluatedProperties']

/**
 * Merges `member` (an `allOf` member or a lone branch) into `target` when the result accepts
 * exactly what both accepted together; returns false, leaving `target` untouched, otherwise.
 */
export function mergeInto(target: Record<string, unknown>, member: Schema): boolean {
  if (member === true) return true
  if (member === false) return false
  for (const blocker of BLOCKERS) if (blocker in member || blocker in target) return false
  for (const group of INTERACTING_GROUPS) {
    const inTarget = group.filter((k) => k in target)
    const inMember = group.filter((k) => k in member)
    if (inTarget.length === 0 || inMember.length === 0) continue
    const onlyProperties = inTarget.length === 1 && inMember.length === 1 && inTarget[0] === 'properties' && inMember[0] === 'properties'
    if (!onlyProperties) return false
  }
  const merged: Record<string, unknown> = { ...target }
  for (const key of Object.keys(member)) {
    const mine = merged[key]
    const theirs = member[key]
    if (mine === undefined || canonicalJson(mine) === canonicalJson(theirs)) {
      merged[key] = theirs
      continue
    }
    const combined = combineKeyword(key, mine, theirs)
    if (combined === undefined) return false
    merged[key] = combined
  }
  for (const key of Object.keys(merged)) target[key] = merged[key]
  return true
}

/** The value of one keyword present in two schemas that must both hold, or undefined when it has no single spelling. */
function combineKeyword(key: string, a: unknown, b: unknown): unknown {
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v])
  switch (key) {
    case 'type': {
      const bs = list(b)
      const common = list(a).flatMap((t) => (bs.includes(t) ? [t] : t === 'number' && bs.includes('integer') ? ['integer'] : t === 'integer' && bs.includes('number') ? ['integer'] : []))
      return [...new Set(common)]
    }
    case 'required':
      return [...list(a), ...list(b)]
    case 'enum': {
      const texts = new Set(list(b).map(canonicalJson))
      return list(a).filter((v) => texts.has(canonicalJson(v)))
    }
    case 'minimum':
    case 'exclusiveMinimum':
    case 'minLength':
    case 'minItems':
    case 'minProperties':
      return typeof a === 'number' && typeof b === 'number' ? Math.max(a, b) : undefined
    case 'maximum':
    case 'exclusiveMaximum':
    case 'maxLength':
    case 'maxItems':
    case 'maxProperties':
      return typeof a === 'number' && typeof b === 'number' ? Math.min(a, b) : undefined
    case 'properties': {
      if (!isPlainObject(a) || !isPlainObject(b)) return undefined
      const out: Record<string, unknown> = { ...a }
      for (const [name, schema] of Object.entries(b)) {
        if (!(name in out) || canonicalJson(out[name]) === canonicalJson(schema)) out[name] = schema
        else return undefined
      }
      return out
    }
    default:
      return undefined
  }
}

