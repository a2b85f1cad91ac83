import { homedir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { readClientConfig } from '../../src/lock/client-config/read-client-config.js'
import { projectWith } from '../support/temporary-project.js'

/**
 * Each client's configuration read from the examples its own documentation shows (the page is named
 * above each table), with variables expanded as that client documents.
 */

/** Reads `text` written at `file`: from the known locations, or named (`file`) when the client's file lives outside projects. */
async function read(file: string, text: string, env: Record<string, string | undefined> = {}, named = false) {
  const root = await projectWith({ [file]: text })
  const config = await readClientConfig({ cwd: root, env, ...(named ? { file } : {}) })
  return { root, config, server: (name: string) => config.servers.find((server) => server.name === name) }
}

// https://code.claude.com/docs/en/mcp — "Environment variable expansion in .mcp.json"
describe('Claude Code .mcp.json', () => {
  const documented = JSON.stringify({
    mcpServers: {
      'api-server': { type: 'sse', url: '${API_BASE_URL:-https://api.example.com}/mcp', headers: { Authorization: 'Bearer ${API_KEY}' } },
      'shared-server': { command: '/path/to/server', args: [], env: {} },
      stripe: { type: 'http', url: 'https://mcp.stripe.com' },
    },
  })

  test.each([
    { title: 'the default applies when API_BASE_URL is unset', env: { API_KEY: 'k1' }, url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer k1' } },
    { title: 'a set API_BASE_URL wins over the default', env: { API_KEY: 'k1', API_BASE_URL: 'https://mcp.internal' }, url: 'https://mcp.internal/mcp', headers: { Authorization: 'Bearer k1' } },
  ])('$title', async ({ env, url, headers }) => {
    const { server } = await read('.mcp.json', documented, env)
    expect(server('api-server')).toMatchObject({
      transport: 'sse',
      start: { url: '${API_BASE_URL:-https://api.example.com}/mcp', headers: ['Authorization'] },
      target: { url, headers, transport: 'sse' },
      needs: [],
      disabled: false,
    })
  })

  test('an unset variable without a default is a need, and the server has no target', async () => {
    const { server } = await read('.mcp.json', documented)
    expect(server('api-server')).toMatchObject({ needs: ['API_KEY'] })
    expect(server('api-server')).not.toHaveProperty('target')
  })

  test('stdio and Streamable HTTP servers', async () => {
    const { config } = await read('.mcp.json', documented)
    expect(config.files).toEqual(['.mcp.json'])
    expect(config.servers.map(({ name, source, transport, start }) => ({ name, source, transport, start }))).toEqual([
      { name: 'api-server', source: { file: '.mcp.json', format: 'claude-code', line: 1 }, transport: 'sse', start: { url: '${API_BASE_URL:-https://api.example.com}/mcp', headers: ['Authorization'] } },
      { name: 'shared-server', source: { file: '.mcp.json', format: 'claude-code', line: 1 }, transport: 'stdio', start: { command: '/path/to/server', args: [], env: [] } },
      { name: 'stripe', source: { file: '.mcp.json', format: 'claude-code', line: 1 }, transport: 'http', start: { url: 'https://mcp.stripe.com', headers: [] } },
    ])
    expect(config.servers.find((server) => server.name === 'stripe')?.target).toEqual({ url: 'https://mcp.stripe.com', transport: 'streamable-http' })
  })

  test('each server keeps the line its name is written on', async () => {
    const { config } = await read('.mcp.json', JSON.stringify(JSON.parse(documented), null, 2))
    expect(config.servers.map((server) => [server.name, server.source.line])).toEqual([
      ['api-server', 3],
      ['shared-server', 10],
      ['stripe', 15],
    ])
  })

  // https://code.claude.com/docs/en/settings
  test('a server in disabledMcpjsonServers of .claude/settings.json or settings.local.json is disabled', async () => {
    const root = await projectWith({
      '.mcp.json': JSON.stringify({ mcpServers: { a: { command: 'x' }, b: { command: 'y' }, c: { command: 'z' } } }),
      '.claude/settings.json': JSON.stringify({ disabledMcpjsonServers: ['a'] }),
      '.claude/settings.local.json': JSON.stringify({ disabledMcpjsonServers: ['c'] }),
    })
    const config = await readClientConfig({ cwd: root, env: {} })
    expect(config.servers.map((server) => [server.name, server.disabled])).toEqual([
      ['a', true],
      ['b', false],
      ['c', true],
    ])
  })

  test('disabled: true lists the server as disabled, with no target', async () => {
    const { server } = await read('.mcp.json', JSON.stringify({ mcpServers: { memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], disabled: true } } }))
    expect(server('memory')).toMatchObject({ disabled: true, needs: [] })
    expect(server('memory')).not.toHaveProperty('target')
  })
})

