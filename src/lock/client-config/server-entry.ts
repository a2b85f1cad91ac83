import { ConfigParseError } from './client-config-error.js'
import type { ServerTransport } from './types.js'
import type { ConfigDocument } from './config-document.js'

/** One server as its client's file writes it, values not expanded yet: what every format reads into. */
export interface ServerEntry {
  disabled: boolean
  transport: ServerTransport
  /** The HTTP transport the client uses without trying the other (Gemini `httpUrl`, Codex); absent: Streamable HTTP, HTTP+SSE on a 4xx. */
  pin?: 'streamable-http' | 'sse'
  stdio?: {
    command: string
    args: string[]
    cwd?: string
    env: Record<string, string>
    /** Variables the client forwards from its own environment by name (Codex `env_vars`). */
    forwarded: string[]
  }
  http?: {
    url: string
    /** The field that held the URL (`url`, `httpUrl`, `serverUrl`), for warnings. */
    urlField: string
    headers: Record<string, string>
    /** Headers whose value the client reads from a variable (Codex `bearer_token_env_var`, `env_http_headers`). */
    fromEnv: Record<string, { variable: string; prefix: string; required: boolean }>
  }
}

/**
 * Reads the fields of one server object and says where a wrong one is written.
 * @example const read = entryReader(doc, ['mcpServers', 'github'], 'mcpServers.github'); read.string('command')
 */
export interface EntryReader {
  /** The server object's own keys. */
  has(key: string): boolean
  string(key: string): string | undefined
  strings(key: string): string[] | undefined
  record(key: string): Record<string, string> | undefined
  boolean(key: string): boolean | undefined
  /** A ConfigParseError (`shape`) at `key`'s position, naming the field. */
  problem(key: string | undefined, message: string): ConfigParseError
}

/** An {@link EntryReader} over the object at `path` of `doc`; `label` names it in messages (`mcpServers.github`). */
export function entryReader(doc: ConfigDocument, path: string[], label: string, client: string): EntryReader {
  const entry = valueAt(doc.value, path) as Record<string, unknown>
  const problem = (key: string | undefined, message: string): ConfigParseError =>
    new ConfigParseError('shape', doc.file, doc.at(key === undefined ? path : [...path, key]), `${key === undefined ? label : `${label}.${key}`} ${message}; ${client} could not start this server.`)
  const typed = <T>(key: string, accept: (value: unknown) => value is T, what: string): T | undefined => {
    const value = entry[key]
    if (value === undefined || value === null) return undefined
    if (!accept(value)) throw problem(key, `must be ${what}`)
    return value
  }
  return {
    has: (key) => Object.hasOwn(entry, key),
    string: (key) => typed(key, (value): value is string => typeof value === 'string', 'a string'),
    strings: (key) => typed(key, (value): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string'), 'a list of strings'),
    record: (key) =>
      typed(
        key,
        (value): value is Record<string, string> =>
          typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((item) => typeof item === 'string'),
        'an object of strings',
      ),
    boolean: (key) => typed(key, (value): value is boolean => typeof value === 'boolean', 'true or false'),
    problem,
  }
}

/** The value at `path` of a parsed config, undefined where the path runs out. */
export function valueAt(value: unknown, path: string[]): unknown {
  let current = value
  for (const key of path) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}

/**
 * The JSON shape most clients share (`command`/`args`/`env`/`cwd` for stdio; a URL field and `headers`
 * for HTTP; `disabled: true`), with the client's own URL fields and `type` values.
 * @param transportOf the transport for a server with a URL, from its `type` and the field the URL came from.
 */
export function readCommonEntry(
  read: EntryReader,
  urlFields: string[],
  transportOf: (type: string | undefined, urlField: string, url: string) => { transport: ServerTransport; pin?: 'streamable-http' | 'sse' } | undefined,
): ServerEntry {
  const disabled = read.boolean('disabled') === true
  const type = read.string('type')
  const command = read.string('command')
  const urlField = urlFields.find((field) => read.string(field) !== undefined)
  if (command !== undefined && (type === undefined || type === 'stdio')) {
    return {
      disabled,
      transport: 'stdio',
      stdio: { command, args: read.strings('args') ?? [], ...optional('cwd', read.string('cwd')), env: read.record('env') ?? {}, forwarded: [] },
    }
  }
  if (urlField === undefined) {
    if (type === 'stdio') throw read.problem('command', 'is missing (a stdio server needs the command that starts it)')
    throw read.problem(undefined, `has neither "command" nor ${urlFields.map((field) => `"${field}"`).join(' nor ')}`)
  }
  const url = read.string(urlField) ?? ''
  const transport = transportOf(type, urlField, url)
  if (transport === undefined) throw read.problem('type', `is "${type}", which this client does not know`)
  return { disabled, ...transport, http: { url, urlField, headers: read.record('headers') ?? {}, fromEnv: {} } }
}

/** `{ [key]: value }` when the value is defined, `{}` otherwise (for optional fields under exactOptionalPropertyTypes). */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V }
}
