import type { ClientConfigFormat } from './types.js'
import type { ClientFormat } from './client-format.js'
import { claudeCode } from './formats/claude-code.js'
import { claudeDesktop } from './formats/claude-desktop.js'
import { codex } from './formats/codex.js'
import { cursor } from './formats/cursor.js'
import { gemini } from './formats/gemini.js'
import { vscode } from './formats/vscode.js'
import { windsurf } from './formats/windsurf.js'

/** Every client format, in the order known locations are read (a project's own files first). */
export const CLIENT_FORMATS: readonly ClientFormat[] = [claudeCode, vscode, cursor, gemini, codex, claudeDesktop, windsurf]

/** The format record of an id. */
export function clientFormat(id: ClientConfigFormat): ClientFormat {
  const format = CLIENT_FORMATS.find((candidate) => candidate.id === id)
  if (format === undefined) throw new Error(`unknown client format ${id}`)
  return format
}

/**
 * The format of a named file: by its path (`.vscode/mcp.json`, `claude_desktop_config.json`, `*.toml`, …),
 * else by its contents: `servers` is VS Code's, an entry with `httpUrl` Gemini CLI's, with `serverUrl`
 * Windsurf's, any other `mcpServers` file Claude Code's.
 */
export function formatOfFile(file: string, parsed: () => unknown): ClientFormat {
  const byName = CLIENT_FORMATS.find((format) => format.names(file))
  if (byName !== undefined) return byName
  const value = parsed()
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  if (record.servers !== undefined && record.mcpServers === undefined) return vscode
  const entries = Object.values(typeof record.mcpServers === 'object' && record.mcpServers !== null ? record.mcpServers : {}) as unknown[]
  const hasField = (field: string) => entries.some((entry) => typeof entry === 'object' && entry !== null && field in entry)
  if (hasField('httpUrl')) return gemini
  if (hasField('serverUrl')) return windsurf
  return claudeCode
}
