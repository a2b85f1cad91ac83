import type { ClientFormat } from '../client-format.js'
import { editorVariable, fromEnv } from '../expand-variables.js'
import { readCommonEntry } from '../server-entry.js'

/**
 * Cursor's `.cursor/mcp.json` (`mcpServers`): `command`/`args`/`env` for stdio, `url`/`headers` for a
 * remote server, where Cursor works out Streamable HTTP or SSE itself. Interpolates `${env:NAME}`,
 * `${userHome}` and `${workspaceFolder}` in `command`, `args`, `env`, `url` and `headers`.
 */
export const cursor: ClientFormat = {
  id: 'cursor',
  client: 'Cursor',
  sources: ['https://cursor.com/docs/mcp'],
  syntax: 'json',
  locations: ['.cursor/mcp.json'],
  names: (file) => file === '.cursor/mcp.json' || file.endsWith('/.cursor/mcp.json'),
  serversPath: ['mcpServers'],
  variables: {
    forms: '${env:NAME}, ${workspaceFolder}, ${userHome}',
    envReference: (name) => `\${env:${name}}`,
    pattern: /\$\{(?:env:([A-Za-z_][A-Za-z0-9_]*)|(workspaceFolder|userHome))\}/,
    resolve: ([, env, predefined], scope) => (env !== undefined ? fromEnv(env, scope) : editorVariable(predefined ?? '', scope)),
  },
  readEntry: (read) =>
    readCommonEntry(read, ['url'], (type) => {
      if (type === 'sse') return { transport: 'sse', pin: 'sse' }
      if (type === undefined || type === 'http' || type === 'streamable-http') return { transport: 'http' }
      return undefined
    }),
}
