import { parseArgs } from 'node:util'
import { ERA_OPTIONS, MAX_TIMEOUT_MS, type EraOption } from '../capture/capture-raw.js'
import { SEVERITIES, type Severity } from '../diff/change.js'
import { REPORT_FORMATS, type ReportFormat } from '../report/format-report.js'
import { CliUsageError } from './cli-error.js'

/** The commands the CLI knows. */
export const COMMANDS = ['snapshot', 'check', 'show', 'diff'] as const

/** A parsed command line. */
export interface Invocation {
  command: (typeof COMMANDS)[number]
  contract: string
  format: ReportFormat
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
  /** `--era`; when absent, `check` reads the eras its contract was recorded in, the rest `auto`. */
  era?: EraOption
  /** `--transport` (with `--url`): pin Streamable HTTP or legacy HTTP+SSE; default tries the first, then the second. */
  transport?: HttpTransport
  help: boolean
}

/** The HTTP transports `--transport` can pin. */
export const HTTP_TRANSPORTS = ['streamable-http', 'sse'] as const

/** One of {@link HTTP_TRANSPORTS}. */
export type HttpTransport = (typeof HTTP_TRANSPORTS)[number]

/** The usage text printed by `--help` and after a usage error. */
export const USAGE = `Usage:
  mcp-contract snapshot [--contract FILE] -- <server command…>
  mcp-contract check    [--contract FILE] [--strict] [--fail-on SEVERITY] [--format text|json|markdown|junit] -- <server command…>
  mcp-contract show     [--format text|json] -- <server command…>
  mcp-contract diff OLD.json NEW.json [--strict] [--fail-on SEVERITY] [--format …]

Instead of "-- <server command…>": --url URL [--header 'Name: value']… [--bearer TOKEN] [--transport streamable-http|sse]
  --contract FILE   contract file (default mcp-contract.json)
  --era ERA         auto (default: initialize, then server/discover if refused), legacy, 2026-07-28, or both
  --timeout MS      wait at most MS for the server to start and for each request (default 10000)
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
  const failOn = values['fail-on'] as Severity | undefined
  if (failOn !== undefined && !SEVERITIES.includes(failOn)) throw new CliUsageError(`--fail-on must be one of ${SEVERITIES.join(', ')}, not "${failOn}"`)
  const era = values.era as EraOption | undefined
  if (era !== undefined && !ERA_OPTIONS.includes(era)) throw new CliUsageError(`--era must be one of ${ERA_OPTIONS.join(', ')}, not "${era}"`)
  const transport = values.transport as HttpTransport | undefined
  if (transport !== undefined && !HTTP_TRANSPORTS.includes(transport)) throw new CliUsageError(`--transport must be one of ${HTTP_TRANSPORTS.join(', ')}, not "${transport}"`)
  if (transport !== undefined && values.url === undefined) throw new CliUsageError('--transport applies to --url only; a server command always speaks stdio')
  const invocation: Invocation = {
    ...defaults(),
    command: command as Invocation['command'],
    contract: values.contract ?? 'mcp-contract.json',
    format,
    strict: values.strict === true,
    failOn,
    timeoutMs: parseTimeout(values.timeout),
    files,
    serverCommand,
    url: values.url,
    headers: parseHeaders(values.header ?? []),
    bearer: values.bearer,
    era,
    transport,
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
      era: { type: 'string' },
      transport: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
}

function defaults(): Invocation {
  return { command: 'check', contract: 'mcp-contract.json', format: 'text', strict: false, files: [], serverCommand: [], headers: {}, help: false }
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
  if (files.length > 0) throw new CliUsageError(`unexpected argument "${files[0]}"; put the server command after --`)
  if (url !== undefined && serverCommand.length > 0) throw new CliUsageError('give either --url or a server command after --, not both')
  if (url === undefined && serverCommand.length === 0) throw new CliUsageError(`${command} needs a server: -- <server command…> or --url URL`)
  if (url !== undefined && hasCredentials(url)) {
    // Why not echo the URL: it holds the password this refuses to print.
    throw new CliUsageError(
      "--url has a user name or password in it; they would end up in shell history and CI logs. Pass them with --header 'Authorization: Basic …' or a token with --bearer TOKEN",
    )
  }
}

function hasCredentials(url: string): boolean {
  try {
    const parsed = new URL(url)
    return parsed.username !== '' || parsed.password !== ''
  } catch {
    return /\/\/[^/?#]*@/.test(url)
  }
}
