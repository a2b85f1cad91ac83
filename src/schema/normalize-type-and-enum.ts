import { isAnnotationKeyword, KEYWORD_TYPES, sortTexts } from './keywords.js'
import { sortKeys, uniqueSorted } from './sorted-values.js'
import { valueMatches } from './value-matches.js'

const SINGLE_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'])
const ALL_TYPES = ['array', 'boolean', 'null', 'number', 'object', 'string']

/** OpenAPI `nullable: true` becomes `null` in `type` (and in `enum`, when there is one). */
export function rewriteNullable(s: Record<string, unknown>): void {
  if (!('nullable' in s) || typeof s.nullable !== 'boolean') return
  if (s.nullable) {
    if (s.type !== undefined) s.type = [...(Array.isArray(s.type) ? s.type : [s.type]), 'null']
    if (Array.isArray(s.enum)) s.enum = [...s.enum, null]
  }
  delete s.nullable
}

/** Sorts and dedupes `type`; `number` absorbs `integer`; every type at once means no `type`. False when no type is left. */
export function normalizeType(s: Record<string, unknown>): boolean {
  if (s.type === undefined || (typeof s.type === 'string' && SINGLE_TYPES.has(s.type))) return true
  const listed = (Array.isArray(s.type) ? s.type : [s.type]).filter((t): t is string => typeof t === 'string')
  const types = new Set(listed)
  if (types.has('number')) types.delete('integer')
  if (types.size === 0) return false
  if (ALL_TYPES.every((t) => types.has(t))) {
    delete s.type
    return true
  }
  const sorted = sortTexts([...types])
  s.type = sorted.length === 1 ? sorted[0] : sorted
  return true
}

/** Sorts and dedupes `enum`, keeps only values the rest of the schema accepts. False when none is left. */
export function normalizeEnum(s: Record<string, unknown>): boolean {
  if (!Array.isArray(s.enum)) {
    if (s.enum !== undefined) s.enum = sortKeys(s.enum)
    return true
  }
  let values = uniqueSorted(s.enum.map(sortKeys))
  // Why `format` may stay: the values are judged against it (numbers exactly, a string format
  // as "cannot tell", which keeps the list and the format both).
  const judgeable = !Object.keys(s).some((k) => k === '$ref' || k === '$dynamicRef' || isUnknownAssertion(k))
  const rest = { ...s, enum: undefined }
  const verdicts = values.map((v) => valueMatches(rest, v))
  if (judgeable && verdicts.every((v) => v !== undefined)) {
    // Why: with every value judged, the other assertions only filtered the list; dropping
    // them makes `{type: string, enum: [a]}` and `{enum: [a]}` the same schema.
    values = values.filter((_, i) => verdicts[i])
    for (const key of Object.keys(s)) if (key !== 'enum' && !isAnnotationKeyword(key)) delete s[key]
  } else if (s.type !== undefined) {
    const typeOnly = { type: s.type }
    values = values.filter((v) => valueMatches(typeOnly, v) !== false)
    if (values.every((v) => valueMatches(typeOnly, v) === true)) delete s.type
  }
  if (values.length === 0) return false
  if (values.length === 1 && values[0] === null && s.type === undefined) {
    delete s.enum
    s.type = 'null'
    return true
  }
  s.enum = values
  return true
}

function isUnknownAssertion(keyword: string): boolean {
  return !isAnnotationKeyword(keyword) && !KNOWN_FOR_ENUM.has(keyword)
}

const KNOWN_FOR_ENUM = new Set<string>([
  'type',
  'format',
  'enum',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  ...[...KEYWORD_TYPES.keys()].filter((k) => k !== 'unevaluatedItems' && k !== 'unevaluatedProperties'),
])
