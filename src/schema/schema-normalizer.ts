import { dropKeywordsWithoutEffect, dropUnpairedKeywords, hasOwnKey } from './drop-keywords-without-effect.js'
import { refusesEveryObject } from './drop-implied-keywords.js'
import {
  ADDITIONAL_ITEMS,
  ADDS_KEYS,
  AT_DEFAULT,
  COMPOSITION,
  CONST,
  DEPENDENCIES,
  DEPENDENT_NAMES,
  DEPENDENT_REQUIRED,
  DROP,
  ENUM,
  ENUM_VALUES,
  EVERY_PASS,
  ITEMS,
  KEYS_REORDERED,
  KEYWORD_ROLES,
  NOT,
  NULLABLE,
  NUMBERS,
  REFERENCE,
  REQUIRED_NAMES,
  SCHEMA_ARRAY,
  SCHEMA_MAP,
  SINGLE_SCHEMA,
  TYPE,
  TYPE_SPECIFIC,
  UNPAIRED,
} from './keyword-roles.js'
import { acceptsAll, canonicalJson, isPlainObject, sortTexts } from './keywords.js'
import type { SchemaNotRecorded } from './local-refs.js'
import { normalizeComposition } from './normalize-composition.js'
import { normalizeCoverage } from './normalize-coverage.js'
import { normalizeNumbers, rewriteBooleanExclusiveBounds } from './normalize-numbers.js'
import { normalizeEnum, normalizeType, rewriteNullable } from './normalize-type-and-enum.js'
import { nfc, sortedDependentNames, sortedNames } from './property-names.js'
import { sortKeys } from './sorted-values.js'
import type { PathSegment, Schema } from './types.js'

/**
 * Why said, not kept: assigning `__proto__` replaces an object's prototype, so every step from
 * here to the snapshot would silently lose it; being told beats a contract that lies.
 */
const PROTO_NOT_RECORDED = (what: string) => `a ${what} named __proto__ cannot be recorded; changes to it are not seen`

/**
 * One canonicalization walk: copies each node with its keywords rewritten to 2020-12 spellings,
 * then runs the simplification passes the node's keywords call for, in a fixed order.
 */
export class Normalizer {
  // Why: only the resolver's output shares subtrees (an inlined definition used twice); a
  // schema read from JSON never does, and a WeakMap entry per node costs more than it saves.
  private readonly done: WeakMap<object, Schema> | undefined
  /** The data path of the schema being canonicalized, for not-recorded entries. */
  private readonly path: PathSegment[] = []
  /** Set when a `$ref`, `$dynamicRef` or `$recursiveRef` keyword was met. */
  sawReference = false
  /** How many `not`/`if` keywords enclose the schema being canonicalized. */
  private negated = 0

  constructor(
    readonly notRecorded: SchemaNotRecorded[],
    sharesSubtrees: boolean,
  ) {
    this.done = sharesSubtrees ? new WeakMap() : undefined
  }

  /** Canonicalizes one schema position at the current data path. */
  schema(value: unknown): Schema {
    if (value === true || value === false) return value
    if (!isPlainObject(value)) {
      this.notRecorded.push({ path: [...this.path], reason: `not a JSON Schema (${value === null ? 'null' : typeof value}); read as accepting anything` })
      return true
    }
    // Why not under `not`: the same definition canonicalizes differently there (`normalizeNumbers`).
    const cached = this.negated === 0 ? this.done?.get(value) : undefined
    if (cached !== undefined) return cached
    const out: Record<string, unknown> = {}
    const passes = this.rewriteKeywords(value, out)
    const result = this.simplify(out, passes)
    if (this.negated === 0) this.done?.set(value, result)
    return result
  }

  /** Canonicalizes a schema one data-path segment below the current one. */
  private below(segment: PathSegment, value: unknown): Schema {
    this.path.push(segment)
    const result = this.schema(value)
    this.path.pop()
    return result
  }

