import { describe, expect, test } from 'vitest'
import { ClientConfigError, ConfigParseError } from '../../src/lock/client-config/client-config-error.js'
import { readClientConfig } from '../../src/lock/client-config/read-client-config.js'
import { runCliProcess } from '../support/run-cli-process.js'
import { projectWith } from '../support/temporary-project.js'

/** The error `readClientConfig` throws for `files`, with the root folder replaced by `<root>`. */
async function failure(files: Record<string, string>, file?: string): Promise<{ name: string; code: string; message: string; line?: number; column?: number }> {
  const root = await projectWith(files)
  try {
    await readClientConfig({ cwd: root, env: {}, ...(file === undefined ? {} : { file }) })
  } catch (error) {
    if (!(error instanceof ClientConfigError)) throw error
    const where = error instanceof ConfigParseError ? { line: error.line, column: error.column } : {}
    return { name: error.name, code: error.code, message: error.message.replaceAll(root, '<root>'), ...where }
  }
  throw new Error('readClientConfig did not fail')
}

describe('a config that does not parse: file, line and column', () => {
  test('a trailing comma in .mcp.json (Claude Code reads strict JSON)', async () => {
    expect(await failure({ '.mcp.json': '{\n  "mcpServers": {\n    "memory": { "command": "npx", },\n  }\n}\n' })).toMatchInlineSnapshot(`
      {
        "code": "syntax",
        "column": 35,
        "line": 3,
        "message": ".mcp.json:3:35: a property name in double quotes was expected (a trailing comma?); Claude Code reads this file as strict JSON (no comments, no trailing commas). Fix the file so Claude Code can read it too.",
        "name": "ConfigParseError",
      }
    `)
  })

  test('a comment in .cursor/mcp.json', async () => {
    expect(await failure({ '.cursor/mcp.json': '{\n  // my servers\n  "mcpServers": {}\n}\n' })).toMatchInlineSnapshot(`
      {
        "code": "syntax",
        "column": 3,
        "line": 2,
        "message": ".cursor/mcp.json:2:3: a comment; Cursor reads this file as strict JSON (no comments, no trailing commas). Fix the file so Cursor can read it too.",
        "name": "ConfigParseError",
      }
    `)
  })

  test('comments and trailing commas are fine in .vscode/mcp.json, a missing brace is not', async () => {
    expect(await failure({ '.vscode/mcp.json': '{\n  // ok\n  "servers": {\n    "a": { "command": "x", },\n  }\n' })).toMatchInlineSnapshot(`
      {
        "code": "syntax",
        "column": 1,
        "line": 6,
        "message": ".vscode/mcp.json:6:1: '}' was expected; VS Code reads this file as JSON with comments. Fix the file so VS Code can read it too.",
        "name": "ConfigParseError",
      }
    `)
  })

  test('a TOML error in .codex/config.toml, through smol-toml', async () => {
    expect(await failure({ '.codex/config.toml': '[mcp_servers.memory]\ncommand = "npx"\nargs = ["-y", "@modelcontextprotocol/server-memory"\n' })).toMatchInlineSnapshot(`
      {
        "code": "syntax",
        "column": 1,
        "line": 4,
        "message": ".codex/config.toml:4:1: expected comma or end of structure; Codex reads this file as TOML. Fix the file so Codex can read it too.",
        "name": "ConfigParseError",
      }
    `)
  })
})

describe('a server its client could not start: where, and what is wrong', () => {
  test('args that are not a list', async () => {
    expect(await failure({ '.mcp.json': '{\n  "mcpServers": {\n    "memory": {\n      "command": "npx",\n      "args": "-y @modelcontextprotocol/server-memory"\n    }\n  }\n}\n' }))
      .toMatchInlineSnapshot(`
        {
          "code": "shape",
          "column": 7,
          "line": 5,
          "message": ".mcp.json:5:7: mcpServers.memory.args must be a list of strings; Claude Code could not start this server.",
          "name": "ConfigParseError",
        }
      `)
  })

  test('neither command nor url', async () => {
    expect(await failure({ '.gemini/settings.json': '{ "mcpServers": { "remote": { "headers": {} } } }' })).toMatchInlineSnapshot(`
      {
        "code": "shape",
        "column": 19,
        "line": 1,
        "message": ".gemini/settings.json:1:19: mcpServers.remote has neither "command" nor "httpUrl" nor "url"; Gemini CLI could not start this server.",
        "name": "ConfigParseError",
      }
    `)
  })

  test('a type the client does not know', async () => {
    expect(await failure({ '.vscode/mcp.json': '{ "servers": { "remote": { "type": "websocket", "url": "ws://x" } } }' })).toMatchInlineSnapshot(`
      {
        "code": "shape",
        "column": 28,
        "line": 1,
        "message": ".vscode/mcp.json:1:28: servers.remote.type is "websocket", which this client does not know; VS Code could not start this server.",
        "name": "ConfigParseError",
      }
    `)
  })
})

