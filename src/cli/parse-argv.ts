import { parseArgs } from 'node:util'
import { ERA_OPTIONS, type EraOption } from '../capture/era.js'
import { MAX_TIMEOUT_MS } from '../capture/timeout-limits.js'
import { SEVERITIES, type Severity } from '../diff/change.js'
import { REPORT_FORMATS, type ReportFormat } from '../report/report-formats.js'
import { groupCredentials, type AuthorizationFlags } from './authorization-flags.js'
import { CliUsageError } from './cli-error.js'
import { COMMANDS, inOurWords, refuseOptionsNotTaken, suggestName } from './command-options.js'
import { parserOptions } from './option-table.js'


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
  /** `--ignore KIND[:PATH]` (repeatable): change kinds dropped from the report (at PATH only, when given), joined with the config file's. */
  ignore?: string[]
  timeoutMs?: number
  /** Positional arguments before `--` (the two files of `diff`). */
  files: string[]
  /** The server command after `--`. */
  serverCommand: string[]
  url?: string
  headers: Record<string, string>
  bearer?: string
  /** `--bearer-env NAME` before any `--as`: the unnamed credentials' token, read from that variable. */
  bearerEnv?: string
  /** `--as NAME` and the credentials after it (with `--url`): each named authorization to read the server as. */
  authorizations?: AuthorizationFlags[]
  /** `mock`: the seed for generated values. */
  seed?: number
  /** `mock`: serve Streamable HTTP on this port instead of stdio. */
  port?: number
  /** `--used NAME[,NAME…]` (repeatable, globs with `*`): only these entities' changes can fail. */
  used?: string[]
  /** `--used-by FILE|GLOB` (repeatable): the consumer's source files; the names they mention count as used. */
  usedBy?: string[]
  /** `verify --consumers PATH` (repeatable): consumer contract files or folders of them. */
  consumers?: string[]
  /** `pact export --out DIR`: where the pacts go (default the working folder). */
  out?: string
  /** `pact export`, `publish`: the provider's name, over the one a consumer contract records or a pact names; `verify`: the provider verified, over the live `serverInfo.name`. */
  provider?: string
  /** `publish --to DIR|s3://bucket/prefix`. */
  to?: string
  /** `publish --consumer-version V`. */
  consumerVersion?: string
  /** `publish --branch B`. */
  branch?: string
  /** `verify --consumer-branch B`: read each consumer's latest on this branch from a store. */
  consumerBranch?: string
  /** `record --consumer NAME`: the consumer whose uses are recorded. */
  consumer?: string
  /** `record --given STATE`: the state the server is in for the recorded calls. */
  given?: string
  /** `record --new`: record --out even when its name is one slip from a file beside it (else refused as a typo). */
  recordNew?: boolean
  /** `record --redact PATH` (repeatable): argument paths whose values never reach the contract. */
  redact?: string[]
  /** `record --max-examples N`: at most N examples per tool. */
  maxExamples?: number
  /** `verify --call`: call each used tool with each recorded example (read-only tools only, unless `allowDestructive`). */
  call: boolean
  /** `verify --call --allow-destructive`: also call tools the server does not mark read-only. */
  allowDestructive: boolean
  /** `mock`: log each request to stderr. */
  verbose: boolean
  /** `--era`; when absent, `check` reads the eras its contract was recorded in, the rest `auto`. */
  era?: EraOption
  /** `--transport` (with `--url`): pin Streamable HTTP or legacy HTTP+SSE; default tries the first, then the second. */
  transport?: HttpTransport
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
  /** `snapshot --force`: record over a contract even when changes at or above the fail level would be lost. */
  force: boolean
  /** `--suggest-version` (check, diff, show): print the smallest release the changes need. */
  suggestVersion: boolean
  /** `--tokens` (show): print what each tool and the whole list cost an agent in tokens. */
  tokens: boolean
  /** `--lock FILE` (`lock`: the file written; `check`: check every server of it); a bare `--lock` is the default file. */
  lockFile?: string
  /** `--config FILE` (lock, check --lock): the client config read; default the known places under the working folder. */
  clientConfig?: string
  /** `--allow-not-checked` (lock, check --lock): a server that could not be read does not fail the run; it is still listed. */
  allowNotChecked: boolean
  /** `--help`: the general help, or the command's own when a command is given. */
  help: boolean
  /** `--version`: print the package's version. */
  version: boolean
}

