/** What variables expand from: the environment, the project folder, the user's home, files. */
export interface ExpansionScope {
  env: Record<string, string | undefined>
  /** `${workspaceFolder}`: the folder read. */
  workspaceFolder: string
  userHome: string
  pathSeparator: string
  /** A file's text (Windsurf `${file:PATH}`), undefined when it cannot be read. */
  readFile(path: string): string | undefined
}

/** One reference resolved: its value, or what must be supplied first (`GITHUB_TOKEN`, `input:pat`, `file:PATH`). */
export type Resolved = { value: string } | { need: string }

/**
 * The variable references one client expands, as its documentation states them: a pattern for one
 * reference and how a match resolves. A match that resolves to `undefined` stays as written.
 */
export interface VariableSyntax {
  /** The documented forms, in words, for messages (`${VAR}, ${VAR:-default}`). */
  forms: string
  /** How the client's documentation writes a reference to an environment variable, for advice. */
  envReference(name: string): string
  pattern: RegExp
  resolve(match: RegExpMatchArray, scope: ExpansionScope): Resolved | undefined
}

/** A value with its references expanded, what it still needs, and whether it referenced anything. */
export interface Expanded {
  value: string
  needs: string[]
  referenced: boolean
}

/**
 * Expands every reference in `text` by `syntax`; an unset variable without a default becomes a need
 * (and expands to nothing, so the value is never used while `needs` is not empty).
 * @example expand('Bearer ${API_KEY}', CLAUDE_CODE_VARIABLES, scope) // { value: 'Bearer …', needs: [], referenced: true }
 */
export function expand(text: string, syntax: VariableSyntax | undefined, scope: ExpansionScope): Expanded {
  if (syntax === undefined) return { value: text, needs: [], referenced: false }
  const needs: string[] = []
  let referenced = false
  let value = ''
  let written = 0
  for (const match of text.matchAll(new RegExp(syntax.pattern.source, 'g'))) {
    const resolved = syntax.resolve(match, scope)
    if (resolved === undefined) continue
    referenced = true
    value += text.slice(written, match.index)
    written = match.index + match[0].length
    if ('value' in resolved) value += resolved.value
    else if (!needs.includes(resolved.need)) needs.push(resolved.need)
  }
  value += text.slice(written)
  return { value, needs, referenced }
}

/** An environment variable's value, or a need for it (an empty value counts as set). */
export function fromEnv(name: string, scope: ExpansionScope): Resolved {
  const value = scope.env[name]
  return value === undefined ? { need: name } : { value }
}

/**
 * The editor variables VS Code and Cursor both document: `${userHome}`, `${workspaceFolder}`,
 * `${workspaceFolderBasename}`, `${pathSeparator}` and its short form `${/}`.
 */
export function editorVariable(name: string, scope: ExpansionScope): Resolved | undefined {
  switch (name) {
    case 'userHome':
      return { value: scope.userHome }
    case 'workspaceFolder':
      return { value: scope.workspaceFolder }
    case 'workspaceFolderBasename':
      return { value: scope.workspaceFolder.split(/[\\/]/).filter(Boolean).at(-1) ?? '' }
    case 'pathSeparator':
    case '/':
      return { value: scope.pathSeparator }
    default:
      return undefined
  }
}
