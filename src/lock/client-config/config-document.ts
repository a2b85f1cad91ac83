import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser'
import { ConfigParseError } from './client-config-error.js'

/** A 1-based line and column in a config file. */
export interface Position {
  line: number
  column: number
}

/** A parsed config file: its value, and where any value of it is written (for errors and `source.line`). */
export interface ConfigDocument {
  /** The file as shown to users (relative to the folder read). */
  file: string
  value: unknown
  /** Where the value at `path` is written; the nearest written parent when it is absent. */
  at(path: (string | number)[]): Position
}

/** How a client reads its JSON file: strict JSON, or JSON with comments and trailing commas (VS Code, Gemini CLI). */
export type JsonDialect = 'json' | 'jsonc'

// Why words of our own: jsonc-parser's printParseErrorCode gives identifiers (`CommaExpected`), not sentences.
const JSON_PROBLEMS: Record<string, string> = {
  InvalidSymbol: 'an unexpected character',
  InvalidNumberFormat: 'a malformed number',
  PropertyNameExpected: 'a property name in double quotes was expected (a trailing comma?)',
  ValueExpected: 'a value was expected (a trailing comma?)',
  ColonExpected: "':' was expected",
  CommaExpected: "',' was expected",
  CloseBraceExpected: "'}' was expected",
  CloseBracketExpected: "']' was expected",
  EndOfFileExpected: 'the file goes on after its value ends',
  InvalidCommentToken: 'a comment',
  UnexpectedEndOfComment: 'a comment that never ends',
  UnexpectedEndOfString: 'a string that never ends',
  UnexpectedEndOfNumber: 'a number that ends too early',
  InvalidUnicode: 'an invalid \\u escape',
  InvalidEscapeCharacter: 'an invalid escape character',
  InvalidCharacter: 'a control character inside a string',
}

/**
 * Parses a JSON config as its client does and keeps every value's position.
 * @throws ConfigParseError (`syntax`) at the first problem's line and column.
 * @example parseJsonConfig('.mcp.json', text, 'json', 'Claude Code')
 */
export function parseJsonConfig(file: string, text: string, dialect: JsonDialect, client: string): ConfigDocument {
  const errors: ParseError[] = []
  const lenient = dialect === 'jsonc'
  const tree = parseTree(text, errors, { disallowComments: !lenient, allowTrailingComma: lenient, allowEmptyContent: false })
  const position = positionsOf(text)
  const first = errors[0]
  if (first !== undefined || tree === undefined) {
    const where = position(first?.offset ?? 0)
    const problem = first === undefined ? 'the file is empty' : (JSON_PROBLEMS[printParseErrorCode(first.error)] ?? 'a syntax error')
    const reads = lenient ? 'JSON with comments' : 'strict JSON (no comments, no trailing commas)'
    throw new ConfigParseError('syntax', file, where, `${problem}; ${client} reads this file as ${reads}. Fix the file so ${client} can read it too.`)
  }
  return {
    file,
    value: getNodeValue(tree) as unknown,
    at(path) {
      for (let depth = path.length; depth >= 0; depth--) {
        const node: Node | undefined = findNodeAtLocation(tree, path.slice(0, depth))
        if (node !== undefined) return position(node.parent?.type === 'property' ? node.parent.offset : node.offset)
      }
      return { line: 1, column: 1 }
    },
  }
}

/**
 * Parses a TOML config (Codex's `config.toml`) with smol-toml, a maintained TOML 1.0 parser that
 * reports where it stopped. Positions of values come from the table headers (`[mcp_servers.NAME]`).
 * @throws ConfigParseError (`syntax`) at smol-toml's line and column.
 */
export async function parseTomlConfig(file: string, text: string, client: string): Promise<ConfigDocument> {
  const { parse, TomlError } = await import('smol-toml')
  let value: unknown
  try {
    value = parse(text)
  } catch (error) {
    if (!(error instanceof TomlError)) throw error
    const problem = error.message.split('\n')[0]?.replace(/^Invalid TOML document: /, '') ?? 'a syntax error'
    throw new ConfigParseError('syntax', file, { line: error.line, column: error.column }, `${problem}; ${client} reads this file as TOML. Fix the file so ${client} can read it too.`, {
      cause: error,
    })
  }
  const lines = text.split('\n')
  return {
    file,
    value,
    at(path) {
      const [table, name, ...rest] = path.map(String)
      if (table === undefined || name === undefined) return { line: 1, column: 1 }
      const header = lines.findIndex((line) => tableHeaderNames(line)?.join('\0') === [table, name].join('\0'))
      if (header < 0) return { line: 1, column: 1 }
      const key = rest[0]
      if (key !== undefined) {
        for (let index = header + 1; index < lines.length && !/^\s*\[/.test(lines[index] ?? ''); index++) {
          const match = new RegExp(`^\\s*"?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"?\\s*=`).exec(lines[index] ?? '')
          if (match) return { line: index + 1, column: 1 + (lines[index]?.search(/\S/) ?? 0) }
        }
      }
      return { line: header + 1, column: 1 }
    },
  }
}

/** The dotted names of a TOML table header line (`[mcp_servers."my server"]` → `['mcp_servers', 'my server']`), else undefined. */
function tableHeaderNames(line: string): string[] | undefined {
  const header = /^\s*\[([^[\]]+)\]\s*(#.*)?$/.exec(line)?.[1]
  if (header === undefined) return undefined
  return [...header.matchAll(/\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(?:\.|$)/g)].map((part) => part[1] ?? part[2] ?? part[3] ?? '')
}

/** Turns a character offset into a 1-based line and column. */
function positionsOf(text: string): (offset: number) => Position {
  const starts = [0]
  for (let index = 0; index < text.length; index++) if (text[index] === '\n') starts.push(index + 1)
  return (offset) => {
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if ((starts[middle] ?? 0) <= offset) low = middle
      else high = middle - 1
    }
    return { line: low + 1, column: offset - (starts[low] ?? 0) + 1 }
  }
}