/** The formats `verify` prints. */
export const VERIFY_FORMATS = ['text', 'json', 'markdown', 'junit', 'sarif', 'github'] as const

/** The HTTP transports `--transport` can pin. */
export const HTTP_TRANSPORTS = ['streamable-http', 'sse'] as const

/** One of {@link HTTP_TRANSPORTS}. */
export type HttpTransport = (typeof HTTP_TRANSPORTS)[number]

export { COMMAND_OPTIONS, COMMANDS } from './command-options.js'

/**
 * Parses the CLI's arguments. Everything after `--` is the server command, untouched.
 * Why async: the change kinds and the profiles that `--ignore` and `--profile` name are loaded
 * only when those options are given, so `record` (whose whole suite waits on its start) loads neither.
 * @throws CliUsageError for anything it cannot make sense of
 */
export async function parseArgv(argv: readonly string[]): Promise<Invocation> {
  const separator = argv.indexOf('--')
  const own = withDefaultLock(separator === -1 ? [...argv] : argv.slice(0, separator))
  const serverCommand = separator === -1 ? [] : argv.slice(separator + 1)
  let parsed: ReturnType<typeof parseOwn>
  try {
    parsed = parseOwn(own)
  } catch (error) {
    throw new CliUsageError(inOurWords(error as Error & { code?: string }, own, separator !== -1))
  }
  const credentials = groupCredentials(parsed.tokens ?? [])
  const { values, positionals } = parsed
  // Why: `mcp-contract help check` and `mcp-contract version` work as in npm and git.
  if (positionals[0] === 'version' && positionals.length === 1) return { ...defaults(), version: true }
  const helpWord = positionals[0] === 'help'
  const [command, ...files] = helpWord ? positionals.slice(1) : positionals
  const help = values.help === true || helpWord
  if (values.version === true) return { ...defaults(), version: true }
  if (help && command === undefined) return { ...defaults(), help }
  if (!COMMANDS.includes(command as Invocation['command'])) {
    if (command === undefined) throw new CliUsageError('no command given')
    const suggestion = suggestName(command, COMMANDS)
    throw new CliUsageError(`unknown command "${command}" (${suggestion ? `${suggestion} ` : ''}expected ${COMMANDS.join(', ')})`)
  }
  if (help) return { ...defaults(), command: command as Invocation['command'], help }
  const format = (values.format ?? 'text') as ReportFormat
  if (!REPORT_FORMATS.includes(format)) throw new CliUsageError(`--format must be one of ${REPORT_FORMATS.join(', ')}, not "${format}"`)
  if (command === 'lint' && format !== 'text' && format !== 'json') throw new CliUsageError(`${command} prints --format text or json, not "${format}"`)
  if (command === 'verify' && !(VERIFY_FORMATS as readonly string[]).includes(format)) throw new CliUsageError(`verify prints --format ${VERIFY_FORMATS.join(', ')}, not "${format}"`)
  const profiles = values.profile
  const profileProblem = profiles === undefined ? undefined : (await import('../lint/profile-registry.js')).profileNamesProblem(profiles, '--profile')
  if (profileProblem !== undefined) throw new CliUsageError(profileProblem)
  const used = values.used?.flatMap((list) => list.split(',')).map((name) => name.trim())
  if (used !== undefined && used.some((name) => name === '')) throw new CliUsageError(`--used takes tool, prompt or resource names separated by commas (globs with *), such as --used search_products,get_*; got "${values.used?.join(',')}"`)
  const usedBy = values['used-by']
  if ((used !== undefined || usedBy !== undefined) && !['check', 'diff', 'show'].includes(command as string)) throw new CliUsageError(`--used and --used-by go with check, diff and show, not ${command}`)
  if (used !== undefined && command === 'show') throw new CliUsageError('show takes --used-by (to print what the consumer uses), not --used')
  const consumers = values.consumers
  if (command === 'verify' && consumers === undefined) throw new CliUsageError('verify needs --consumers FILE|DIR: a consumer contract (*.mcp-consumer.json) or a folder of them')
  if (command !== 'verify' && consumers !== undefined) throw new CliUsageError(`--consumers goes with verify, not ${command}`)
  const only = (option: string, commands: string[], value: unknown) => {
    if (value !== undefined && !commands.includes(command as string)) throw new CliUsageError(`${option} goes with ${commands.join(' and ')}, not ${command}`)
  }
  only('--config', ['lock', 'check'], values.config)
  only('--allow-not-checked', ['lock', 'check'], values['allow-not-checked'])
  if (command === 'check' && values.lock === undefined && (values.config !== undefined || values['allow-not-checked'] !== undefined)) throw new CliUsageError('--config and --allow-not-checked go with check --lock (every server of the lock file), or with lock')
  only('--out', ['pact', 'record'], values.out)
  only('--consumer', ['record'], values.consumer)
  only('--given', ['record'], values.given)
  only('--redact', ['record'], values.redact)
  only('--max-examples', ['record'], values['max-examples'])
  only('--new', ['record'], values.new)
  only('--provider', ['pact', 'publish', 'verify'], values.provider)
  only('--to', ['publish'], values.to)
  only('--consumer-version', ['publish'], values['consumer-version'])
  only('--branch', ['publish'], values.branch)
  only('--consumer-branch', ['verify'], values['consumer-branch'])
  if (command !== 'verify' && (values.call !== undefined || values['allow-destructive'] !== undefined)) throw new CliUsageError(`--call and --allow-destructive go with verify, not ${command}`)
  if (values['allow-destructive'] === true && values.call !== true) throw new CliUsageError('--allow-destructive goes with --call: without --call no tool is called at all')
  if (values.force === true && command !== 'snapshot') throw new CliUsageError(`--force goes with snapshot, not ${command}`)
  if (values['suggest-version'] === true && !['check', 'diff', 'show'].includes(command as string)) throw new CliUsageError(`--suggest-version goes with check, diff and show, not ${command}`)
  const showModes = [values['suggest-version'] === true ? '--suggest-version' : '', values['used-by'] !== undefined ? '--used-by' : '', values.tokens === true ? '--tokens' : ''].filter((mode) => mode !== '')
  if (command === 'show' && showModes.length > 1) throw new CliUsageError(`show takes one of --suggest-version, --used-by and --tokens, not ${showModes.join(' and ')}`)
  const ignore = values.ignore
  if (ignore !== undefined) {
    const [{ KIND_IDS }, { ignoreRuleProblem }] = await Promise.all([import('../diff/registry.js'), import('../diff/ignore-rule.js')])
    const ignoreProblem = ignore.map((entry) => ignoreRuleProblem(entry, KIND_IDS)).find((problem) => problem !== undefined)
    if (ignoreProblem !== undefined) throw new CliUsageError(`--ignore takes KIND or KIND:PATH: ${ignoreProblem} docs/rules.md lists every kind.`)
  }
  const failOn = values['fail-on'] as Severity | undefined
  if (failOn !== undefined && !SEVERITIES.includes(failOn)) throw new CliUsageError(`--fail-on must be one of ${SEVERITIES.join(', ')}, not "${failOn}"`)
  const era = values.era as EraOption | undefined
  if (era !== undefined && !ERA_OPTIONS.includes(era)) throw new CliUsageError(`--era must be one of ${ERA_OPTIONS.join(', ')}, not "${era}"`)
  const transport = values.transport as HttpTransport | undefined
  if (transport !== undefined && !HTTP_TRANSPORTS.includes(transport)) throw new CliUsageError(`--transport must be one of ${HTTP_TRANSPORTS.join(', ')}, not "${transport}"`)
  if (transport !== undefined && values.url === undefined) throw new CliUsageError('--transport applies to --url only; a server command always speaks stdio')
  refuseOptionsNotTaken(command as Invocation['command'], parsed.tokens ?? [])
  const invocation: Invocation = {
    ...defaults(),
    command: command as Invocation['command'],
    contract: values.contract ?? 'mcp-contract.json',
    contractGiven: values.contract !== undefined,
    format,
    profiles,
    strict: values.strict === true,
    failOn,
    ...(ignore !== undefined ? { ignore } : {}),
    timeoutMs: parseTimeout(values.timeout),
    files,
    serverCommand,
    url: values.url,
    headers: credentials.unnamed.headers,
    bearer: credentials.unnamed.bearer,
    ...(credentials.unnamed.bearerEnv !== undefined ? { bearerEnv: credentials.unnamed.bearerEnv } : {}),
    ...(credentials.named.length > 0 ? { authorizations: credentials.named } : {}),
    seed: parseInteger('--seed', values.seed, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
    port: parseInteger('--port', values.port, 0, 65535),
    verbose: values.verbose === true,
    force: values.force === true,
    suggestVersion: values['suggest-version'] === true,
    tokens: values.tokens === true,
    era,
    transport,
    ...(used !== undefined ? { used } : {}),
    ...(usedBy !== undefined ? { usedBy } : {}),
    ...(consumers !== undefined ? { consumers } : {}),
    ...(values.out !== undefined ? { out: values.out } : {}),
    ...(values.provider !== undefined ? { provider: values.provider } : {}),
    ...(values.to !== undefined ? { to: values.to } : {}),
    ...(values['consumer-version'] !== undefined ? { consumerVersion: values['consumer-version'] } : {}),
    ...(values.branch !== undefined ? { branch: values.branch } : {}),
    ...(values['consumer-branch'] !== undefined ? { consumerBranch: values['consumer-branch'] } : {}),
    ...(values.consumer !== undefined ? { consumer: values.consumer } : {}),
    ...(values.given !== undefined ? { given: values.given } : {}),
    ...(values.redact !== undefined ? { redact: values.redact } : {}),
    ...(values.new === true ? { recordNew: true } : {}),
    ...(values['max-examples'] !== undefined ? { maxExamples: parseInteger('--max-examples', values['max-examples'], 1, 100) } : {}),
    call: values.call === true,
    allowDestructive: values['allow-destructive'] === true,
    authAction: values.logout === true ? 'logout' : values.status === true ? 'status' : 'login',
    scope: values.scope,
    openBrowser: parseOpen(values.open),
    clientId: values['client-id'],
    clientSecretEnv: values['client-secret-env'],
    clientMetadataUrl: values['client-metadata-url'],
    ...(values.lock !== undefined ? { lockFile: values.lock } : command === 'lock' ? { lockFile: DEFAULT_LOCK_FILE } : {}),
    ...(values.config !== undefined ? { clientConfig: values.config } : {}),
    allowNotChecked: values['allow-not-checked'] === true,
    help,
  }
  checkTarget(invocation)
  return invocation
}

/** The parser's options, from the option table. */
const PARSER_OPTIONS = parserOptions()

/** The lock file `--lock` names when given no value. */
const DEFAULT_LOCK_FILE = 'mcp-contract.lock.json'

/**
 * The arguments with a bare `--lock` (last, or before another option) given the default file.
 * Why: `check --lock` reads as "check the lock", and `--lock FILE` names another; the parser
 * itself knows only options that always or never take a value.
 */
function withDefaultLock(own: string[]): string[] {
  return own.map((arg, at) => (arg === '--lock' && (at === own.length - 1 || own[at + 1].startsWith('-')) ? `--lock=${DEFAULT_LOCK_FILE}` : arg))
}

function parseOwn(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    tokens: true,
    options: PARSER_OPTIONS,
  })
}

