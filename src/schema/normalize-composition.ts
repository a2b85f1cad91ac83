import { canonicalJson, compareText, isAnnotationKeyword, KEYWORD_TYPES, PRODUCER_HINT_KEYWORDS } from './keywords.js'
import { disjoint as provedDisjoint } from './satisfiability.js'
import { mergeInto, readsNeighbours } from './merge-schemas.js'
import { normalizeType } from './normalize-type-and-enum.js'
import { uniqueSorted } from './sorted-values.js'
import type { Schema } from './types.js'

/** Flattens and folds `allOf`/`anyOf`/`oneOf`; says whether the schema object changed. */
export function normalizeComposition(s: Record<string, unknown>): false | 'changed' | 'unchanged' {
  if (!Array.isArray(s.allOf) && !Array.isArray(s.anyOf) && !Array.isArray(s.oneOf)) return 'unchanged'
  const before = shallowCopy(s)
  // Why per call: a branch is keyed to dedupe it and again to sort it; its text is computed once.
  const texts = new Map<unknown, string>()
  const keyOf = (value: unknown): string => {
    let text = texts.get(value)
    if (text === undefined) texts.set(value, (text = canonicalJson(value)))
    return text
  }
  if (Array.isArray(s.allOf)) {
    const listed = allOfMembers(s.allOf as Schema[], keyOf)
    if (listed === false) return false
    // Why: a member's title that differs from the schema's own (pydantic's `{$ref, title}` read
    // through the reference) says nothing about values and would keep the member apart.
    const members = listed.map((member) => withoutClashingAnnotations(member, s))
    delete s.allOf
    const apart = membersKeptApart(s, members)
    for (const member of members) if (!apart.includes(member) && !mergeInto(s, member)) apart.push(member)
    if (apart.length > 0) s.allOf = uniqueSorted(apart, keyOf)
  }
  disjointOneOfAsAnyOf(s)
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    if (!Array.isArray(s[keyword])) continue
    let branches: Schema[] = (s[keyword] as Schema[]).filter((b) => b !== false)
    if (keyword === 'anyOf') {
      branches = liftNestedUnions(branches, s)
      if (branches.includes(true)) {
        delete s.anyOf
        continue
      }
      branches = uniqueSorted(branches, keyOf)
    }
    branches = mergeDisjointBranches(branches, keyword === 'oneOf')
    if (branches.length === 0) return false
    delete s[keyword]
    if (branches.length === 1) {
      const only = branches[0]
      if (only === true) continue
      if (!mergeInto(s, only) && !mergeInto(s, withoutClashingAnnotations(only, s))) s.allOf = uniqueSorted([...((s.allOf as Schema[]) ?? []), only], keyOf)
    } else {
      s[keyword] = sortBranches(branches, keyOf)
    }
  }
  spellNegatedBranchAsCondition(s)
  foldLoneReference(s)
  // Why: a union whose branches were only sorted, deduplicated or folded into one another
  // brought no keyword into the schema, so the passes need no second round over it (a second
  // round would key 10,000 branches again for nothing).
  return sameShallow(before, s, UNION_KEYWORDS) ? 'unchanged' : 'changed'
}

const UNION_KEYWORDS = new Set(['anyOf', 'oneOf'])

/** A `oneOf` of more branches than this is left as it is: proving it disjoint costs a check per pair. */
const MAX_DISJOINT_BRANCHES = 16

/**
 * A `oneOf` whose branches are proved pairwise disjoint becomes an `anyOf`: no value matches
 * two of them, so "exactly one" and "at least one" accept the same values.
 * Why: pydantic writes a discriminated union as a `oneOf` of its models and the same union
 * undiscriminated as an `anyOf`; the one spelling lets `Optional[Cat | Dog]` (an `anyOf` with
 * `null` around the `oneOf`) compare branch by branch with the flat `anyOf`.
 */
function disjointOneOfAsAnyOf(s: Record<string, unknown>): void {
  const branches = s.oneOf
  if (!Array.isArray(branches) || s.anyOf !== undefined || branches.length < 2 || branches.length > MAX_DISJOINT_BRANCHES) return
  for (let x = 0; x < branches.length; x++) for (let y = x + 1; y < branches.length; y++) if (provedDisjoint(branches[x] as Schema, branches[y] as Schema) !== true) return
  s.anyOf = branches
  delete s.oneOf
}

/**
 * `anyOf` branches that are themselves only an `anyOf` (annotations aside) give their branches
 * to the outer one; their producer hints (`discriminator`) move up when the schema has none, so
 * a change to them is still seen. Other annotations of the inner union say nothing about values.
 */
