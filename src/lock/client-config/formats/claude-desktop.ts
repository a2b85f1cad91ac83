import type { ClientFormat } from '../client-format.js'
import { baseName } from '../client-format.js'
import { readCommonEntry } from '../server-entry.js'

/**
 * Claude Desktop's `claude_desktop_config.json` (`mcpServers` with `command`, `args`, `env`). Its
 * documentation shows local servers only and no variable expansion: values are used as written.
 */
export const claudeDesktop: ClientFormat = {
  id: 'claude-desktop',
  client: 'Claude Desktop',
  sources: ['https://modelcontextprotocol.io/docs/develop/connect-local-servers'],
  syntax: 'json',
  // Why none: the file lives in the user's application folder, never in a project; read it with `file`.
  locations: [],
  names: (file) => baseName(file) === 'claude_desktop_config.json',
  serversPath: ['mcpServers'],
  readEntry: (read) =>
    readCommonEntry(read, ['url'], (type) => {
      if (type === 'sse') return { transport: 'sse', pin: 'sse' }
      if (type === undefined || type === 'http' || type === 'streamable-http') return { transport: 'http', pin: 'streamable-http' }
      return undefined
    }),
}
