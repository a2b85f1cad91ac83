import type { HttpTarget, StdioTarget } from '../../capture/target.js'

/** The client whose configuration file a server was read from. */
export type ClientConfigFormat = 'claude-code' | 'claude-desktop' | 'vscode' | 'cursor' | 'gemini' | 'windsurf' | 'codex'

/** The programs that fetch and run a published package named in a server command. */
export type PackageRunner = 'npx' | 'uvx' | 'pipx' | 'bunx' | 'pnpm dlx'

/** A published package a server command names (`npx -y @org/server@1.2.3`). */
export interface ConfiguredPackage {
  ecosystem: 'npm' | 'pypi'
  name: string
  /** The version or range written in the command (`1.2.3`, `latest`); absent when none is. */
  requested?: string
  runner: PackageRunner
}

/** How a stdio server starts, as the config writes it; `env` holds names only, never values. */
export interface ConfiguredStdioStart {
  command: string
  args: string[]
  cwd?: string
  env: string[]
}

/** Where an HTTP server is, as the config writes it; `headers` holds names only, never values. */
export interface ConfiguredHttpStart {
  url: string
  headers: string[]
}

/** One server of a client configuration, as read; secrets appear by name only. */
export interface ConfiguredServer {
  name: string
  source: { file: string; format: ClientConfigFormat; line?: number }
  disabled: boolean
  transport: 'stdio' | 'http' | 'sse'
  start: ConfiguredStdioStart | ConfiguredHttpStart
  /** The capture target with variables expanded; absent when the server is disabled or `needs` is not empty. */
  target?: StdioTarget | HttpTarget
  /** What must be supplied before the server can start: variables (`GITHUB_TOKEN`) and prompts (`input:github_pat`). */
  needs: string[]
  package?: ConfiguredPackage
}

/** Something in a config worth a word that does not stop reading it (an inline secret). */
export interface ConfigWarning {
  file: string
  server: string
  field: string
  message: string
}

/** Every server of the client configuration files read. */
export interface ClientConfig {
  files: string[]
  servers: ConfiguredServer[]
  warnings: ConfigWarning[]
}

/** What the registry answers for a package now. */
export interface ResolvedPackage {
  name: string
  version: string
  integrity?: string
}

/** A tool an agent definition names (`mcp__github__create_issue`), and where. */
export interface AgentReference {
  server?: string
  tool: string
  file: string
  line: number
}