function liftNestedUnions(branches: Schema[], s: Record<string, unknown>): Schema[] {
  if (!branches.some(isBareUnion)) return branches
  const out: Schema[] = []
  for (const branch of branches) {
    if (!isBareUnion(branch)) {
      out.push(branch)
      continue
    }
    const inner = branch as Record<string, unknown>
    for (const key of Object.keys(inner)) if (PRODUCER_HINT_KEYWORDS.has(key) && !(key in s)) s[key] = inner[key]
    out.push(...(inner.anyOf as Schema[]))
  }
  return out
}

function isBareUnion(branch: Schema): boolean {
  return typeof branch === 'object' && Array.isArray(branch.anyOf) && Object.keys(branch).every((k) => k === 'anyOf' || isAnnotationKeyword(k))
}

/**
 * A lone union branch (or an `allOf` member) with the annotations the schema also states,
 * differently, left out.
 * Why: a description on a union and another on one of its branches (zod's `.describe()` on
 * both) say nothing about values; the schema's own annotation is the one kept.
 */
function withoutClashingAnnotations(branch: Schema, s: Record<string, unknown>): Schema {
  if (typeof branch !== 'object') return branch
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(branch)) if (!(isAnnotationKeyword(key) && key in s)) out[key] = branch[key]
  return out as Schema
}

/**
 * `anyOf: [{not: A}, B]` becomes `if: A, then: B`: both accept a value when it fails A or
 * passes B, and the condition is the one spelling the comparison judges keyword by keyword.
 */
function spellNegatedBranchAsCondition(s: Record<string, unknown>): void {
  const branches = s.anyOf
  if (!Array.isArray(branches) || branches.length !== 2 || 'if' in s || 'then' in s || 'else' in s) return
  const negated = branches.map((b) => typeof b === 'object' && b !== null && Object.keys(b).length === 1 && 'not' in b)
  if (negated[0] === negated[1]) return
  const [condition, consequence] = negated[0] ? [branches[0], branches[1]] : [branches[1], branches[0]]
  delete s.anyOf
  s.if = (condition as Record<string, unknown>).not
  s.then = consequence
}

/** The schema's keywords with each array copied, so a later edit in place shows. */
function shallowCopy(s: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(s)) out[key] = Array.isArray(s[key]) ? [...(s[key] as unknown[])] : s[key]
  return out
}

/**
 * Whether no keyword and no array member was replaced. Why by identity, not by canonical text:
 * the passes build new objects only where they change something, and the text of a
 * 10,000-branch union costs more than the passes themselves.
 */
function sameShallow(before: Record<string, unknown>, after: Record<string, unknown>, ignored: Set<string>): boolean {
  const keys = Object.keys(after)
  if (keys.length !== Object.keys(before).length) return false
  for (const key of keys) {
    if (!Object.hasOwn(before, key)) return false
    if (ignored.has(key) && Array.isArray(before[key]) && Array.isArray(after[key])) continue
    const [x, y] = [before[key], after[key]]
    if (x === y) continue
    if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length || x.some((v, i) => v !== y[i])) return false
  }
  return true
}

/**
 * `allOf` members that are only annotations join the schema's own keywords, and a lone `$ref`
 * member left over becomes the schema's `$ref`: `{$ref, description}` (pydantic),
 * `{allOf: [{$ref}]}` (zod) and `{anyOf: [{$ref}]}` are all the one spelling `{$ref, …}`.
 * Why: a reference keeps its own schema object (`readsNeighbours`), so without this the
 * wrapped spellings stay `allOf` members and compare as a different schema from the bare one.
 */
function foldLoneReference(s: Record<string, unknown>): void {
  if (!Array.isArray(s.allOf)) return
  const kept: Schema[] = []
  for (const member of s.allOf as Schema[]) {
    const annotationsOnly = typeof member === 'object' && Object.keys(member).every(isAnnotationKeyword)
    const clash = annotationsOnly && Object.keys(member).some((k) => k in s && canonicalJson(s[k]) !== canonicalJson(member[k]))
    if (annotationsOnly && !clash) Object.assign(s, member)
    else kept.push(member)
  }
  const only = kept.length === 1 ? kept[0] : undefined
  // Why annotations aside: `{allOf: [{$ref, title}]}` is the reference with a title; a title
  // the schema also states, differently, is left out (it says nothing about values).
  const loneRef = typeof only === 'object' && typeof only.$ref === 'string' && Object.keys(only).every((k) => k === '$ref' || isAnnotationKeyword(k))
  if (loneRef && !('$ref' in s) && !('$dynamicRef' in s)) {
    delete s.allOf
    for (const key of Object.keys(only)) if (!(key in s)) s[key] = only[key]
  } else if (kept.length === 0) delete s.allOf
  else s.allOf = kept
}

