import type { HttpTarget, StdioTarget } from '../../capture/target.js'

/**
 * The client whose file a server was read from; each has its own record in `formats/` (file name = id)
 * with the documentation page its rules come from.
 */
export type ConfigFormat = 'claude-code' | 'claude-desktop' | 'vscode' | 'cursor' | 'gemini-cli' | 'windsurf' | 'codex'

/** How a client reaches a server: a child process over stdio, Streamable HTTP, or the deprecated HTTP+SSE. */
export type ServerTransport = 'stdio' | 'http' | 'sse'

/**
 * How a server starts, as the config writes it (variables not expanded): safe to write into a lock.
 * Env and header values are never kept, only their names; an argument that is a secret written
 * inline is replaced by `‹secret›` (and warned about).
 */
export type ServerStart =
  | { command: string; args: string[]; cwd?: string; env: string[] }
  | { url: string; headers: string[] }

/** The registry package a stdio command runs (`npx -y pkg@1.2.3`, `uvx pkg==1.2`, …). */
export interface ConfiguredPackage {
  ecosystem: 'npm' | 'pypi'
  name: string
  /** The version or tag the command asks for (`1.2.3`, `latest`, `^2`), absent when it names none. */
  requested?: string
  runner: 'npx' | 'uvx' | 'pipx' | 'bunx' | 'pnpm dlx'
}

/**
 * One server of a client config.
 *
 * The same name in two files (a `github` in `.mcp.json` and in `.vscode/mcp.json`) gives two
 * entries, in reading order, told apart by `source.file`; `name` stays as written, because agent
 * definitions name tools by it (`mcp__github__create_issue`).
 */
export interface ConfiguredServer {
  name: string
  /** Where it is written: the file (relative to the folder read, `/` separators), its format, and the line of its name. */
  source: { file: string; format: ConfigFormat; line?: number }
  /** Switched off in the config (`disabled: true`, Codex `enabled = false`); listed, never started. */
  disabled: boolean
  transport: ServerTransport
  start: ServerStart
  /**
   * What capture is handed: the start with every variable expanded, secrets included. Absent when the
   * server is disabled or `needs` is not empty. Never write it anywhere.
   */
  target?: StdioTarget | HttpTarget
  /**
   * What must be supplied before the server can be checked: unset environment variables by name
   * (`GITHUB_TOKEN`), prompts as `input:ID` (VS Code `${input:ID}`), missing files as `file:PATH`.
   * Shown as "not checked: needs GITHUB_TOKEN".
   */
  needs: string[]
  package?: ConfiguredPackage
}

/** Something in a config the user should fix, naming the field (`mcpServers.github.headers.Authorization`). */
export interface ConfigWarning {
  file: string
  server: string
  field: string
  message: string
}

/** Every server of the config files read, with what was read and what to fix. */
export interface ClientConfig {
  /** The files read, relative to the folder read (`/` separators), in reading order. */
  files: string[]
  servers: ConfiguredServer[]
  warnings: ConfigWarning[]
}

/** What {@link readClientConfig} reads: one file, or the known locations under `cwd`. */
export interface ReadClientConfigOptions {
  /** One config file (relative to `cwd` or absolute); its format comes from its name, else from its contents. */
  file?: string
  /** The project folder: where known locations are looked for, relative paths resolved, `${workspaceFolder}` points. */
  cwd: string
  /** The environment variables expand from (usually `process.env`). */
  env: Record<string, string | undefined>
}
