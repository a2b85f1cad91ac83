import { parseArgs } from 'node:util'
import { MAX_TIMEOUT_MS } from '../capture/capture-raw.js'
import { SEVERITIES, type Severity } from '../diff/change.js'
import { profileNamesProblem } from '../lint/profile-registry.js'
import { REPORT_FORMATS, type ReportFormat } from '../report/format-report.js'
import { CliUsageError } from './cli-error.js'

/** The commands the CLI knows. */
export const COMMANDS = ['snapshot', 'check', 'show', 'diff', 'lint', 'mock', 'auth'] as const

/** A parsed command line. */
export interface Invocation {
  command: (typeof COMMANDS)[number]
  contract: string
  /** True when `--contract` was given (lint then reads the file when no server is given). */
  contractGiven: boolean
  format: ReportFormat
  /** `--profile NAME`, repeatable: the client-acceptance profiles to judge; default the built-in defaults. */
  profiles?: string[]
  strict: boolean
  failOn?: Severity
  timeoutMs?: number
  /** Positional arguments before `--` (the two files of `diff`). */
  files: string[]
  /** The server command after `--`. */
  serverCommand: string[]
  url?: string
  headers: Record<string, string>
  bearer?: string
  /** `mock`: the seed for generated values. */
  seed?: number
  /** `mock`: serve Streamable HTTP on this port instead of stdio. */
  port?: number
  /** `mock`: log each request to stderr. */
  verbose: boolean
  /** `auth`: what to do with the login for `--url`. */
  authAction: 'login' | 'logout' | 'status'
  /** `auth`: the scope to ask for. */
  scope?: string
  /** `auth`: open the browser (`--open false` only prints the URL). */
  openBrowser: boolean
  /** A client registered beforehand with the authorization server. */
  clientId?: string
  /** The environment variable holding the machine client's secret (client-credentials grant). */
  clientSecretEnv?: string
  /** `auth`: an https URL of a client metadata document to use as the client ID where supported. */
  clientMetadataUrl?: string
  help: boolean
}

/** The usage text printed by `--help` and after a usage error. */
export const USAGE = `Usage:
  mcp-contract snapshot [--contract FILE] -- <server command…>
  mcp-contract check    [--contract FILE] [--strict] [--fail-on SEVERITY] [--format text|json|markdown|junit] -- <server command…>
  mcp-contract show     [--format text|json] -- <server command…>
  mcp-contract diff OLD.json NEW.json [--strict] [--fail-on SEVERITY] [--format …]
  mcp-contract lint     [--profile NAME]… [--format text|json] -- <server command…>   (or --contract FILE: lint a contract file)
  mcp-contract mock     [--contract FILE] [--seed N] [--port N] [--verbose]   # a server from the contract (stdio, or HTTP on 127.0.0.1:N/mcp)
  mcp-contract auth     --url URL [--scope "a b"] [--port N] [--open false] [--client-id ID [--client-secret-env NAME]]
  mcp-contract auth     --url URL --logout  ·  mcp-contract auth --status   # log in once to an OAuth-protected server; list or remove logins

Instead of "-- <server command…>": --url URL [--header 'Name: value']… [--bearer TOKEN]
  (without --bearer: $MCP_CONTRACT_TOKEN, else --client-id ID --client-secret-env NAME, else the login cached by mcp-contract auth)
  --contract FILE   contract file (default mcp-contract.json)
  --timeout MS      wait at most MS for the server to start and for each request (default 10000)
  --profile NAME    a client-acceptance profile to judge (repeatable): mcp-2025-11-25, mcp-2026-07-28, sdk-typescript;
                    default mcp-2025-11-25 and sdk-typescript (check, diff and lint)
Exit codes: 0 nothing fails · 1 a change at or above the fail level · 2 could not run`

/**
 * Parses the CLI's arguments. Everything after `--` is the server command, untouched.
 * @throws CliUsageError for anything it cannot make sense of
 */