/**
 * The members of an `allOf`, nested `allOf`s lifted out (a member's own `allOf` too, unless a
 * `$ref` or `unevaluated*` beside it reads it), `true` dropped, deduplicated and sorted; false
 * when a member matches nothing.
 */
function allOfMembers(list: Schema[], keyOf: (value: unknown) => string): Schema[] | false {
  const members: Schema[] = []
  const lift = (member: Schema): boolean => {
    if (member === false) return false
    if (member === true) return true
    if (!Array.isArray(member.allOf) || readsNeighbours(member)) {
      members.push(member)
      return true
    }
    const { allOf: inner, ...rest } = member
    if (Object.keys(rest).length > 0) members.push(rest as Schema)
    return (inner as Schema[]).every(lift)
  }
  return list.every(lift) ? uniqueSorted(members, keyOf) : false
}

/**
 * The `allOf` members that stay members: each one that cannot merge with the schema's own
 * keywords or with some other member (two different `pattern`s, say). The others merge.
 * Why: deciding per pair, never by which member sorts first, means adding a member can only
 * move members it collides with, and those all stay members side by side; the comparison reads
 * a member merged on one side and kept on the other as the same member (`alignMergedMembers`).
 */
function membersKeptApart(own: Record<string, unknown>, members: Schema[]): Schema[] {
  const fits = (target: Schema | Record<string, unknown>, member: Schema) => typeof target === 'object' && mergeInto({ ...target }, member)
  return members.filter((member, i) => !fits(own, member) || members.some((other, j) => j !== i && !fits(other, member)))
}

/** The instance types a typed branch accepts, with `number` split so `integer` overlaps it. */
function branchTypes(branch: Record<string, unknown>): Set<string> | undefined {
  if (branch.type === undefined) return undefined
  const out = new Set<string>()
  for (const t of Array.isArray(branch.type) ? (branch.type as string[]) : [branch.type as string]) {
    if (t === 'number') out.add('integer').add('fraction')
    else out.add(t)
  }
  return out
}

const TYPED_BRANCH_KEYWORDS = new Set<string>(['type', 'format', ...[...KEYWORD_TYPES.keys()].filter((k) => !k.startsWith('unevaluated'))])

/**
 * Folds `anyOf`/`oneOf` branches that accept disjoint types into one schema with a `type`
 * list (`[{type: string}, {type: null}]` ≡ `{type: [null, string]}`), and pure `enum` branches
 * into one `enum`. In a `oneOf` only branches that cannot both match a value are folded.
 */
