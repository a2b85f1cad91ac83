import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'jsonc-parser'
import type { ClientFormat } from '../client-format.js'
import { baseName } from '../client-format.js'
import { fromEnv } from '../expand-variables.js'
import { readCommonEntry } from '../server-entry.js'

/**
 * Claude Code's project file `.mcp.json` (`mcpServers`; `type` `stdio`, `http` or `sse`).
 * Expands `${VAR}` and `${VAR:-default}` in `command`, `args`, `env`, `url` and `headers`; a variable
 * that is unset and has no default makes Claude Code refuse the config: here it is a need.
 * A server named in `disabledMcpjsonServers` of the project's `.claude/settings.json` or
 * `.claude/settings.local.json` is rejected by Claude Code: disabled here.
 * Also the portable Copilot format VS Code documents for a root `.mcp.json`.
 */
export const claudeCode: ClientFormat = {
  id: 'claude-code',
  client: 'Claude Code',
  sources: ['https://code.claude.com/docs/en/mcp', 'https://code.claude.com/docs/en/settings', 'https://code.visualstudio.com/docs/agents/reference/mcp-configuration'],
  syntax: 'json',
  locations: ['.mcp.json'],
  names: (file) => baseName(file) === '.mcp.json',
  serversPath: ['mcpServers'],
  variables: {
    forms: '${VAR}, ${VAR:-default}',
    envReference: (name) => `\${${name}}`,
    pattern: /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/,
    resolve: ([, name = '', fallback], scope) => (scope.env[name] === undefined && fallback !== undefined ? { value: fallback } : fromEnv(name, scope)),
  },
  readEntry: (read) =>
    readCommonEntry(read, ['url'], (type) => {
      if (type === 'sse') return { transport: 'sse', pin: 'sse' }
      if (type === undefined || type === 'http' || type === 'streamable-http') return { transport: 'http', pin: 'streamable-http' }
      return undefined
    }),
  excluded: (_file, name, projectFolder) => ['settings.json', 'settings.local.json'].some((settings) => disabledBySettings(join(projectFolder, '.claude', settings)).includes(name)),
}

/** The `disabledMcpjsonServers` of a Claude Code settings file; none when it is absent or unreadable. */
function disabledBySettings(file: string): unknown[] {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return []
  }
  const disabled = (parse(text) as { disabledMcpjsonServers?: unknown } | undefined)?.disabledMcpjsonServers
  return Array.isArray(disabled) ? disabled : []
}