function defaults(): Invocation {
  return {
    command: 'check',
    contract: 'mcp-contract.json',
    contractGiven: false,
    format: 'text',
    strict: false,
    files: [],
    serverCommand: [],
    headers: {},
    verbose: false,
    call: false,
    allowDestructive: false,
    force: false,
    suggestVersion: false,
    tokens: false,
    allowNotChecked: false,
    authAction: 'login',
    openBrowser: true,
    help: false,
    version: false,
  }
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

function checkTarget(invocation: Invocation): void {
  const { command, files, serverCommand, url } = invocation
  if (command === 'diff') {
    if (files.length !== 2) throw new CliUsageError('diff takes two contract files: mcp-contract diff OLD.json NEW.json')
    return
  }
  if (command === 'pact') {
    if (files[0] !== 'export') throw new CliUsageError(files[0] === undefined ? 'pact needs a subcommand: mcp-contract pact export CONTRACT… [--out DIR] [--provider NAME]' : `unknown pact subcommand "${files[0]}" (expected export)`)
    if (files.length < 2) throw new CliUsageError('pact export takes consumer contract files: mcp-contract pact export contracts/*.mcp-consumer.json --provider NAME')
    if (url !== undefined || serverCommand.length > 0) throw new CliUsageError('pact export reads consumer contract files; it takes no server')
    return
  }
  if (command === 'publish') {
    if (files.length === 0) throw new CliUsageError('publish takes contract files: mcp-contract publish FILE… --to DIR|s3://bucket/prefix --consumer-version V')
    if (invocation.to === undefined) throw new CliUsageError('publish needs --to DIR or --to s3://bucket/prefix: where the contracts go')
    if (invocation.consumerVersion === undefined) throw new CliUsageError("publish needs --consumer-version V: the consumer's version (a release number or a commit SHA)")
    if (url !== undefined || serverCommand.length > 0) throw new CliUsageError('publish reads contract files; it takes no server')
    return
  }
  if (command === 'mock') {
    if (files.length > 0 || url !== undefined || serverCommand.length > 0) throw new CliUsageError('mock serves the contract file (--contract FILE); it takes no server')
    return
  }
  if (command === 'record') {
    checkRecord(invocation)
    return
  }
  if (command === 'lock' || (command === 'check' && invocation.lockFile !== undefined)) {
    // Why: the servers come from the client config; a server command here would be silently ignored.
    if (url !== undefined || serverCommand.length > 0) throw new CliUsageError(`${command === 'lock' ? 'lock' : 'check --lock'} reads its servers from the client config (--config FILE, or .mcp.json and the other known places); it takes no server command or --url`)
    if (command === 'check' && files.length > 0) throw new CliUsageError(`unexpected argument "${files[0]}"; check --lock checks every locked server (name another lock file with --lock FILE)`)
    return
  }
  if (files.length > 0) throw new CliUsageError(`unexpected argument "${files[0]}"; put the server command after --, as in: mcp-contract ${command} -- ${files.join(' ')}`)
  if (command === 'auth') {
    checkAuth(invocation)
    return
  }
  if (invocation.clientSecretEnv !== undefined && invocation.clientId === undefined) throw new CliUsageError('--client-secret-env needs --client-id: the machine client the secret belongs to')
  if (files.length > 0) throw new CliUsageError(`unexpected argument "${files[0]}"; put the server command after --`)
  if (url !== undefined && serverCommand.length > 0) throw new CliUsageError('give either --url or a server command after --, not both')
  // Why no check of the command here: COMMAND_OPTIONS already refuses --as outside snapshot, check and show.
  if (invocation.authorizations !== undefined && url === undefined) throw new CliUsageError('--as names an authorization to read an HTTP server as; it needs --url (a stdio server takes its credentials from its environment)')
  // Why: lint and show of a contract file need no server; any other command without one cannot run.
  if ((command === 'lint' || command === 'show') && invocation.contractGiven && url === undefined && serverCommand.length === 0) return
  if (url === undefined && serverCommand.length === 0) throw new CliUsageError(`${command} needs a server: -- <server command…> or --url URL`)
  if (url !== undefined && hasCredentials(url)) {
    // Why not echo the URL: it holds the password this refuses to print.
    throw new CliUsageError(
      "--url has a user name or password in it; they would end up in shell history and CI logs. Pass them with --header 'Authorization: Basic …' or a token with --bearer TOKEN",
    )
  }
}

function checkRecord(invocation: Invocation): void {
  const { files, serverCommand, url } = invocation
  if (invocation.consumer === undefined || invocation.consumer.trim() === '') throw new CliUsageError("record needs --consumer NAME: the consumer whose uses it records (such as --consumer checkout-agent)")
  if (invocation.out === undefined) throw new CliUsageError('record needs --out FILE: the consumer contract to write (such as --out contracts/checkout-agent.mcp-consumer.json)')
  if (invocation.given !== undefined && invocation.given.trim() === '') throw new CliUsageError("--given names the server's state for the recorded calls, such as --given 'cart has 2 items'")
  if (files.length > 0) throw new CliUsageError(`unexpected argument "${files[0]}"; put the server command after --, as in: mcp-contract record --consumer NAME --out FILE -- ${files.join(' ')}`)
  if (url !== undefined && serverCommand.length > 0) throw new CliUsageError('record proxies either a server command after -- (stdio) or --url URL (Streamable HTTP), not both')
  if (url === undefined && serverCommand.length === 0) throw new CliUsageError('record needs the server to proxy: -- <server command…> or --url URL')
  if (url === undefined && (invocation.port !== undefined || Object.keys(invocation.headers).length > 0 || invocation.bearer !== undefined)) throw new CliUsageError('--port, --header and --bearer go with record --url; a server command after -- speaks stdio')
  if (invocation.authorizations !== undefined || invocation.bearerEnv !== undefined) throw new CliUsageError('record forwards the client\'s own credentials; add fixed ones with --header only')
  if (url !== undefined && hasCredentials(url)) throw new CliUsageError("--url has a user name or password in it; they would end up in shell history and CI logs. Pass them with --header 'Authorization: Basic …'")
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