// https://modelcontextprotocol.io/docs/develop/connect-local-servers
describe('Claude Desktop claude_desktop_config.json', () => {
  test('the filesystem example; values are used as written (no expansion documented)', async () => {
    const { server } = await read(
      'claude_desktop_config.json',
      JSON.stringify({
        mcpServers: {
          filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/username/Desktop', '${HOME}/Downloads'] },
        },
      }),
      { HOME: '/home/user' },
      true,
    )
    expect(server('filesystem')).toMatchObject({
      source: { format: 'claude-desktop' },
      transport: 'stdio',
      target: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/username/Desktop', '${HOME}/Downloads'] },
      needs: [],
      package: { ecosystem: 'npm', name: '@modelcontextprotocol/server-filesystem', runner: 'npx' },
    })
  })
})

// https://code.visualstudio.com/docs/copilot/reference/mcp-configuration
describe('VS Code .vscode/mcp.json', () => {
  const documented = `{
    // VS Code reads this file as JSON with comments
    "inputs": [
      { "type": "promptString", "id": "perplexity-key", "description": "Perplexity API Key", "password": true }
    ],
    "servers": {
      "perplexity": {
        "type": "stdio",
        "command": "npx",
        "args": ["-y", "server-perplexity-ask"],
        "env": { "PERPLEXITY_API_KEY": "\${input:perplexity-key}" }
      },
      "memory": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"] },
      "context7": { "type": "http", "url": "https://mcp.context7.com/mcp" },
      "legacy": { "type": "sse", "url": "http://localhost:3000/sse", "headers": { "X-Key": "\${env:LEGACY_KEY}" } },
      "files": { "command": "node", "args": ["\${workspaceFolder}/server.js", "\${userHome}/data"], },
    },
  }`

  test('an ${input:…} is asked of the user: a need, never a value', async () => {
    const { server } = await read('.vscode/mcp.json', documented)
    expect(server('perplexity')).toMatchObject({ source: { file: '.vscode/mcp.json', format: 'vscode' }, start: { env: ['PERPLEXITY_API_KEY'] }, needs: ['input:perplexity-key'] })
    expect(server('perplexity')).not.toHaveProperty('target')
  })

  test('http falls back to SSE as capture does (not pinned); sse is pinned; ${env:…} expands', async () => {
    const { server } = await read('.vscode/mcp.json', documented, { LEGACY_KEY: 'abc' })
    expect(server('context7')).toMatchObject({ transport: 'http', target: { url: 'https://mcp.context7.com/mcp' } })
    expect(server('context7')?.target).not.toHaveProperty('transport')
    expect(server('legacy')).toMatchObject({ transport: 'sse', target: { url: 'http://localhost:3000/sse', headers: { 'X-Key': 'abc' }, transport: 'sse' } })
  })

  test('${workspaceFolder} and ${userHome} are the folder read and the home folder', async () => {
    const { root, server } = await read('.vscode/mcp.json', documented)
    expect(server('files')?.target).toEqual({ command: 'node', args: [`${root}/server.js`, `${homedir()}/data`] })
    expect(server('files')?.start).toEqual({ command: 'node', args: ['${workspaceFolder}/server.js', '${userHome}/data'], env: [] })
  })

  test('an unset ${env:…} is a need', async () => {
    const { server } = await read('.vscode/mcp.json', documented)
    expect(server('legacy')?.needs).toEqual(['LEGACY_KEY'])
  })
})

