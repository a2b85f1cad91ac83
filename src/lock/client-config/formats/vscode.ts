import type { ClientFormat } from '../client-format.js'
import { editorVariable, fromEnv } from '../expand-variables.js'
import { readCommonEntry } from '../server-entry.js'

/**
 * VS Code's `.vscode/mcp.json`: `servers` (not `mcpServers`) and `inputs`; `type` `stdio`, `http` or
 * `sse`, where `http` tries Streamable HTTP and falls back to SSE. Expands `${env:NAME}`, the
 * predefined `${workspaceFolder}`, `${userHome}`, …, and `${input:ID}`, which VS Code asks the user
 * for: a need here. VS Code reads its JSON files with comments and trailing commas.
 */
export const vscode: ClientFormat = {
  id: 'vscode',
  client: 'VS Code',
  sources: ['https://code.visualstudio.com/docs/copilot/reference/mcp-configuration', 'https://code.visualstudio.com/docs/reference/variables-reference'],
  syntax: 'jsonc',
  locations: ['.vscode/mcp.json'],
  names: (file) => file === '.vscode/mcp.json' || file.endsWith('/.vscode/mcp.json'),
  serversPath: ['servers'],
  variables: {
    forms: '${env:NAME}, ${input:ID}, ${workspaceFolder}, ${userHome}',
    envReference: (name) => `\${env:${name}}`,
    pattern: /\$\{(?:env:([A-Za-z_][A-Za-z0-9_]*)|input:([^}]+)|(workspaceFolder|workspaceFolderBasename|userHome|pathSeparator|\/))\}/,
    resolve: ([, env, input, predefined], scope) => {
      if (env !== undefined) return fromEnv(env, scope)
      if (input !== undefined) return { need: `input:${input}` }
      return editorVariable(predefined ?? '', scope)
    },
  },
  readEntry: (read) =>
    readCommonEntry(read, ['url'], (type) => {
      if (type === 'sse') return { transport: 'sse', pin: 'sse' }
      // Why no pin: VS Code falls back to SSE when Streamable HTTP is refused, as capture does.
      if (type === undefined || type === 'http') return { transport: 'http' }
      return undefined
    }),
}
