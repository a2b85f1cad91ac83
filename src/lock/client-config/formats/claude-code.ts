import type { ClientFormat } from '../client-format.js'
import { baseName } from '../client-format.js'
import { fromEnv } from '../expand-variables.js'
import { readCommonEntry } from '../server-entry.js'

/**
 * Claude Code's project file `.mcp.json` (`mcpServers`; `type` `stdio`, `http` or `sse`).
 * Expands `${VAR}` and `${VAR:-default}` in `command`, `args`, `env`, `url` and `headers`; a variable
 * that is unset and has no default makes Claude Code refuse the config: here it is a need.
 * Also the portable Copilot format VS Code documents for a root `.mcp.json`.
 */
export const claudeCode: ClientFormat = {
  id: 'claude-code',
  client: 'Claude Code',
  sources: ['https://code.claude.com/docs/en/mcp', 'https://code.visualstudio.com/docs/agents/reference/mcp-configuration'],
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
}