// https://cursor.com/docs/mcp
describe('Cursor .cursor/mcp.json', () => {
  const documented = JSON.stringify({
    mcpServers: {
      'server-name': { command: 'npx', args: ['-y', 'mcp-server'], env: { API_KEY: 'value' } },
      context7: { url: 'https://mcp.context7.com/mcp', headers: { CONTEXT7_API_KEY: '${env:CONTEXT7_API_KEY}' } },
    },
  })

  test('stdio with env, and a remote URL whose transport Cursor works out itself', async () => {
    const { server } = await read('.cursor/mcp.json', documented, { CONTEXT7_API_KEY: 'c7' })
    expect(server('server-name')).toMatchObject({ source: { format: 'cursor' }, start: { command: 'npx', args: ['-y', 'mcp-server'], env: ['API_KEY'] }, target: { env: { API_KEY: 'value' } } })
    expect(server('server-name')?.package).toEqual({ ecosystem: 'npm', name: 'mcp-server', runner: 'npx' })
    expect(server('context7')).toMatchObject({ transport: 'http', start: { headers: ['CONTEXT7_API_KEY'] }, target: { headers: { CONTEXT7_API_KEY: 'c7' } } })
  })

  test('${VAR} is not Cursor syntax: it stays as written', async () => {
    const { server } = await read('.cursor/mcp.json', JSON.stringify({ mcpServers: { s: { command: 'node', args: ['${HOME}'] } } }), { HOME: '/home/x' })
    expect(server('s')).toMatchObject({ target: { args: ['${HOME}'] }, needs: [] })
  })
})

// https://geminicli.com/docs/tools/mcp-server/ and docs/get-started/configuration.md ($VAR or ${VAR})
describe('Gemini CLI .gemini/settings.json', () => {
  const documented = `{
    "mcpServers": {
      "pythonTools": {
        "command": "python",
        "args": ["-m", "my_mcp_server", "--port", "8080"],
        "cwd": "./mcp-servers/python",
        "env": { "DATABASE_URL": "$DB_CONNECTION_STRING", "API_KEY": "\${EXTERNAL_API_KEY}" },
        "timeout": 15000
      },
      "httpServer": { "httpUrl": "http://localhost:3000/mcp", "timeout": 5000 },
      "discoveredServer": { "url": "https://api.example.com/sse" },
      "filteredServer": {
        "command": "python",
        "args": ["-m", "my_mcp_server"],
        "includeTools": ["safe_tool", "file_reader", "data_processor"],
        // "excludeTools": ["dangerous_tool", "file_deleter"],
        "timeout": 30000
      }
    },
    "mcp": { "excluded": ["filteredServer"] }
  }`

  test('$VAR and ${VAR} expand; cwd is the project folder’s', async () => {
    const { root, server } = await read('.gemini/settings.json', documented, { DB_CONNECTION_STRING: 'postgres://db', EXTERNAL_API_KEY: 'ext' })
    expect(server('pythonTools')).toMatchObject({
      source: { format: 'gemini' },
      start: { command: 'python', cwd: './mcp-servers/python', env: ['API_KEY', 'DATABASE_URL'] },
      target: { cwd: join(root, 'mcp-servers/python'), env: { DATABASE_URL: 'postgres://db', API_KEY: 'ext' } },
    })
  })

  test('httpUrl is Streamable HTTP, url is SSE, both pinned; mcp.excluded disables', async () => {
    const { server } = await read('.gemini/settings.json', documented)
    expect(server('httpServer')).toMatchObject({ transport: 'http', target: { url: 'http://localhost:3000/mcp', transport: 'streamable-http' } })
    expect(server('discoveredServer')).toMatchObject({ transport: 'sse', target: { url: 'https://api.example.com/sse', transport: 'sse' } })
    expect(server('filteredServer')).toMatchObject({ disabled: true })
    expect(server('pythonTools')?.needs).toEqual(['DB_CONNECTION_STRING', 'EXTERNAL_API_KEY'])
  })
})

