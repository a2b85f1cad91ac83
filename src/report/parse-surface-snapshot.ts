/**
 * Reads the text `printSurfaceSnapshot` wrote back into the surface it came from, so a matcher can
 * classify drift against a stored snapshot instead of diffing text. A tool's hints and task
 * support left out of the text are the spec defaults; snapshots printed before defaults were left
 * out list every hint, and read the same. A value printed as its shape reads as a volatile value.
 */
import { MAX_CONTRACT_DEPTH } from '../contract/nesting-depth.js'
import { HINT_DEFAULTS, TASK_SUPPORT_DEFAULT } from '../surface/tool-defaults.js'
import type { Json, Surface } from '../surface/types.js'
import { readShapes } from '../surface/volatile-shapes.js'
import { NOT_RECORDED_ENTITIES, SURFACE_LISTS, TOOL_FIELD_LABELS } from './surface-serializer.js'
import {
  ANY_TYPE,
  DESCRIPTION_SEPARATOR,
  enumTypeWords,
  LineReader,
  SURFACE_HEADER,
  SurfaceSnapshotSyntaxError,
  TYPE_NAMES,
} from './surface-snapshot-syntax.js'

export { SurfaceSnapshotSyntaxError } from './surface-snapshot-syntax.js'

type JsonObject = { [key: string]: Json }

/** A line and the lines indented below it. */
interface Node {
  reader: LineReader
  children: Node[]
}

const LIST_BY_NAME = new Map<string, (typeof SURFACE_LISTS)[number]>(SURFACE_LISTS.map((list) => [list.list, list]))
const FIELD_BY_TOOL_LABEL = new Map<string, string>(Object.entries(TOOL_FIELD_LABELS).map(([field, label]) => [label, field]))

/**
 * Parses a printed surface (as stored in a `.snap` file, with or without surrounding blank lines).
 * @throws SurfaceSnapshotSyntaxError when the text is not a surface this version prints
 * @example const recorded = parseSurfaceSnapshot(storedText)
 */
export function parseSurfaceSnapshot(text: string): Surface {
  const lines = text.replace(/\r\n/g, '\n').split('\n')
  const first = lines.findIndex((line) => line.trim() !== '')
  let last = lines.length - 1
  while (last > first && lines[last].trim() === '') last -= 1
  if (first === -1 || lines[first].trim() !== `${SURFACE_HEADER} {`) {
    throw new SurfaceSnapshotSyntaxError(`not a printed MCP surface: it does not start with "${SURFACE_HEADER} {"`)
  }
  if (lines[last].trim() !== '}' || last === first) {
    throw new SurfaceSnapshotSyntaxError(`line ${last + 1}: a printed MCP surface ends with "}"`)
  }
  const roots = buildTree(lines, first + 1, last)
  // Why: a value printed as its shape (`‹date-time›`) was volatile, and is compared by that shape again.
  return readShapes(readSurface(roots) as unknown as Surface)
}

function buildTree(lines: string[], from: number, to: number): Node[] {
  const roots: Node[] = []
  const stack: Array<{ indent: number; node: Node }> = []
  for (let index = from; index < to; index += 1) {
    const line = lines[index]
    if (line.trim() === '') continue
    const indent = line.length - line.trimStart().length
    const node: Node = { reader: new LineReader(line.slice(indent), index + 1), children: [] }
    while (stack.length > 0 && stack[stack.length - 1].indent >= indent) stack.pop()
    // Why: reading the tree is recursive; a snapshot nested this deep is not one mcp-contract printed.
    if (stack.length >= MAX_CONTRACT_DEPTH) node.reader.fail(`nested more than ${MAX_CONTRACT_DEPTH} levels deep`)
    if (stack.length === 0) {
      if (roots.length > 0 && indent !== rootIndent(lines, roots)) node.reader.fail('unexpected indentation')
      roots.push(node)
    } else {
      stack[stack.length - 1].node.children.push(node)
    }
    stack.push({ indent, node })
  }
  return roots
}

function rootIndent(lines: string[], roots: Node[]): number {
  const line = lines[roots[0].reader.lineNumber - 1]
  return line.length - line.trimStart().length
}

