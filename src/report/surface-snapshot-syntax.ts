/**
 * The small grammar shared by the surface snapshot printer and its parser: how names are
 * written (bare when unambiguous, JSON-quoted otherwise), how a JSON value is found inside a
 * line, and the words the format reserves.
 */
import { SCHEMA_ARRAY_KEYWORDS, SCHEMA_MAP_KEYWORDS as SCHEMA_MAP, SINGLE_SCHEMA_KEYWORDS as SINGLE_SCHEMA } from '../schema/keywords.js'
import { stableStringify } from '../surface/stable-json.js'
import type { Json } from '../surface/types.js'

/** The first word of a printed surface. */
export const SURFACE_HEADER = 'McpSurface'

/** Separates a schema line from the description it ends with. */
export const DESCRIPTION_SEPARATOR = ' — '

/** The JSON Schema type names printed as words (`string | null`). */
export const TYPE_NAMES: ReadonlySet<string> = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'])

/** The word printed for a schema without `type`. */
export const ANY_TYPE = 'any'

/**
 * The type words the values of an `enum` imply, sorted (`["string"]`, `["integer", "null"]`);
 * undefined for an empty list. Why: normalization drops a `type` every listed value meets, so a
 * zod string enum has no `type` left; the printer shows the words the values imply (`string`,
 * not `any`) and the parser drops them again.
 * @example enumTypeWords(['c', 'f']) // ['string']
 */
export function enumTypeWords(values: readonly Json[]): string[] | undefined {
  const words = new Set(values.map(typeWordOfValue))
  if (words.has('number')) words.delete('integer')
  return words.size === 0 ? undefined : [...words].sort()
}

function typeWordOfValue(value: Json): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER

/**
 * Whether `keyword` with `value` is the exact safe-integer limit zod's `.int()` writes on a
 * schema of `type` that allows integers alone: read as no bound (the safe-integer policy in
 * docs/rules.md), so the printer shows no bound for it.
 * @example isSafeIntegerBound('integer', 'minimum', -9007199254740991) // true
 */
export function isSafeIntegerBound(type: Json | undefined, keyword: string, value: Json): boolean {
  const integerOnly = Array.isArray(type) ? type.includes('integer') && !type.includes('number') : type === 'integer'
  return integerOnly && ((keyword === 'minimum' && value === -MAX_SAFE) || (keyword === 'maximum' && value === MAX_SAFE))
}

/** Keywords whose value is one schema: an object value is printed as a child line (`@not: …`). */
export const SINGLE_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set(SINGLE_SCHEMA)

/** Keywords whose value is a list of schemas, printed as `@anyOf[0]: …` (`items` too, in its tuple form). */
export const SCHEMA_LIST_KEYWORDS: ReadonlySet<string> = new Set([...SCHEMA_ARRAY_KEYWORDS, 'items'])

/** Keywords whose value maps names to schemas, printed as `@$defs.Node: …` (`properties` prints as plain names). */
export const SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set(SCHEMA_MAP)

// Why: letters, digits and a few punctuation marks read as a name; anything else (spaces, colons,
// quotes, a leading `@` or `[`) is quoted so the parser never has to guess where a name ends.
// Why built on first use: compiling Unicode property classes costs about 4 ms of `mcp-contract/vitest`'s start-up.
let bareName: RegExp | undefined
const BARE_KEYWORD = /^[A-Za-z_$][A-Za-z0-9_$-]*$/

/** A property, field or entity name: bare when unambiguous, else a JSON string. */
export function printName(name: string, reserved: ReadonlySet<string> = NO_WORDS): string {
  bareName ??= new RegExp('^[\\p{L}\\p{N}_$][\\p{L}\\p{N}\\p{M}_$.\\-/]*$', 'u')
  return bareName.test(name) && !reserved.has(name) ? name : JSON.stringify(name)
}

/** A schema keyword as written before `=`: bare when it looks like one, else a JSON string. */
export function printKeyword(keyword: string): string {
  return BARE_KEYWORD.test(keyword) ? keyword : JSON.stringify(keyword)
}

/** A JSON value on one line, keys sorted. */
export function printJson(value: Json | undefined): string {
  return stableStringify(value)
}

const NO_WORDS: ReadonlySet<string> = new Set()

/** Reads a printed line left to right. Every `read…` method advances past what it read. */
export class LineReader {
  position = 0

  constructor(
    readonly text: string,
    readonly lineNumber: number,
  ) {}

  get done(): boolean {
    return this.position >= this.text.length
  }

  startsWith(prefix: string): boolean {
    return this.text.startsWith(prefix, this.position)
  }

  /** Consumes `prefix` if it is next. */
  accept(prefix: string): boolean {
    if (!this.startsWith(prefix)) return false
    this.position += prefix.length
    return true
  }

  expect(prefix: string, what = `"${prefix}"`): void {
    if (!this.accept(prefix)) this.fail(`expected ${what}`)
  }

  /** A bare or quoted name, up to the next `:`, space, `[`, `=` or the end. */
  readName(): string {
    if (this.startsWith('"')) return this.readJson() as string
    const match = /^[^\s:"=[]+/u.exec(this.text.slice(this.position))
    if (!match) this.fail('expected a name')
    this.position += match[0].length
    return match[0]
  }

  /** A bare or quoted keyword (letters, digits, `_`, `$`, `-`). */
  readKeyword(): string {
    if (this.startsWith('"')) return this.readJson() as string
    const match = /^[A-Za-z_$][A-Za-z0-9_$-]*/.exec(this.text.slice(this.position))
    if (!match) this.fail('expected a keyword')
    this.position += match[0].length
    return match[0]
  }

  /** One JSON value starting here; the rest of the line is left unread. */
  readJson(): Json {
    const start = this.position
    const end = jsonValueEnd(this.text, start)
    if (end === -1) this.fail('expected a JSON value')
    this.position = end
    try {
      return JSON.parse(this.text.slice(start, end)) as Json
    } catch (error) {
      this.fail(`invalid JSON (${(error as Error).message})`)
    }
  }

  readRest(): string {
    const rest = this.text.slice(this.position)
    this.position = this.text.length
    return rest
  }

  fail(what: string): never {
    throw new SurfaceSnapshotSyntaxError(`line ${this.lineNumber}, column ${this.position + 1}: ${what} in ${JSON.stringify(this.text.trim())}`)
  }
}

/** The stored text is not a surface this version can read. */
export class SurfaceSnapshotSyntaxError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SurfaceSnapshotSyntaxError'
  }
}

/** Where the JSON value starting at `start` ends (exclusive), or -1 when none starts there. */
function jsonValueEnd(text: string, start: number): number {
  const first = text[start]
  if (first === '"') return stringEnd(text, start)
  if (first === '{' || first === '[') {
    let depth = 0
    for (let index = start; index < text.length; index += 1) {
      const char = text[index]
      if (char === '"') {
        index = stringEnd(text, index) - 1
        if (index < 0) return -1
      } else if (char === '{' || char === '[') depth += 1
      else if (char === '}' || char === ']') {
        depth -= 1
        if (depth === 0) return index + 1
      }
    }
    return -1
  }
  const literal = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(start))
  return literal ? start + literal[0].length : -1
}

function stringEnd(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index += 1) {
    if (text[index] === '\\') index += 1
    else if (text[index] === '"') return index + 1
  }
  return -1
}