// https://docs.windsurf.com/windsurf/cascade/mcp
describe('Windsurf mcp_config.json', () => {
  const documented = JSON.stringify({
    mcpServers: {
      github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: '<YOUR_PERSONAL_ACCESS_TOKEN>' } },
      figma: { serverUrl: 'https://mcp.figma.example/mcp', headers: { Authorization: 'Bearer ${env:AUTH_TOKEN}' } },
      key: { serverUrl: 'https://mcp.example/sse', headers: { 'X-Key': '${file:secrets/key.txt}' } },
    },
  })

  test('serverUrl, ${env:…} and ${file:…}; a documentation placeholder is no secret', async () => {
    const root = await projectWith({ 'mcp_config.json': documented, 'secrets/key.txt': 'from-file\n' })
    const config = await readClientConfig({ cwd: root, file: 'mcp_config.json', env: { AUTH_TOKEN: 'tok' } })
    const [github, figma, key] = config.servers
    expect(github).toMatchObject({ source: { format: 'windsurf' }, transport: 'stdio', package: { name: '@modelcontextprotocol/server-github' } })
    expect(figma).toMatchObject({ transport: 'http', start: { url: 'https://mcp.figma.example/mcp', headers: ['Authorization'] }, target: { headers: { Authorization: 'Bearer tok' } } })
    expect(key).toMatchObject({ transport: 'sse', target: { headers: { 'X-Key': 'from-file' } } })
    expect(config.warnings).toEqual([])
  })

  test('a missing ${file:…} is a need', async () => {
    const root = await projectWith({ 'mcp_config.json': documented })
    const config = await readClientConfig({ cwd: root, file: 'mcp_config.json', env: {} })
    expect(config.servers.map((server) => server.needs)).toEqual([[], ['AUTH_TOKEN'], ['file:secrets/key.txt']])
  })
})

// https://developers.openai.com/codex/mcp and openai/codex docs/config.md
describe('Codex config.toml', () => {
  const documented = `
model = "o3"

[mcp_servers.server_name]
command = "npx"
args = ["-y", "mcp-server"]
env = { "API_KEY" = "value" }
env_vars = ["API_KEY2"]
cwd = "/Users/user/code/my-server"

[mcp_servers.figma]
url = "https://mcp.figma.com/mcp"
bearer_token_env_var = "FIGMA_OAUTH_TOKEN"
http_headers = { "X-Figma-Region" = "us-east-1" }
env_http_headers = { "X-Team" = "FIGMA_TEAM" }

[mcp_servers."off switch"]
command = "uvx"
args = ["mcp-server-fetch==2025.4.7"]
enabled = false
`

  test('stdio with env, env_vars and cwd; Streamable HTTP with a bearer token variable; enabled = false', async () => {
    const { config, server } = await read('.codex/config.toml', documented, { API_KEY2: 'forwarded', FIGMA_OAUTH_TOKEN: 'fig', FIGMA_TEAM: 'design' })
    expect(server('server_name')).toMatchObject({
      source: { file: '.codex/config.toml', format: 'codex', line: 4 },
      start: { command: 'npx', args: ['-y', 'mcp-server'], cwd: '/Users/user/code/my-server', env: ['API_KEY', 'API_KEY2'] },
      target: { env: { API_KEY: 'value', API_KEY2: 'forwarded' } },
    })
    expect(server('figma')).toMatchObject({
      source: { line: 11 },
      transport: 'http',
      start: { url: 'https://mcp.figma.com/mcp', headers: ['Authorization', 'X-Figma-Region', 'X-Team'] },
      target: { url: 'https://mcp.figma.com/mcp', headers: { Authorization: 'Bearer fig', 'X-Figma-Region': 'us-east-1', 'X-Team': 'design' }, transport: 'streamable-http' },
    })
    expect(server('off switch')).toMatchObject({ source: { line: 17 }, disabled: true, package: { ecosystem: 'pypi', name: 'mcp-server-fetch', requested: '2025.4.7', runner: 'uvx' } })
    expect(config.servers).toHaveLength(3)
  })

  test('an unset bearer_token_env_var is a need', async () => {
    const { server } = await read('.codex/config.toml', documented)
    expect(server('figma')?.needs).toEqual(['FIGMA_OAUTH_TOKEN'])
  })
})
