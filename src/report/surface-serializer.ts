/**
 * Prints a normalized surface as readable, deterministic text: one line per tool, prompt,
 * resource, argument and output field (type, required-ness, then constraints), and nothing a
 * parser could not read back. A tool's hints and task support are printed only where they differ
 * from the spec defaults (`destructiveHint`/`idempotentHint` not at all on a read-only tool, where
 * the specification gives them no meaning). A value the surface records as volatile prints as its
 * shape (`default="‹date-time›"`, see `volatile-shapes.ts`). `parseSurfaceSnapshot` is its inverse:
 * it restores the defaults and the volatile list. The snapshot and `show` both print with it.
 */
import { isSurface } from '../surface/is-surface.js'
import { declaredHints, HINT_DEFAULTS, TASK_SUPPORT_DEFAULT } from '../surface/tool-defaults.js'
import type { Json, Surface } from '../surface/types.js'
import { withShapes } from '../surface/volatile-shapes.js'
import {
  ANY_TYPE,
  DESCRIPTION_SEPARATOR,
  enumTypeWords,
  isSafeIntegerBound,
  printJson,
  printKeyword,
  printName,
  SCHEMA_LIST_KEYWORDS,
  SCHEMA_MAP_KEYWORDS,
  SINGLE_SCHEMA_KEYWORDS,
  SURFACE_HEADER,
  TYPE_NAMES,
} from './surface-snapshot-syntax.js'

type JsonObject = { [key: string]: Json }

/** One printed line: how deep it sits below the header, and its text. */
type Line = [depth: number, text: string]

/** The lists of a surface, in print order, with the word each entry starts with and its key field. */
export const SURFACE_LISTS = [
  { list: 'tools', entry: 'tool', key: 'name' },
  { list: 'prompts', entry: 'prompt', key: 'name' },
  { list: 'resources', entry: 'resource', key: 'uri' },
  { list: 'resourceTemplates', entry: 'resourceTemplate', key: 'uriTemplate' },
] as const

/** Words with a meaning of their own at the top level and inside a tool; a field with such a name is quoted. */
export const TOP_LEVEL_WORDS: ReadonlySet<string> = new Set(['server', 'notRecorded', ...SURFACE_LISTS.map(({ list }) => list)])
export const TOOL_FIELD_LABELS = { inputSchema: 'input', outputSchema: 'output', hints: 'hints' } as const
export const TOOL_WORDS: ReadonlySet<string> = new Set(Object.values(TOOL_FIELD_LABELS))

/** The entity words a not-recorded line may start with. */
export const NOT_RECORDED_ENTITIES: ReadonlySet<string> = new Set(['tool', 'prompt', 'resource', 'resourceTemplate', 'server'])

const HINT_NAMES: ReadonlySet<string> = new Set(Object.keys(HINT_DEFAULTS))
const FIELD_ORDER = ['name', 'title', 'description', 'instructions', 'capabilities', 'hints', 'taskSupport', 'inputSchema', 'outputSchema', 'mimeType', 'annotations']

/**
 * The surface as text. `indent` is one level of indentation, `indentation` what every line but
 * the first is prefixed with (pretty-format passes both when the surface sits inside another value).
 * @example printSurfaceSnapshot(await captureSurface(server))
 */
export function printSurfaceSnapshot(surface: Surface, indent = '  ', indentation = ''): string {
  const lines: Line[] = []
  // Why volatile values as their shape: a runner compares the text, and a clock moved is no drift.
  printSurfaceBody(withShapes(surface) as unknown as JsonObject, lines)
  const body = lines.map(([depth, text]) => `${indentation}${indent.repeat(depth + 1)}${text}`)
  return [`${SURFACE_HEADER} {`, ...body, `${indentation}}`].join('\n')
}

/**
 * The pretty-format plugin: a normalized surface anywhere in a snapshotted value prints as
 * `McpSurface { … }` instead of a wall of JSON.
 * @example expect.addSnapshotSerializer(surfaceSerializer)
 */
export const surfaceSerializer: SnapshotPlugin = {
  test: (value: unknown) => isSurface(value),
  serialize: (value: unknown, config: { indent: string }, indentation: string) => printSurfaceSnapshot(value as Surface, config.indent, indentation),
}

/** The part of a pretty-format plugin both runners call; written out so it fits Jest's and Vitest's copies alike. */
export interface SnapshotPlugin {
  test(value: unknown): boolean
  serialize(value: unknown, config: { indent: string }, indentation: string): string
}

