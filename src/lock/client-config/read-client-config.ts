import { existsSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { isAbsolute, relative, resolve, sep } from 'node:path'
import type { HttpTarget, StdioTarget } from '../../capture/target.js'
import { ClientConfigError } from './client-config-error.js'
import type { ClientConfig, ConfiguredHttpStart, ConfiguredServer, ConfiguredStdioStart, ConfigWarning } from './types.js'
import type { ClientFormat } from './client-format.js'
import { CLIENT_FORMATS, formatOfFile } from './client-formats.js'
import { parseJsonConfig, parseTomlConfig, type ConfigDocument } from './config-document.js'
import { expand, type ExpansionScope } from './expand-variables.js'
import { inlineSecret } from './inline-secrets.js'
import { packageOfCommand } from './package-of-command.js'
import { entryReader, optional, valueAt, type ServerEntry } from './server-entry.js'

/** What replaces a secret written inline in an argument or a URL, in `start`. */
export const SECRET_MARK = '‹secret›'

/** What {@link readClientConfig} reads: one file, or the known locations under `cwd`. */
export interface ReadClientConfigOptions {
  /** One config file (relative to `cwd` or absolute); its format comes from its name, else from its contents. */
  file?: string
  /** The project folder: where known locations are looked for, relative paths resolved, `${workspaceFolder}` points. */
  cwd: string
  /** The environment variables expand from (usually `process.env`). */
  env: Record<string, string | undefined>
}

/**
 * Reads the MCP servers a project's clients start: one file (`file`, format from its name or contents)
 * or every known location under `cwd` (`.mcp.json`, `.vscode/mcp.json`, `.cursor/mcp.json`,
 * `.gemini/settings.json`, `.codex/config.toml`). Variables are expanded as each client documents;
 * a server needing an unset variable or a prompt gets `needs` and no `target`; secrets stay out of `start`.
 * @throws ConfigParseError at the line and column of a file that does not parse or a server its client could not start;
 *   ClientConfigError when no file is found or the files hold no server.
 * @example const config = await readClientConfig({ cwd: process.cwd(), env: process.env })
 */
export async function readClientConfig(options: ReadClientConfigOptions): Promise<ClientConfig> {
  const cwd = resolve(options.cwd)
  const files = options.file === undefined ? knownLocations(cwd) : [namedFile(cwd, options.file)]
  const config: ClientConfig = { files: [], servers: [], warnings: [] }
  const scope: ExpansionScope = {
    env: options.env,
    workspaceFolder: cwd,
    userHome: homedir(),
    pathSeparator: sep,
    readFile: (path) => {
      try {
        return readFileSync(resolve(cwd, path), 'utf8')
      } catch {
        return undefined
      }
    },
  }
  for (const { path, shown, format } of files) {
    const text = await readConfigText(path, shown)
    const doc = await parseDocument(shown, text, format)
    const found = format ?? formatOfFile(shown, () => doc.value)
    config.files.push(shown)
    readServers(doc, found, scope, config)
  }
  if (config.servers.length === 0) {
    throw new ClientConfigError(
      'no-servers',
      config.files.join(', '),
      `No MCP server in ${config.files.join(', ')}: nothing to lock or check. Add the servers your agents use (${config.files.length === 1 ? 'under' : 'each file under'} its servers key), or name another file with --config FILE.`,
    )
  }
  return config
}

interface ConfigFile {
  path: string
  shown: string
  format?: ClientFormat
}

/** The known locations that exist under `cwd`, in {@link CLIENT_FORMATS} order; none is an error. */
function knownLocations(cwd: string): ConfigFile[] {
  const looked = CLIENT_FORMATS.flatMap((format) => format.locations.map((location) => ({ path: resolve(cwd, location), shown: location, format })))
  const found = looked.filter((file) => existsSync(file.path))
  if (found.length === 0) {
    const places = looked.map((file) => `${file.shown} (${file.format.client})`).join(', ')
    throw new ClientConfigError(
      'not-found',
      cwd,
      `No MCP client config in ${cwd}: looked for ${places}. Run from the project folder, or name the file with --config FILE (claude_desktop_config.json, Windsurf's mcp_config.json, a Codex config.toml).`,
    )
  }
  return found
}

function namedFile(cwd: string, file: string): ConfigFile {
  const path = resolve(cwd, file)
  const inside = relative(cwd, path)
  const shown = (inside.startsWith('..') || isAbsolute(inside) ? path : inside).split(sep).join('/')
  if (!existsSync(path)) throw new ClientConfigError('not-found', shown, `No MCP client config at ${shown}: the file does not exist. Check the path given to --config.`)
  return { path, shown }
}

async function readConfigText(path: string, shown: string): Promise<string> {
  try {
    return await readFile(path, 'utf8')
  } catch (error) {
    throw new ClientConfigError('unreadable', shown, `Could not read the MCP client config ${shown}: ${(error as Error).message}.`, { cause: error })
  }
}

/** Parses by the format's syntax; a file whose format comes from its contents is read as JSON with comments first. */
async function parseDocument(shown: string, text: string, format: ClientFormat | undefined): Promise<ConfigDocument> {
  const found = format ?? CLIENT_FORMATS.find((candidate) => candidate.names(shown))
  if (found?.syntax === 'toml') return parseTomlConfig(shown, text, found.client)
  const doc = parseJsonConfig(shown, text, found?.syntax ?? 'jsonc', found?.client ?? 'an MCP client')
  if (found !== undefined) return doc
  // Why parse again: the format read from the contents decides whether comments were allowed.
  const byContents = formatOfFile(shown, () => doc.value)
  return parseJsonConfig(shown, text, byContents.syntax === 'toml' ? 'jsonc' : byContents.syntax, byContents.client)
}

function readServers(doc: ConfigDocument, format: ClientFormat, scope: ExpansionScope, config: ClientConfig): void {
  const servers = valueAt(doc.value, format.serversPath)
  if (servers === undefined) return
  const label = format.serversPath.join('.')
  if (typeof servers !== 'object' || servers === null || Array.isArray(servers)) {
    throw entryReader(doc, [], '', format.client).problem(label, `must be an object of servers by name (${format.client})`)
  }
  for (const name of Object.keys(servers)) {
    const path = [...format.serversPath, name]
    const entryLabel = `${label}.${name}`
    const value = (servers as Record<string, unknown>)[name]
    const read = entryReader(doc, path, entryLabel, format.client)
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw read.problem(undefined, 'must be an object')
    const entry = format.readEntry(read)
    const disabled = entry.disabled || format.excluded?.(doc.value, name, scope.workspaceFolder) === true
    config.servers.push(configuredServer(name, entry, disabled, { doc, format, entryLabel, scope, warnings: config.warnings }))
  }
}

interface ServerContext {
  doc: ConfigDocument
  format: ClientFormat
  entryLabel: string
  scope: ExpansionScope
  warnings: ConfigWarning[]
}

function configuredServer(name: string, entry: ServerEntry, disabled: boolean, context: ServerContext): ConfiguredServer {
  const { doc, format } = context
  const needs: string[] = []
  const expandField = (field: string, text: string, secretName: string | false | undefined): string => {
    const expanded = expand(text, format.variables, context.scope)
    for (const need of expanded.needs) if (!needs.includes(need)) needs.push(need)
    const secret = secretName === false ? undefined : secretIn(secretName, text, format)
    if (secret !== undefined) warnOfSecret(name, field, secret, context, typeof secretName === 'string' && /^[A-Z][A-Z0-9_]*$/.test(secretName) ? secretName : 'NAME')
    return expanded.value
  }
  const source = { file: doc.file, format: format.id, line: doc.at([...format.serversPath, name]).line }
  let start: ConfiguredStdioStart | ConfiguredHttpStart
  let target: StdioTarget | HttpTarget
  if (entry.stdio !== undefined) {
    const { command, args, cwd, env, forwarded } = entry.stdio
    const expandedEnv: Record<string, string> = {}
    for (const [key, value] of Object.entries(env)) expandedEnv[key] = expandField(`${context.entryLabel}.env.${key}`, value, key)
    for (const key of forwarded) {
      const value = context.scope.env[key]
      if (value !== undefined && expandedEnv[key] === undefined) expandedEnv[key] = value
    }
    const expandedArgs = args.map((arg, index) => expandField(`${context.entryLabel}.args[${index}]`, arg, argumentName(args, index)))
    const expandedCwd = cwd === undefined ? undefined : resolve(context.scope.workspaceFolder, expandField(`${context.entryLabel}.cwd`, cwd, false))
    start = {
      command,
      args: args.map((arg, index) => (secretIn(argumentName(args, index), arg, format) === undefined ? arg : SECRET_MARK)),
      ...optional('cwd', cwd),
      env: [...new Set([...Object.keys(env), ...forwarded])].sort(),
    }
    target = { command: expandField(`${context.entryLabel}.command`, command, false), args: expandedArgs, ...optional('cwd', expandedCwd), ...(Object.keys(expandedEnv).length > 0 ? { env: expandedEnv } : {}) }
  } else {
    const http = entry.http
    if (http === undefined) throw new Error(`${format.id} read ${name} with neither stdio nor http`)
    const headers: Record<string, string> = {}
    for (const [key, value] of Object.entries(http.headers)) headers[key] = expandField(`${context.entryLabel}.headers.${key}`, value, key)
    for (const [key, { variable, prefix, required }] of Object.entries(http.fromEnv)) {
      const value = context.scope.env[variable]
      if (value !== undefined) headers[key] = `${prefix}${value}`
      else if (required && !needs.includes(variable)) needs.push(variable)
    }
    const url = expandField(`${context.entryLabel}.${http.urlField}`, http.url, false)
    const shownUrl = redactUrl(http.url, format)
    if (shownUrl !== http.url) warnOfSecret(name, `${context.entryLabel}.${http.urlField}`, 'a secret', context, 'NAME')
    start = { url: shownUrl, headers: [...new Set([...Object.keys(http.headers), ...Object.keys(http.fromEnv)])].sort() }
    target = { url, ...(Object.keys(headers).length > 0 ? { headers } : {}), ...optional('transport', entry.pin) }
  }
  const pkg = entry.stdio === undefined ? undefined : packageOfCommand(entry.stdio.command, entry.stdio.args)
  return {
    name,
    source,
    disabled,
    transport: entry.transport,
    start,
    ...(disabled || needs.length > 0 ? {} : { target }),
    needs,
    ...optional('package', pkg),
  }
}

/** The kind of secret written inline in `text` (its variable references removed), if any. */
function secretIn(name: string | undefined, text: string, format: ClientFormat): string | undefined {
  const literal = format.variables === undefined ? text : text.replace(new RegExp(format.variables.pattern.source, 'g'), '')
  return inlineSecret(name, literal)
}

function warnOfSecret(server: string, field: string, what: string, context: ServerContext, variable: string): void {
  const variables = context.format.variables
  const advice =
    variables === undefined
      ? context.format.id === 'codex'
        ? 'move it to an environment variable and name it (env_vars, bearer_token_env_var or env_http_headers)'
        : 'move it out of the file (this client expands no variables: set it in the environment the client starts from)'
      : `move it to an environment variable and write ${variables.envReference(variable)} instead`
  context.warnings.push({
    file: context.doc.file,
    server,
    field,
    message: `${field} holds ${what} written inline; anyone who can read ${context.doc.file} can use it. It is kept out of the lock; ${advice}.`,
  })
}

/** The option an argument is the value of (`--api-key=V`, or `--api-key V`), which says whether a long random value is a secret. */
function argumentName(args: string[], index: number): string | undefined {
  const own = /^--?([A-Za-z][\w-]*)=/.exec(args[index] ?? '')?.[1]
  if (own !== undefined) return own
  return /^--?([A-Za-z][\w-]*)$/.exec(args[index - 1] ?? '')?.[1]
}

/** The URL as written, with a query value that is an inline secret replaced by {@link SECRET_MARK}. */
function redactUrl(url: string, format: ClientFormat): string {
  return url.replace(/([?&][^=&#]+=)([^&#]*)/g, (whole, key: string, value: string) => (secretIn(key.slice(1, -1), value, format) === undefined ? whole : `${key}${SECRET_MARK}`))
}
