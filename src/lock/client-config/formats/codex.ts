import type { ClientFormat } from '../client-format.js'
import type { ServerEntry } from '../server-entry.js'
import { optional } from '../server-entry.js'

/**
 * Codex's `config.toml`: one `[mcp_servers.NAME]` table per server; `command`, `args`, `env`,
 * `env_vars` (variables forwarded by name) and `cwd` for stdio; `url` (Streamable HTTP),
 * `bearer_token_env_var`, `http_headers` and `env_http_headers` (header → variable) for HTTP;
 * `enabled = false` switches one off. Codex expands no `${…}` in values.
 */
export const codex: ClientFormat = {
  id: 'codex',
  client: 'Codex',
  sources: ['https://developers.openai.com/codex/mcp', 'https://github.com/openai/codex/blob/main/docs/config.md'],
  syntax: 'toml',
  locations: ['.codex/config.toml'],
  names: (file) => file.endsWith('.toml'),
  serversPath: ['mcp_servers'],
  readEntry: (read): ServerEntry => {
    const disabled = read.boolean('enabled') === false
    const command = read.string('command')
    if (command !== undefined) {
      const forwarded = (read.has('env_vars') ? read.strings('env_vars') : undefined) ?? []
      return { disabled, transport: 'stdio', stdio: { command, args: read.strings('args') ?? [], ...optional('cwd', read.string('cwd')), env: read.record('env') ?? {}, forwarded } }
    }
    const url = read.string('url')
    if (url === undefined) throw read.problem(undefined, 'has neither "command" nor "url"')
    const fromEnv: NonNullable<ServerEntry['http']>['fromEnv'] = {}
    for (const [header, variable] of Object.entries(read.record('env_http_headers') ?? {})) fromEnv[header] = { variable, prefix: '', required: false }
    const bearer = read.string('bearer_token_env_var')
    if (bearer !== undefined) fromEnv.Authorization = { variable: bearer, prefix: 'Bearer ', required: true }
    return { disabled, transport: 'http', pin: 'streamable-http', http: { url, urlField: 'url', headers: read.record('http_headers') ?? {}, fromEnv } }
  },
}