function printSurfaceBody(surface: JsonObject, lines: Line[]): void {
  // Why without serverVersion: it is metadata, and a stored snapshot that held it would fail on every release.
  const { server, notRecorded, serverVersion: _metadata, ...rest } = surface
  if (isObject(server)) {
    lines.push([0, 'server'])
    printFields(server, 1, lines, new Set())
  } else if (server !== undefined) {
    lines.push([0, `${printName('server', TOP_LEVEL_WORDS)}: ${printJson(server)}`])
  }
  for (const { list, entry, key } of SURFACE_LISTS) {
    const entries = rest[list]
    delete rest[list]
    if (entries === undefined) continue
    if (!Array.isArray(entries) || !entries.every((item) => isObject(item) && typeof item[key] === 'string')) {
      lines.push([0, `${printName(list, TOP_LEVEL_WORDS)}: ${printJson(entries)}`])
      continue
    }
    lines.push([0, `${list} (${entries.length})`])
    for (const item of entries as JsonObject[]) printEntity(entry, key, item, lines)
  }
  printNotRecorded(notRecorded, lines)
  printFields(rest, 0, lines, TOP_LEVEL_WORDS)
}

function printEntity(entry: string, key: string, item: JsonObject, lines: Line[]): void {
  const { [key]: name, ...fields } = item
  lines.push([1, `${entry} ${printName(name as string)}`])
  if (entry === 'tool') printToolFields(fields, lines)
  else if (entry === 'prompt') printPromptFields(fields, lines)
  else printFields(fields, 2, lines, new Set())
}

function printToolFields(fields: JsonObject, lines: Line[]): void {
  for (const field of orderedKeys(fields)) {
    const value = fields[field]
    if ((field === 'inputSchema' || field === 'outputSchema') && isSchema(value)) {
      printSchema(TOOL_FIELD_LABELS[field], value, undefined, 2, lines)
    } else if (field === 'hints' && isObject(value)) {
      // Why only what differs from the spec defaults: the parser restores them, and a default printed reads as a promise the server made.
      const names = [...declaredHints(value), ...sortedKeys(value).filter((hint) => !HINT_NAMES.has(hint))]
      if (names.length > 0) lines.push([2, `hints: ${names.map((hint) => `${printKeyword(hint)}=${printJson(value[hint])}`).join(', ')}`])
    } else if (field === 'taskSupport' && value === TASK_SUPPORT_DEFAULT) {
      continue
    } else {
      lines.push([2, `${printName(field, TOOL_WORDS)}: ${printJson(value)}`])
    }
  }
}

function printPromptFields(fields: JsonObject, lines: Line[]): void {
  const { arguments: args, ...rest } = fields
  printFields(rest, 2, lines, new Set())
  if (args === undefined) return
  if (!Array.isArray(args) || !args.every((arg) => isObject(arg) && typeof arg.name === 'string' && typeof arg.required === 'boolean')) {
    lines.push([2, `arguments: ${printJson(args)}`])
    return
  }
  for (const arg of args as JsonObject[]) {
    const { name, required, ...argFields } = arg
    lines.push([2, `argument ${printName(name as string)}: ${required ? 'required' : 'optional'}`])
    printFields(argFields, 3, lines, new Set())
  }
}

function printNotRecorded(notRecorded: Json | undefined, lines: Line[]): void {
  if (Array.isArray(notRecorded) && notRecorded.length === 0) return
  const readable =
    Array.isArray(notRecorded) &&
    notRecorded.every(
      (place) =>
        isObject(place) &&
        Object.keys(place).length === 4 &&
        NOT_RECORDED_ENTITIES.has(place.entity as string) &&
        typeof place.name === 'string' &&
        typeof place.path === 'string' &&
        typeof place.reason === 'string',
    )
  if (!readable) {
    if (notRecorded !== undefined) lines.push([0, `${printName('notRecorded', TOP_LEVEL_WORDS)}: ${printJson(notRecorded)}`])
    return
  }
  lines.push([0, `notRecorded (${notRecorded.length})`])
  for (const place of notRecorded as JsonObject[]) {
    lines.push([1, `${place.entity} ${printName(place.name as string)} ${JSON.stringify(place.path)}: ${JSON.stringify(place.reason)}`])
  }
}

/** `name: <json>` per field, in a fixed order; names in `reserved` are quoted. */
function printFields(fields: JsonObject, depth: number, lines: Line[], reserved: ReadonlySet<string>): void {
  for (const field of orderedKeys(fields)) lines.push([depth, `${printName(field, reserved)}: ${printJson(fields[field])}`])
}

/**
 * One schema: `label: type, required-ness, keyword=value… — "description"`, then its
 * properties, items and sub-schemas one level deeper.
 */
