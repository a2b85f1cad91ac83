import type { ClientFormat } from '../client-format.js'
import { baseName } from '../client-format.js'
import { fromEnv } from '../expand-variables.js'
import { readCommonEntry, valueAt } from '../server-entry.js'

/**
 * Gemini CLI's `.gemini/settings.json` (`mcpServers`): `command` for stdio, `httpUrl` for Streamable
 * HTTP, `url` for SSE. Strings in settings.json reference environment variables as `$VAR` or
 * `${VAR}`. `mcp.allowed` / `mcp.excluded` switch servers on and off by name. The file may hold comments.
 */
export const gemini: ClientFormat = {
  id: 'gemini',
  client: 'Gemini CLI',
  sources: ['https://geminicli.com/docs/tools/mcp-server/', 'https://github.com/google-gemini/gemini-cli/blob/main/docs/get-started/configuration.md'],
  syntax: 'jsonc',
  locations: ['.gemini/settings.json'],
  names: (file) => baseName(file) === 'settings.json',
  serversPath: ['mcpServers'],
  variables: {
    forms: '$VAR, ${VAR}',
    envReference: (name) => `$${name}`,
    pattern: /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/,
    resolve: ([, braced, bare], scope) => fromEnv(braced ?? bare ?? '', scope),
  },
  readEntry: (read) =>
    readCommonEntry(read, ['httpUrl', 'url'], (type, field) => {
      if (field === 'httpUrl' || type === 'http') return { transport: 'http', pin: 'streamable-http' }
      if (type === undefined || type === 'sse') return { transport: 'sse', pin: 'sse' }
      return undefined
    }),
  excluded: (file, name) => {
    const excluded = valueAt(file, ['mcp', 'excluded'])
    const allowed = valueAt(file, ['mcp', 'allowed'])
    if (Array.isArray(excluded) && excluded.includes(name)) return true
    return Array.isArray(allowed) && !allowed.includes(name)
  },
}
