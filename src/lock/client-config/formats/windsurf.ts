import type { ClientFormat } from '../client-format.js'
import { baseName } from '../client-format.js'
import { fromEnv } from '../expand-variables.js'
import { readCommonEntry } from '../server-entry.js'

/**
 * Windsurf's `mcp_config.json` (`mcpServers`, Claude Desktop's schema): a remote server has `serverUrl`
 * (or `url`). Interpolates `${env:NAME}` and `${file:PATH}` in `command`, `args`, `env`, `serverUrl`,
 * `url` and `headers`.
 */
export const windsurf: ClientFormat = {
  id: 'windsurf',
  client: 'Windsurf',
  sources: ['https://docs.windsurf.com/windsurf/cascade/mcp'],
  syntax: 'json',
  // Why none: Windsurf reads ~/.codeium/windsurf/mcp_config.json, a user file; read it with `file`.
  locations: [],
  names: (file) => baseName(file) === 'mcp_config.json',
  serversPath: ['mcpServers'],
  variables: {
    forms: '${env:NAME}, ${file:PATH}',
    envReference: (name) => `\${env:${name}}`,
    pattern: /\$\{(?:env:([A-Za-z_][A-Za-z0-9_]*)|file:([^}]+))\}/,
    resolve: ([, env, file], scope) => {
      if (env !== undefined) return fromEnv(env, scope)
      const text = scope.readFile(file ?? '')
      return text === undefined ? { need: `file:${file}` } : { value: text.trim() }
    },
  },
  readEntry: (read) =>
    readCommonEntry(read, ['serverUrl', 'url'], (type, _field, url) => {
      if (type === 'sse') return { transport: 'sse' }
      if (type !== undefined && type !== 'http' && type !== 'streamable-http') return undefined
      // Why by path: Windsurf's page tells an SSE endpoint (`…/sse`) from an HTTP one (`…/mcp`) by its URL;
      // neither is pinned, since capture falls back to HTTP+SSE when Streamable HTTP is refused.
      return { transport: /\/sse\/?(\?|$)/.test(url) ? 'sse' : 'http' }
    }),
}
