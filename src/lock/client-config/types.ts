import type { HttpTarget, StdioTarget } from '../../capture/target.js'

/**
 * The client whose configuration file a server was read from; each has its record in `formats/`
 * (file name = id) with the documentation pages its rules come from.
 */
export type ClientConfigFormat = 'claude-code' | 'claude-desktop' | 'vscode' | 'cursor' | 'gemini' | 'windsurf' | 'codex'

/** The programs that fetch and run a published package named in a server command. */
export type PackageRunner = 'npx' | 'uvx' | 'pipx' | 'bunx' | 'pnpm dlx'

/** How a client reaches a server: a child process over stdio, Streamable HTTP, or the deprecated HTTP+SSE. */
export type ServerTransport = 'stdio' | 'http' | 'sse'

/** A published package a server command names (`npx -y @org/server@1.2.3`, `uvx pkg==1.2`). */
export interface ConfiguredPackage {
  ecosystem: 'npm' | 'pypi'
  name: string
  /** The version, tag or range written in the command (`1.2.3`, `latest`, `^2`, `>=1.0`); absent when none is. */
  requested?: string
  runner: PackageRunner
}

/**
 * How a stdio server starts, as the config writes it (variables not expanded): `env` holds names only,
 * never values; an argument that is a secret written inline is `‹secret›` (and warned about).
 */
export interface ConfiguredStdioStart {
  command: string
  args: string[]
  cwd?: string
  env: string[]
}

/** Where an HTTP server is, as the config writes it: `headers` holds names only; a secret in the query is `‹secret›`. */
export interface ConfiguredHttpStart {
  url: string
  headers: string[]
}

/**
 * One server of a client configuration, as read; secrets appear by name only.
 *
 * The same name in two files (a `github` in `.mcp.json` and in `.vscode/mcp.json`) gives two entries,
 * in reading order, told apart by `source.file`; `name` stays as written, because agent definitions
 * name tools by it (`mcp__github__create_issue`).
 */
export interface ConfiguredServer {
  name: string
  /** Where it is written: the file (relative to the folder read, `/` separators), its format, and the line of its name. */
  source: { file: string; format: ClientConfigFormat; line?: number }
  /** Switched off in the config (`disabled: true`, Codex `enabled = false`, Gemini CLI `mcp.excluded`); listed, never started. */
  disabled: boolean
  transport: ServerTransport
  start: ConfiguredStdioStart | ConfiguredHttpStart
  /**
   * The capture target with variables expanded, secrets included: never write it anywhere. Absent when
   * the server is disabled or `needs` is not empty.
   */
  target?: StdioTarget | HttpTarget
  /**
   * What must be supplied before the server can start: unset variables by name (`GITHUB_TOKEN`), prompts
   * as `input:ID` (VS Code `${input:ID}`), missing files as `file:PATH` (Windsurf `${file:PATH}`).
   * Shown as "not checked: needs GITHUB_TOKEN".
   */
  needs: string[]
  package?: ConfiguredPackage
}

/** Something in a config worth a word that does not stop reading it (an inline secret), naming the field (`mcpServers.github.headers.Authorization`). */
export interface ConfigWarning {
  file: string
  server: string
  field: string
  message: string
}

/** Every server of the client configuration files read. */
export interface ClientConfig {
  /** The files read, relative to the folder read (`/` separators), in reading order. */
  files: string[]
  servers: ConfiguredServer[]
  warnings: ConfigWarning[]
}

/** What the registry answers for a package now: the exact version a runner would install, and its integrity. */
export interface ResolvedPackage {
  name: string
  version: string
  /** The registry's integrity string (npm `dist.integrity`, `sha512-…`; PyPI a file's `sha256-…`). */
  integrity?: string
}

/** A tool an agent definition names (`mcp__github__create_issue`), and where. */
export interface AgentReference {
  /** The server part of the name, as the tool name writes it (Claude Code writes the config's server name there). */
  server?: string
  tool: string
  /** The file, relative to the folder searched, `/` separators. */
  file: string
  /** 1-based. */
  line: number
}