function printSchema(label: string, schema: Json, requiredness: 'required' | 'optional' | undefined, depth: number, lines: Line[]): void {
  const mark = requiredness ? `, ${requiredness}` : ''
  if (typeof schema === 'boolean') {
    lines.push([depth, `${label}: ${schema}${mark}`])
    return
  }
  const rest: JsonObject = { ...(schema as JsonObject) }
  const tokens: string[] = []
  const children: Array<() => void> = []

  // Why: the safe-integer limits zod's `.int()` writes read as no bound, so none is shown (the surface keeps them for the diff).
  for (const keyword of ['minimum', 'maximum']) if (isSafeIntegerBound(rest.type, keyword, rest[keyword])) delete rest[keyword]
  const typeWord = typeWordOf(rest.type)
  if (typeWord !== undefined) {
    tokens.push(typeWord)
    delete rest.type
  } else if (rest.type === undefined) {
    // Why: normalization drops the `type` a list's values imply; `string`, not `any`, is what the schema says.
    tokens.push(Array.isArray(rest.enum) ? (enumTypeWords(rest.enum)?.join(' | ') ?? ANY_TYPE) : ANY_TYPE)
  }
  if (requiredness) tokens.push(requiredness)

  const properties = rest.properties
  if (isSchemaMap(properties)) {
    delete rest.properties
    const names = sortedKeys(properties)
    const requiredList = rest.required
    const marked = names.filter((name) => Array.isArray(requiredList) && requiredList.includes(name))
    // Why: `required` is read back from the marks on the properties; it is printed only when the marks cannot say it exactly.
    const impliedByMarks = requiredList === undefined ? marked.length === 0 : marked.length > 0 && sameList(requiredList, marked)
    if (impliedByMarks) delete rest.required
    children.push(() => {
      for (const name of names) printSchema(printName(name), properties[name], marked.includes(name) ? 'required' : 'optional', depth + 1, lines)
    })
  }

  const items = rest.items
  if (isObject(items)) {
    delete rest.items
    children.push(() => printSchema('[]', items, undefined, depth + 1, lines))
  }

  for (const keyword of sortedKeys(rest)) {
    const value = rest[keyword]
    if (SINGLE_SCHEMA_KEYWORDS.has(keyword) && isObject(value)) {
      delete rest[keyword]
      children.push(() => printSchema(`@${printKeyword(keyword)}`, value, undefined, depth + 1, lines))
    } else if (SCHEMA_LIST_KEYWORDS.has(keyword) && Array.isArray(value) && value.length > 0 && value.every(isSchema)) {
      delete rest[keyword]
      children.push(() => value.forEach((member, index) => printSchema(`@${printKeyword(keyword)}[${index}]`, member, undefined, depth + 1, lines)))
    } else if (SCHEMA_MAP_KEYWORDS.has(keyword) && isSchemaMap(value)) {
      delete rest[keyword]
      children.push(() => {
        for (const name of sortedKeys(value)) printSchema(`@${printKeyword(keyword)}.${printName(name)}`, value[name], undefined, depth + 1, lines)
      })
    }
  }

  const description = typeof rest.description === 'string' ? rest.description : undefined
  if (description !== undefined) delete rest.description
  for (const keyword of sortedKeys(rest)) tokens.push(`${printKeyword(keyword)}=${printJson(rest[keyword])}`)
  const suffix = description === undefined ? '' : `${DESCRIPTION_SEPARATOR}${JSON.stringify(description)}`
  lines.push([depth, `${label}: ${tokens.join(', ')}${suffix}`])
  for (const printChildren of children) printChildren()
}

/** `string`, `string | null`; undefined when `type` is absent or not a plain list of type names. */
function typeWordOf(type: Json | undefined): string | undefined {
  if (typeof type === 'string') return TYPE_NAMES.has(type) ? type : undefined
  if (!Array.isArray(type) || type.length < 2) return undefined
  const names = type.filter((name): name is string => typeof name === 'string' && TYPE_NAMES.has(name))
  return names.length === type.length && new Set(names).size === names.length ? names.join(' | ') : undefined
}

function orderedKeys(fields: JsonObject): string[] {
  const known = FIELD_ORDER.filter((field) => field in fields && fields[field] !== undefined)
  return [...known, ...sortedKeys(fields).filter((field) => !FIELD_ORDER.includes(field))]
}

function sortedKeys(value: JsonObject): string[] {
  return Object.keys(value)
    .filter((key) => value[key] !== undefined)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
}

function sameList(value: Json, names: string[]): boolean {
  return Array.isArray(value) && value.length === names.length && value.every((name, index) => name === names[index])
}

function isSchemaMap(value: Json | undefined): value is JsonObject {
  return isObject(value) && Object.keys(value).length > 0 && Object.values(value).every(isSchema)
}

function isSchema(value: unknown): value is JsonObject | boolean {
  return typeof value === 'boolean' || isObject(value)
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