function readSurface(nodes: Node[]): JsonObject {
  const surface: JsonObject = {}
  for (const node of nodes) {
    const { reader } = node
    const quoted = reader.startsWith('"')
    const name = reader.readName()
    if (!quoted && name === 'server' && reader.done) {
      surface.server = readFields(node.children)
    } else if (!quoted && reader.accept(' (')) {
      const count = readCount(reader)
      if (name === 'notRecorded') surface.notRecorded = node.children.map(readNotRecorded)
      else {
        const list = LIST_BY_NAME.get(name) ?? reader.fail(`unknown list "${name}"`)
        surface[name] = node.children.map((child) => readEntity(child, list.entry, list.key))
      }
      if ((surface[name] as Json[]).length !== count) reader.fail(`the header says ${count} entries, ${(surface[name] as Json[]).length} follow`)
    } else {
      surface[name] = readFieldValue(node, reader)
    }
  }
  surface.notRecorded ??= []
  return surface
}

function readCount(reader: LineReader): number {
  const count = reader.readJson()
  reader.expect(')')
  if (typeof count !== 'number' || !reader.done) reader.fail('expected "(count)"')
  return count
}

function readEntity(node: Node, entry: string, key: string): JsonObject {
  const { reader } = node
  reader.expect(`${entry} `, `"${entry} <${key}>"`)
  const entity: JsonObject = { [key]: reader.readName() }
  if (!reader.done) reader.fail('expected the end of the line')
  if (entry === 'tool') Object.assign(entity, readToolFields(node.children))
  else if (entry === 'prompt') Object.assign(entity, readPromptFields(node.children))
  else Object.assign(entity, readFields(node.children))
  return entity
}