describe('never an empty pass', () => {
  test('no config at any known location', async () => {
    expect(await failure({ 'README.md': '# nothing here' })).toMatchInlineSnapshot(`
      {
        "code": "not-found",
        "message": "No MCP client config in <root>: looked for .mcp.json (Claude Code), .vscode/mcp.json (VS Code), .cursor/mcp.json (Cursor), .gemini/settings.json (Gemini CLI), .codex/config.toml (Codex). Run from the project folder, or name the file with --config FILE (claude_desktop_config.json, Windsurf's mcp_config.json, a Codex config.toml).",
        "name": "ClientConfigError",
      }
    `)
  })

  test('a named file that does not exist', async () => {
    expect(await failure({}, 'claude_desktop_config.json')).toMatchInlineSnapshot(`
      {
        "code": "not-found",
        "message": "No MCP client config at claude_desktop_config.json: the file does not exist. Check the path given to --config.",
        "name": "ClientConfigError",
      }
    `)
  })

  test('files without a single server', async () => {
    expect(await failure({ '.mcp.json': '{ "mcpServers": {} }', '.gemini/settings.json': '{ "theme": "dark" }' })).toMatchInlineSnapshot(`
      {
        "code": "no-servers",
        "message": "No MCP server in .mcp.json, .gemini/settings.json: nothing to lock or check. Add the servers your agents use (each file under its servers key), or name another file with --config FILE.",
        "name": "ClientConfigError",
      }
    `)
  })
})

describe('secrets never reach start', () => {
  const token = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'
  const config = JSON.stringify({
    mcpServers: {
      github: { type: 'http', url: 'https://api.githubcopilot.com/mcp/', headers: { Authorization: `Bearer ${token}` } },
      openai: { command: 'npx', args: ['-y', 'some-mcp', '--api-key', 'sk-proj-abcdefghijklmnopqrstuvwx0123'], env: { SERVICE_TOKEN: 'Zx81kQ29dLmP0aTq77vB', LOG_LEVEL: 'debug' } },
      search: { type: 'http', url: 'https://search.example/mcp?api_key=Q9w8E7r6T5y4U3i2O1p0&lang=en' },
      safe: { command: 'npx', args: ['-y', 'other-mcp'], env: { API_KEY: '${API_KEY}' } },
    },
  })

  test('each inline secret is a warning naming its field; start holds names and marks only', async () => {
    const root = await projectWith({ '.mcp.json': config })
    const read = await readClientConfig({ cwd: root, env: { API_KEY: 'from-env' } })
    expect(read.warnings).toMatchInlineSnapshot(`
      [
        {
          "field": "mcpServers.github.headers.Authorization",
          "file": ".mcp.json",
          "message": "mcpServers.github.headers.Authorization holds a GitHub token written inline; anyone who can read .mcp.json can use it. It is kept out of the lock; move it to an environment variable and write \${NAME} instead.",
          "server": "github",
        },
        {
          "field": "mcpServers.openai.env.SERVICE_TOKEN",
          "file": ".mcp.json",
          "message": "mcpServers.openai.env.SERVICE_TOKEN holds a credential written inline; anyone who can read .mcp.json can use it. It is kept out of the lock; move it to an environment variable and write \${SERVICE_TOKEN} instead.",
          "server": "openai",
        },
        {
          "field": "mcpServers.openai.args[3]",
          "file": ".mcp.json",
          "message": "mcpServers.openai.args[3] holds an API key written inline; anyone who can read .mcp.json can use it. It is kept out of the lock; move it to an environment variable and write \${NAME} instead.",
          "server": "openai",
        },
        {
          "field": "mcpServers.search.url",
          "file": ".mcp.json",
          "message": "mcpServers.search.url holds a secret written inline; anyone who can read .mcp.json can use it. It is kept out of the lock; move it to an environment variable and write \${NAME} instead.",
          "server": "search",
        },
      ]
    `)
    const starts = JSON.stringify(read.servers.map((server) => server.start))
    for (const secret of [token, 'sk-proj-abcdefghijklmnopqrstuvwx0123', 'Zx81kQ29dLmP0aTq77vB', 'Q9w8E7r6T5y4U3i2O1p0', 'from-env']) expect(starts).not.toContain(secret)
    expect(read.servers.map((server) => server.start)).toMatchInlineSnapshot(`
      [
        {
          "headers": [
            "Authorization",
          ],
          "url": "https://api.githubcopilot.com/mcp/",
        },
        {
          "args": [
            "-y",
            "some-mcp",
            "--api-key",
            "‹secret›",
          ],
          "command": "npx",
          "env": [
            "LOG_LEVEL",
            "SERVICE_TOKEN",
          ],
        },
        {
          "headers": [],
          "url": "https://search.example/mcp?api_key=‹secret›&lang=en",
        },
        {
          "args": [
            "-y",
            "other-mcp",
          ],
          "command": "npx",
          "env": [
            "API_KEY",
          ],
        },
      ]
    `)
    // The target still carries what capture needs to reach the server.
    expect(read.servers[0]?.target).toMatchObject({ headers: { Authorization: `Bearer ${token}` } })
  })
})

describe('through the CLI: exit 2 with what failed and where', () => {
  test.each<{ title: string; files: Record<string, string> }>([
    { title: 'a config that does not parse', files: { '.mcp.json': '{\n  "mcpServers": {\n    "a": { "command": "x", },\n  }\n}\n' } },
    { title: 'no config at any known location', files: { 'README.md': '# nothing here' } },
  ])('lock: $title', async ({ files }) => {
    const root = await projectWith(files)
    const run = await runCliProcess(['lock'], { cwd: root })
    expect({ code: run.code, stderr: run.stderr.replaceAll(root, '<root>') }).toMatchSnapshot()
  })
})