  /**
   * Copies keywords into `out` with children canonicalized and older dialect spellings
   * rewritten to 2020-12; returns the passes the copy may need.
   */
  private rewriteKeywords(node: Record<string, unknown>, out: Record<string, unknown>): number {
    let passes = 0
    // Why: walking keys in sorted order builds `out` already sorted, so most nodes skip a copy.
    const keys = sortTexts(Object.keys(node))
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k]
      const value = node[key]
      if (key === '__proto__') {
        this.notRecorded.push({ path: [...this.path], reason: PROTO_NOT_RECORDED('keyword') })
        continue
      }
      const role = KEYWORD_ROLES.get(key)
      if (role === undefined) {
        out[key] = typeof value === 'object' && value !== null ? sortKeys(value) : value
        continue
      }
      const rewrite = role.rewrite
      if (rewrite === DROP) continue
      passes |= role.passes
      if (rewrite === REFERENCE) this.sawReference = true
      if ((typeof value !== 'object' || value === null) && rewrite !== CONST && rewrite !== ADDITIONAL_ITEMS && rewrite !== ITEMS) {
        out[key] = value
        continue
      }
      switch (rewrite) {
        case ITEMS:
          if (!Array.isArray(value)) out.items = this.below('[]', value)
          else if (node.prefixItems === undefined) out.prefixItems = (value as unknown[]).map((s, i) => this.below(`[${i}]`, s))
          break
        case ADDITIONAL_ITEMS:
          // Why: draft-07 `additionalItems` only means something beside a tuple `items`.
          if (Array.isArray(node.items)) out.items = this.below('[]', value)
          break
        case SINGLE_SCHEMA:
          if (key === 'not' || key === 'if') {
            this.negated++
            out[key] = this.schema(value)
            this.negated--
          } else out[key] = this.schema(value)
          break
        case SCHEMA_ARRAY:
          if (!Array.isArray(value)) out[key] = sortKeys(value)
          else if (key === 'prefixItems') out[key] = value.map((s, i) => this.below(`[${i}]`, s))
          else out[key] = value.map((s) => this.schema(s))
          break
        case SCHEMA_MAP:
          if (isPlainObject(value)) mergeMap(out, key, this.schemaMap(value, key))
          else out[key] = sortKeys(value)
          break
        case DEPENDENCIES:
          if (!isPlainObject(value)) {
            out[key] = sortKeys(value)
            break
          }
          for (const name of Object.keys(value)) {
            const dependency = value[name]
            if (name === '__proto__') {
              this.notRecorded.push({ path: [...this.path], reason: PROTO_NOT_RECORDED('dependencies key') })
              continue
            }
            if (Array.isArray(dependency)) mergeMap(out, 'dependentRequired', { [nfc(name)]: dependency })
            else mergeMap(out, 'dependentSchemas', { [nfc(name)]: this.schema(dependency) })
          }
          break
        case DEPENDENT_REQUIRED:
          if (isPlainObject(value)) {
            if (Object.hasOwn(value, '__proto__')) this.notRecorded.push({ path: [...this.path], reason: PROTO_NOT_RECORDED(`${key} key`) })
            const entries = Object.entries(value).filter(([k]) => k !== '__proto__')
            mergeMap(out, 'dependentRequired', Object.fromEntries(entries.map(([k, v]) => [nfc(k), v])))
          }
          else out[key] = sortKeys(value)
          break
        case CONST:
          out.enum = Array.isArray(out.enum) ? [...out.enum, value] : [value]
          break
        case ENUM:
          if (Array.isArray(value)) out.enum = Array.isArray(out.enum) ? [...out.enum, ...value] : [...value]
          else out[key] = sortKeys(value)
          break
        default:
          out[key] = sortKeys(value)
      }
    }
    if (passes & ENUM_VALUES && Array.isArray(out.enum) && 'const' in node && Array.isArray(node.enum)) {
      // Why: `const` beside `enum` means both hold: keep the const only if the enum lists it.
      const constText = canonicalJson(node.const)
      out.enum = node.enum.some((e) => canonicalJson(e) === constText) ? [node.const] : []
    }
    if (passes & NUMBERS) rewriteBooleanExclusiveBounds(out)
    if (passes & NULLABLE) rewriteNullable(out)
    return passes
  }

  private schemaMap(map: Record<string, unknown>, keyword: string): Record<string, Schema> {
    const out: Record<string, Schema> = {}
    const names = keyword !== 'patternProperties'
    const dataPath = keyword === 'properties'
    const keys = sortTexts(Object.keys(map))
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k]
      const name = names ? nfc(key) : key
      if (Object.hasOwn(out, name)) {
        this.notRecorded.push({ path: [...this.path], reason: `two ${keyword} keys are the same name after Unicode normalization (${name}); the first is kept` })
        continue
      }
      if (name === '__proto__') {
        this.notRecorded.push({ path: [...this.path], reason: PROTO_NOT_RECORDED(`${keyword} key`) })
        continue
      }
      out[name] = dataPath ? this.below(name, map[key]) : this.schema(map[key])
    }
    return out
  }

  /**
   * Applies the equivalences; a second round only when folding a composition brought in new
   * keywords. `passes` says which passes the first round can skip.
   */
  private simplify(input: Record<string, unknown>, passes: number): Schema {
    // Why: `input` is the fresh copy `rewriteKeywords` made, so it is edited in place.
    const s = input
    for (let round = 0; round < 8; round++) {
      // Why: a merged composition can bring any keyword, so later rounds run every pass.
      if (round > 0) passes = EVERY_PASS
      // Why first: `additionalProperties: true` beside `unevaluatedProperties` is not a default
      // spelling (it evaluates every key), so it is read before the default spellings go.
      if (normalizeCoverage(s)) passes |= EVERY_PASS
      if (passes & TYPE && !normalizeType(s)) return false
      if (passes & ENUM_VALUES && !normalizeEnum(s)) return false
      // Why: a keyword these add (a pattern's length bounds, `not` for `then: false`) breaks the
      // sorted key order, and a `not` is read by its pass below in this same round.
      if (passes & (TYPE_SPECIFIC | AT_DEFAULT) && dropKeywordsWithoutEffect(s)) passes |= KEYS_REORDERED
      if (passes & UNPAIRED && dropUnpairedKeywords(s)) passes |= KEYS_REORDERED | NOT
      // Why: `{type: object, required: [x], properties: {x: false}}` is one more spelling of `false`.
      if (passes & REQUIRED_NAMES && s.type === 'object' && refusesEveryObject(s)) return false
      if (passes & REQUIRED_NAMES && Array.isArray(s.required)) s.required = sortedNames(s.required)
      if (passes & DEPENDENT_NAMES && isPlainObject(s.dependentRequired)) s.dependentRequired = sortedDependentNames(s.dependentRequired)
      if (passes & NUMBERS) normalizeNumbers(s, this.negated > 0)
      if (passes & NOT) {
        // Why annotations too: `not: {description}` rejects everything, as `not: {}` does.
        if (acceptsAll(s.not)) return false
        if (s.not === false) delete s.not
      }
      if (!(passes & COMPOSITION)) break
      const composed = normalizeComposition(s)
      if (composed === false) return false
      if (composed === 'unchanged') break
    }
    // Why: `s` was built in sorted key order; only a pass that added a key can have broken it.
    if (!(passes & ADDS_KEYS)) return hasOwnKey(s) ? (s as Schema) : true
    const keys = Object.keys(s)
    if (keys.length === 0) return true
    for (let k = 1; k < keys.length; k++) if (!(keys[k - 1] < keys[k])) return copyWithKeys(s, sortTexts(keys))
    return s as Schema
  }
}

function mergeMap(out: Record<string, unknown>, key: string, map: Record<string, unknown>): void {
  out[key] = isPlainObject(out[key]) ? { ...(out[key] as object), ...map } : map
}

/** A copy of `value` with its keys in the order of `keys`. */
function copyWithKeys(value: Record<string, unknown>, keys: string[]): Schema {
  const out: Record<string, unknown> = {}
  for (const key of keys) out[key] = value[key]
  return out as Schema
}
