import type { ClientConfigFormat } from './types.js'
import type { VariableSyntax } from './expand-variables.js'
import type { EntryReader, ServerEntry } from './server-entry.js'

/**
 * One client's config file, as its documentation describes it: where it lives, how it is parsed, where
 * the servers are, which variables it expands, and how one server entry reads. One record per file in
 * `formats/` (file name = id), registered in `client-formats.ts`.
 */
export interface ClientFormat {
  id: ClientConfigFormat
  /** The client's name, for messages (`Claude Code`). */
  client: string
  /** The documentation pages the record's rules come from. */
  sources: string[]
  /** How the client parses the file: strict JSON, JSON with comments, or TOML. */
  syntax: 'json' | 'jsonc' | 'toml'
  /** Files under the project folder the client reads, looked for when no file is named. */
  locations: string[]
  /** True when a file's path (relative, `/` separators) names this client's file. */
  names(file: string): boolean
  /** Where the servers are in the file (`['mcpServers']`). */
  serversPath: string[]
  /** The variable references it expands; absent: values are used as written. */
  variables?: VariableSyntax
  readEntry(read: EntryReader): ServerEntry
  /**
   * True when a setting beside the server switches it off: file-wide (Gemini CLI `mcp.excluded`) or in
   * the client's project settings under `projectFolder` (Claude Code `disabledMcpjsonServers`).
   */
  excluded?(file: unknown, name: string, projectFolder: string): boolean
}

/** The last path segment of a `/`-separated path. */
export function baseName(file: string): string {
  return file.split('/').at(-1) ?? file
}