export function parseArgv(argv: readonly string[]): Invocation {
  const separator = argv.indexOf('--')
  const own = separator === -1 ? [...argv] : argv.slice(0, separator)
  const serverCommand = separator === -1 ? [] : argv.slice(separator + 1)
  let parsed: ReturnType<typeof parseOwn>
  try {
    parsed = parseOwn(own)
  } catch (error) {
    throw new CliUsageError((error as Error).message)
  }
  const { values, positionals } = parsed
  const help = values.help === true
  const [command, ...files] = positionals
  if (help && command === undefined) return { ...defaults(), help }
  if (!COMMANDS.includes(command as Invocation['command'])) {
    throw new CliUsageError(command === undefined ? 'no command given' : `unknown command "${command}" (expected ${COMMANDS.join(', ')})`)
  }
  const format = (values.format ?? 'text') as ReportFormat
  if (!REPORT_FORMATS.includes(format)) throw new CliUsageError(`--format must be one of ${REPORT_FORMATS.join(', ')}, not "${format}"`)
  if (command === 'lint' && format !== 'text' && format !== 'json') throw new CliUsageError(`lint prints --format text or json, not "${format}"`)
  const profiles = values.profile
  const profileProblem = profiles === undefined ? undefined : profileNamesProblem(profiles, '--profile')
  if (profileProblem !== undefined) throw new CliUsageError(profileProblem)
  const failOn = values['fail-on'] as Severity | undefined
  if (failOn !== undefined && !SEVERITIES.includes(failOn)) throw new CliUsageError(`--fail-on must be one of ${SEVERITIES.join(', ')}, not "${failOn}"`)
  const invocation: Invocation = {
    ...defaults(),
    command: command as Invocation['command'],
    contract: values.contract ?? 'mcp-contract.json',
    contractGiven: values.contract !== undefined,
    format,
    profiles,
    strict: values.strict === true,
    failOn,
    timeoutMs: parseTimeout(values.timeout),
    files,
    serverCommand,
    url: values.url,
    headers: parseHeaders(values.header ?? []),
    bearer: values.bearer,
    seed: parseInteger('--seed', values.seed, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
    port: parseInteger('--port', values.port, 0, 65535),
    verbose: values.verbose === true,
    authAction: values.logout === true ? 'logout' : values.status === true ? 'status' : 'login',
    scope: values.scope,
    openBrowser: parseOpen(values.open),
    clientId: values['client-id'],
    clientSecretEnv: values['client-secret-env'],
    clientMetadataUrl: values['client-metadata-url'],
    help,
  }
  checkTarget(invocation)
  return invocation
}

function parseOwn(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      contract: { type: 'string' },
      format: { type: 'string' },
      strict: { type: 'boolean' },
      'fail-on': { type: 'string' },
      timeout: { type: 'string' },
      url: { type: 'string' },
      header: { type: 'string', multiple: true },
      bearer: { type: 'string' },
      profile: { type: 'string', multiple: true },
      seed: { type: 'string' },
      port: { type: 'string' },
      verbose: { type: 'boolean' },
      scope: { type: 'string' },
      open: { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret-env': { type: 'string' },
      'client-metadata-url': { type: 'string' },
      logout: { type: 'boolean' },
      status: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
}

function defaults(): Invocation {
  return { command: 'check', contract: 'mcp-contract.json', contractGiven: false, format: 'text', strict: false, files: [], serverCommand: [], headers: {}, verbose: false, authAction: 'login', openBrowser: true, help: false }
}

function parseTimeout(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  // Why a pattern, not Number(): Number accepts "0x10", "1e3" and " 5 ", which nobody means as milliseconds.
  const ms = /^[1-9][0-9]*$/.test(value) ? Number(value) : Number.NaN
  if (!(ms <= MAX_TIMEOUT_MS)) {
    throw new CliUsageError(`--timeout must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (about 24.8 days), not "${value}"`)
  }
  return ms
}

function parseOpen(value: string | undefined): boolean {
  if (value === undefined || value === 'true') return true
  if (value === 'false') return false
  throw new CliUsageError(`--open must be true or false, not "${value}"`)
}

function parseInteger(option: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined
  const number = Number(value)
  if (!Number.isInteger(number) || number < min || number > max) throw new CliUsageError(`${option} must be an integer from ${min} to ${max}, not "${value}"`)
  return number
}

function parseHeaders(values: string[]): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const value of values) {
    const colon = value.indexOf(':')
    if (colon <= 0) throw new CliUsageError(`--header must look like 'Name: value', not "${value}"`)
    headers[value.slice(0, colon).trim()] = value.slice(colon + 1).trim()
  }
  return headers
}

function checkTarget(invocation: Invocation): void {
  const { command, files, serverCommand, url } = invocation
  if (command === 'diff') {
    if (files.length !== 2) throw new CliUsageError('diff takes two contract files: mcp-contract diff OLD.json NEW.json')
    return
  }
  if (command === 'mock') {
    if (files.length > 0 || url !== undefined || serverCommand.length > 0) throw new CliUsageError('mock serves the contract file (--contract FILE); it takes no server')
    return
  }
  if (command === 'auth') {
    checkAuth(invocation)
    return
  }
  if (invocation.clientSecretEnv !== undefined && invocation.clientId === undefined) throw new CliUsageError('--client-secret-env needs --client-id: the machine client the secret belongs to')
  if (files.length > 0) throw new CliUsageError(`unexpected argument "${files[0]}"; put the server command after --`)
  if (url !== undefined && serverCommand.length > 0) throw new CliUsageError('give either --url or a server command after --, not both')
  // Why: lint of a contract file needs no server; any other command without one cannot run.
  if (command === 'lint' && invocation.contractGiven && url === undefined && serverCommand.length === 0) return
  if (url === undefined && serverCommand.length === 0) throw new CliUsageError(`${command} needs a server: -- <server command…> or --url URL`)
  if (url !== undefined && hasCredentials(url)) {
    // Why not echo the URL: it holds the password this refuses to print.
    throw new CliUsageError(
      "--url has a user name or password in it; they would end up in shell history and CI logs. Pass them with --header 'Authorization: Basic …' or a token with --bearer TOKEN",
    )
  }
}

function checkAuth(invocation: Invocation): void {
  const { files, serverCommand, url, authAction } = invocation
  if (files.length > 0 || serverCommand.length > 0) throw new CliUsageError('auth takes the server as --url URL, nothing else')
  if (invocation.clientSecretEnv !== undefined && invocation.clientId === undefined) throw new CliUsageError('--client-secret-env needs --client-id: the machine client the secret belongs to')
  if (authAction === 'status') return
  if (url === undefined) throw new CliUsageError(`auth ${authAction === 'logout' ? '--logout ' : ''}needs the server: --url URL`)
  if (hasCredentials(url)) throw new CliUsageError('--url has a user name or password in it; they would end up in shell history and CI logs. Give the plain MCP endpoint URL')
}

function hasCredentials(url: string): boolean {
  try {
    const parsed = new URL(url)
    return parsed.username !== '' || parsed.password !== ''
  } catch {
    return /\/\/[^/?#]*@/.test(url)
  }
}