function mergeDisjointBranches(branches: Schema[], exclusive: boolean): Schema[] {
  const typed: Record<string, unknown>[] = []
  const enums: unknown[][] = []
  const rest: Schema[] = []
  for (const branch of branches) {
    if (typeof branch === 'boolean') rest.push(branch)
    else if (isPureEnum(branch)) enums.push(branch.type === 'null' ? [null] : (branch.enum as unknown[]))
    else if (isTypedBranch(branch)) typed.push(branch)
    else rest.push(branch)
  }
  let enumValues: unknown[] = []
  if (enums.length > 0) {
    const all = enums.flat()
    const distinct = uniqueSorted(all)
    if (exclusive && distinct.length !== all.length) enums.forEach((values) => rest.push(enumSchema(values)))
    else enumValues = distinct
  }
  if (exclusive) {
    // Why: in a oneOf only branches that share no type with any other branch can be folded
    // without changing how many branches a value matches. Counted per type, not per pair.
    const holders = new Map<string, number>()
    let untyped = 0
    for (const b of branches) {
      const types = typeof b === 'boolean' ? undefined : branchTypes(b)
      if (types === undefined) untyped++
      else for (const t of types) holders.set(t, (holders.get(t) ?? 0) + 1)
    }
    const shareType = (branch: Record<string, unknown>) => untyped > 0 || [...branchTypes(branch)!].some((t) => holders.get(t)! > 1)
    for (const branch of typed.filter(shareType)) rest.push(branch as Schema)
    typed.splice(0, typed.length, ...typed.filter((branch) => !shareType(branch)))
  }
  const groups: Record<string, unknown>[] = []
  // Why groups by type mask: ten thousand branches of one type would otherwise scan every group
  // for every branch; only groups whose types are disjoint from the branch's can take it.
  const byMask = new Map<number, number[]>()
  const masks: number[] = []
  const copied = new Set<Record<string, unknown>>()
  const ownGroup = (k: number) => {
    if (!copied.has(groups[k])) copied.add((groups[k] = { ...groups[k] }))
    return groups[k]
  }
  for (const branch of typed) {
    const mask = typeMask(branchTypes(branch)!)
    let index = -1
    for (const [groupMask, members] of byMask) {
      if ((groupMask & mask) !== 0) continue
      // Why the first fitting group: members are kept in ascending order, as a scan of all groups would meet them.
      const k = members.find((k) => !(groups[k].format !== undefined && branch.format !== undefined))
      if (k !== undefined && (index < 0 || k < index)) index = k
    }
    const place = (k: number, m: number) => {
      masks[k] = m
      const list = byMask.get(m)
      if (list === undefined) byMask.set(m, [k])
      else list.splice(sortedIndex(list, k), 0, k)
    }
    if (index < 0) {
      // Why not copied yet: an unmerged branch stays the same object, so the union reads unchanged.
      groups.push(branch)
      place(groups.length - 1, mask)
      continue
    }
    const group = ownGroup(index)
    const list = byMask.get(masks[index])!
    list.splice(list.indexOf(index), 1)
    if (list.length === 0) byMask.delete(masks[index])
    place(index, masks[index] | mask)
    // Why the group's annotations win: the folded branches become one schema, and which text
    // describes it says nothing about the values it accepts.
    for (const key of Object.keys(branch)) if (key !== 'type' && !(isAnnotationKeyword(key) && key in group)) group[key] = branch[key]
    group.type = [...(Array.isArray(group.type) ? group.type : [group.type]), ...(Array.isArray(branch.type) ? branch.type : [branch.type])]
    normalizeType(group)
  }
  if (enumValues.some((v) => v === null)) {
    // Why: `null` is the one type with a single value, so "or null" folds into a `type` list.
    // Why one host only: with two candidates the choice would follow the sort order, which an
    // annotation on a branch moves, and the same union would fold `null` into another branch.
    const hosts = groups.flatMap((g, k) => (branchTypes(g)!.has('null') ? [] : [k]))
    const hostIndex = hosts.length === 1 ? hosts[0] : -1
    if (hostIndex >= 0) {
      const host = ownGroup(hostIndex)
      host.type = [...(Array.isArray(host.type) ? host.type : [host.type]), 'null']
      normalizeType(host)
      enumValues = enumValues.filter((v) => v !== null)
    }
  }
  const out: Schema[] = [...(groups as Schema[]), ...rest]
  if (enumValues.length > 0) out.push(enumSchema(enumValues))
  return out
}

function enumSchema(values: unknown[]): Schema {
  return values.length === 1 && values[0] === null ? { type: 'null' } : ({ enum: uniqueSorted(values) } as Schema)
}

/**
 * A branch that only lists values (or is `null`), annotations aside. Why aside: a description
 * on one listed value (zod's `.describe()` on a literal) says nothing about which values pass,
 * and the folded list keeps none of the branches' annotations.
 */
function isPureEnum(branch: Record<string, unknown>): boolean {
  const keys = Object.keys(branch).filter((k) => !isAnnotationKeyword(k))
  return (keys.length === 1 && Array.isArray(branch.enum)) || (keys.length === 1 && branch.type === 'null')
}

function isTypedBranch(branch: Record<string, unknown>): boolean {
  if (branch.type === undefined) return false
  return Object.keys(branch).every((k) => TYPED_BRANCH_KEYWORDS.has(k) || isAnnotationKeyword(k))
}

function sortedIndex(list: number[], k: number): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const mid = (low + high) >> 1
    if (list[mid] < k) low = mid + 1
    else high = mid
  }
  return low
}

const TYPE_BITS = ['array', 'boolean', 'fraction', 'integer', 'null', 'object', 'string']

function typeMask(types: Set<string>): number {
  let mask = 0
  for (const t of types) mask |= 1 << (TYPE_BITS.indexOf(t) + 1)
  return mask
}

function disjoint(a: Set<string>, b: Set<string>): boolean {
  for (const t of a) if (b.has(t)) return false
  return true
}

// Why: a `oneOf` with the same branch twice rejects every value that branch accepts, so
// duplicates are sorted but kept.
function sortBranches(branches: Schema[], keyOf: (value: unknown) => string): Schema[] {
  return branches
    .map((b) => [keyOf(b), b] as const)
    .sort((x, y) => compareText(x[0], y[0]))
    .map(([, b]) => b)
}