function readToolFields(nodes: Node[]): JsonObject {
  const fields: JsonObject = {}
  for (const node of nodes) {
    const { reader } = node
    const quoted = reader.startsWith('"')
    const label = reader.readName()
    reader.expect(': ')
    const special = quoted ? undefined : FIELD_BY_TOOL_LABEL.get(label)
    if (special === 'hints') fields.hints = readKeywordTokens(reader, {})
    else if (special) fields[special] = readSchemaLine(node, reader).schema
    else fields[label] = readJsonToEnd(node, reader)
  }
  // Why: the printer leaves out what the spec defaults say (and snapshots printed before it did still list them).
  if (fields.hints === undefined || isObject(fields.hints)) fields.hints = { ...HINT_DEFAULTS, ...fields.hints }
  fields.taskSupport ??= TASK_SUPPORT_DEFAULT
  return fields
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function readPromptFields(nodes: Node[]): JsonObject {
  const fields: JsonObject = {}
  const args: JsonObject[] = []
  let sawArgumentList = false
  for (const node of nodes) {
    const { reader } = node
    const quoted = reader.startsWith('"')
    const label = reader.readName()
    if (!quoted && label === 'argument' && reader.accept(' ')) {
      const name = reader.readName()
      reader.expect(': ')
      const mark = reader.readRest()
      if (mark !== 'required' && mark !== 'optional') reader.fail('expected "required" or "optional"')
      args.push({ name, required: mark === 'required', ...readFields(node.children) })
    } else {
      reader.expect(': ')
      fields[label] = readJsonToEnd(node, reader)
      if (label === 'arguments') sawArgumentList = true
    }
  }
  if (!sawArgumentList) fields.arguments = args
  return fields
}

function readNotRecorded(node: Node): JsonObject {
  const { reader } = node
  const entity = reader.readName()
  if (!NOT_RECORDED_ENTITIES.has(entity)) reader.fail(`unknown entity "${entity}"`)
  reader.expect(' ')
  const name = reader.readName()
  reader.expect(' ')
  const path = reader.readJson()
  reader.expect(': ')
  const reason = reader.readJson()
  if (typeof path !== 'string' || typeof reason !== 'string' || !reader.done || node.children.length > 0) reader.fail('expected `entity name "path": "reason"`')
  return { entity, name, path, reason }
}

/** `name: <json>` lines. */
function readFields(nodes: Node[]): JsonObject {
  const fields: JsonObject = {}
  for (const node of nodes) {
    const label = node.reader.readName()
    node.reader.expect(': ')
    fields[label] = readJsonToEnd(node, node.reader)
  }
  return fields
}

function readFieldValue(node: Node, reader: LineReader): Json {
  reader.expect(': ')
  return readJsonToEnd(node, reader)
}

function readJsonToEnd(node: Node, reader: LineReader): Json {
  const value = reader.readJson()
  if (!reader.done) reader.fail('expected the end of the line after the value')
  if (node.children.length > 0) node.children[0].reader.fail('a field value has no lines below it')
  return value
}

/** `keyword=json, keyword=json` up to the end of the line (or the description). */
function readKeywordTokens(reader: LineReader, into: JsonObject, needsSeparator = false): JsonObject {
  while (!reader.done && !reader.startsWith(DESCRIPTION_SEPARATOR)) {
    if (needsSeparator) reader.expect(', ')
    const keyword = reader.readKeyword()
    reader.expect('=')
    into[keyword] = reader.readJson()
    needsSeparator = true
  }
  return into
}

type Requiredness = 'required' | 'optional'

/**
 * The schema printed on `node`'s line (after its label) and on the lines below it:
 * `type[, required-ness][, keyword=json…][ — "description"]`, or `true`/`false`.
 */
function readSchemaLine(node: Node, reader: LineReader, withRequiredness = false): { schema: Json; requiredness?: Requiredness } {
  const rest = () => reader.text.slice(reader.position)
  let schema: JsonObject | boolean = {}
  let needsSeparator = false
  const literal = /^(true|false)(?=$|, )/.exec(rest())
  const typeWord = /^[a-z]+(?: \| [a-z]+)*(?=$|, | — )/.exec(rest())
  if (literal) {
    reader.position += literal[0].length
    schema = literal[1] === 'true'
    needsSeparator = true
  } else if (typeWord && typeWord[0].split(' | ').every((word) => TYPE_NAMES.has(word) || word === ANY_TYPE)) {
    reader.position += typeWord[0].length
    const words = typeWord[0].split(' | ')
    if (words.length > 1) schema.type = words
    else if (words[0] !== ANY_TYPE) schema.type = words[0]
    needsSeparator = true
  }
  let requiredness: Requiredness | undefined
  if (withRequiredness) {
    if (needsSeparator) reader.expect(', ')
    const mark = /^(required|optional)(?=$|, | — )/.exec(rest())
    if (!mark) reader.fail('expected "required" or "optional"')
    reader.position += mark[0].length
    requiredness = mark[1] as Requiredness
    needsSeparator = true
  }
  if (typeof schema === 'boolean') {
    if (!reader.done) reader.fail('expected the end of the line after a boolean schema')
    if (node.children.length > 0) node.children[0].reader.fail('a boolean schema has no lines below it')
    return { schema, requiredness }
  }
  readKeywordTokens(reader, schema, needsSeparator)
  // Why: the printer shows the type words a list's values imply where the schema has no `type`.
  if (Array.isArray(schema.enum) && schema.type !== undefined && sameWords(schema.type, enumTypeWords(schema.enum))) delete schema.type
  if (reader.accept(DESCRIPTION_SEPARATOR)) {
    const description = reader.readJson()
    if (typeof description !== 'string' || !reader.done) reader.fail('expected a JSON string after " — "')
    schema.description = description
  }
  readSchemaChildren(node, schema)
  return { schema, requiredness }
}

function readSchemaChildren(node: Node, schema: JsonObject): void {
  const properties: JsonObject = {}
  const marked: string[] = []
  let hasProperties = false
  for (const child of node.children) {
    const { reader } = child
    if (reader.accept('[]: ')) {
      schema.items = readSchemaLine(child, reader).schema
    } else if (reader.accept('@')) {
      const keyword = reader.readKeyword()
      if (reader.accept('[')) {
        const index = reader.readJson()
        reader.expect(']: ')
        const list = (schema[keyword] ??= []) as Json[]
        if (!Array.isArray(list) || index !== list.length) reader.fail(`expected @${keyword}[${Array.isArray(list) ? list.length : 0}]`)
        list.push(readSchemaLine(child, reader).schema)
      } else if (reader.accept('.')) {
        const name = reader.readName()
        reader.expect(': ')
        const map = (schema[keyword] ??= {}) as JsonObject
        map[name] = readSchemaLine(child, reader).schema
      } else {
        reader.expect(': ')
        schema[keyword] = readSchemaLine(child, reader).schema
      }
    } else {
      const name = reader.readName()
      reader.expect(': ')
      hasProperties = true
      const { schema: property, requiredness } = readSchemaLine(child, reader, true)
      properties[name] = property
      if (requiredness === 'required') marked.push(name)
    }
  }
  if (hasProperties) {
    schema.properties = properties
    // Why: the printer leaves `required` out when the marks on the properties say it exactly.
    if (schema.required === undefined && marked.length > 0) schema.required = marked
  }
}

function sameWords(type: Json, words: string[] | undefined): boolean {
  const typeWords = Array.isArray(type) ? type : [type]
  return words !== undefined && typeWords.length === words.length && typeWords.every((word, index) => word === words[index])
}
