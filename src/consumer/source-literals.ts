import { readFile } from 'node:fs/promises'
import { relative } from 'node:path'
import type { ParserPlugin } from '@babel/parser'

// Why loaded on use: the parser is 2 MB of CommonJS and tinyglobby a few modules more; only
// --used-by reads source files, and every other command would pay for them at start-up. The
// parser is also an optional peer, installed only by projects that scan a consumer's source.
let babel: typeof import('@babel/parser') | undefined
const parser = (): typeof import('@babel/parser') => {
  if (babel === undefined) throw new Error('loadParser() first')
  return babel
}

/**
 * Loads `@babel/parser`, once; literalsIn needs it loaded.
 * @throws ConsumerSourceError naming the package to install when it is missing
 */
export async function loadParser(): Promise<void> {
  try {
    babel ??= (await import('@babel/parser')) as typeof import('@babel/parser')
  } catch (cause) {
    throw new ConsumerSourceError('--used-by reads the consumer\'s source with @babel/parser, which is not installed. Install it (npm i -D @babel/parser), or list the names the consumer uses with --used instead.', { cause })
  }
}

/** One string literal in a consumer's source: its text and where it stands. */
export interface SourceLiteral {
  value: string
  /** The file, relative to the directory the patterns were resolved from. */
  file: string
  line: number
}

/** The source files a consumer scan reads. */
export const SOURCE_EXTENSIONS = ['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs'] as const

/** A consumer source that could not be found or read; the message says what to pass instead. */
export class ConsumerSourceError extends Error {
  override name = 'ConsumerSourceError'
}

/**
 * Reads every file the patterns (paths or globs, relative to `cwd`) name, parses it as TypeScript
 * with JSX, and returns its string literals (plain ones and template literals without `${}`).
 * @throws ConsumerSourceError when a pattern matches no source file or a file does not parse
 * @example await sourceLiterals(['src/agent/**'], process.cwd()) // [{ value: 'search_products', file: 'src/agent/run.ts', line: 12 }, …]
 */
export async function sourceLiterals(patterns: readonly string[], cwd: string): Promise<SourceLiteral[]> {
  const literals: SourceLiteral[] = []
  await loadParser()
  for (const file of await sourceFiles(patterns, cwd)) {
    const text = await readFile(file, 'utf8')
    const shown = relative(cwd, file) || file
    for (const { value, line } of literalsIn(text, shown)) literals.push({ value, file: shown, line })
  }
  return literals
}

async function sourceFiles(patterns: readonly string[], cwd: string): Promise<string[]> {
  const files = new Set<string>()
  for (const pattern of patterns) {
    // Why: a folder means every source file beneath it, the way people name a package's source.
    const found = await (await import('tinyglobby')).glob([pattern, `${pattern.replace(/\/+$/, '')}/**/*.{${SOURCE_EXTENSIONS.join(',')}}`], { cwd, absolute: true, ignore: ['**/node_modules/**'] })
    const sources = found.filter((file) => SOURCE_EXTENSIONS.some((extension) => file.endsWith(`.${extension}`)))
    if (sources.length === 0) {
      throw new ConsumerSourceError(`--used-by ${JSON.stringify(pattern)} names no source file (${SOURCE_EXTENSIONS.map((extension) => `.${extension}`).join(', ')}) under ${cwd}; pass a file, a folder or a glob such as 'src/**/*.ts'.`)
    }
    for (const file of sources) files.add(file)
  }
  return [...files].sort()
}

/**
 * The string literals of one source text, in order.
 * @throws ConsumerSourceError when the text does not parse as TypeScript/JSX (nor as JavaScript with JSX)
 */
export function literalsIn(text: string, file: string): { value: string; line: number }[] {
  const found: { value: string; line: number }[] = []
  walk(parseSource(text, file), (node) => {
    if (node.type === 'StringLiteral' && typeof node.value === 'string') found.push({ value: node.value, line: lineOf(node) })
    if (node.type === 'TemplateLiteral' && Array.isArray(node.expressions) && node.expressions.length === 0) {
      const cooked = (node.quasis as { value: { cooked?: string } }[])[0]?.value.cooked
      if (cooked !== undefined) found.push({ value: cooked, line: lineOf(node) })
    }
  })
  return found
}

type AstNode = { type: string; loc?: { start: { line: number } }; [key: string]: unknown }

function parseSource(text: string, file: string): AstNode {
  // Why two tries: `<T>x` casts are TypeScript without JSX, and `.js` files may hold Flow-free JSX.
  const attempts: ParserPlugin[][] = /\.(c|m)?tsx?$/.test(file) && !file.endsWith('.tsx') ? [['typescript'], ['typescript', 'jsx']] : [['typescript', 'jsx'], ['jsx']]
  let firstError: Error | undefined
  for (const plugins of attempts) {
    try {
      return parser().parse(text, { sourceType: 'unambiguous', plugins, errorRecovery: false, allowReturnOutsideFunction: true }).program as unknown as AstNode
    } catch (error) {
      firstError ??= error as Error
    }
  }
  throw new ConsumerSourceError(`${file} does not parse as TypeScript or JavaScript: ${firstError?.message}. Pass only the consumer's source files to --used-by.`)
}

function walk(node: AstNode, visit: (node: AstNode) => void): void {
  visit(node)
  for (const [key, child] of Object.entries(node)) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue
    if (Array.isArray(child)) {
      for (const item of child) if (isNode(item)) walk(item, visit)
    } else if (isNode(child)) walk(child, visit)
  }
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
}

function lineOf(node: AstNode): number {
  return node.loc?.start.line ?? 0
}
