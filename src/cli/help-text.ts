/**
 * What `mcp-contract --help` prints (each command's line, the options that reach a server, what
 * the severities mean, examples for stdio and HTTP) and what `mcp-contract <command> --help`
 * prints (that command's options, each explained, when it stops, and its own exit codes).
 */

import { COMMAND_OPTIONS } from './command-options.js'

/** One line per command, as the general help lists them. */
const COMMAND_LINES = {
  snapshot: 'mcp-contract snapshot [--contract FILE] [--fail-on SEVERITY] [--force] -- <server command…>   record the contract file',
  check:
    'mcp-contract check    [--lock [FILE] [--config FILE] [--allow-not-checked]] [--contract FILE] [--strict] [--fail-on SEVERITY] [--ignore KIND[:PATH]]… [--used …] [--used-by …] [--suggest-version] [--format text|json|markdown|junit|sarif|github] -- <server command…>',
  show: 'mcp-contract show     [--format text|json] [--suggest-version | --tokens] [--used-by FILE|GLOB] -- <server command…> | --contract FILE   print the surface (or the release it needs, or its cost in tokens), record nothing',
  diff: 'mcp-contract diff OLD.json NEW.json [--strict] [--fail-on SEVERITY] [--ignore KIND[:PATH]]… [--suggest-version] [--format …]   compare two contract files',
  verify: 'mcp-contract verify   --consumers FILE|DIR|GLOB|s3://…|https://… [--consumer-branch B] [--provider NAME] [--call [--allow-destructive]] [--ignore KIND[:PATH]]… [--format text|json|markdown|junit|sarif|github] -- <server command…>   does it still serve each consumer?',
  pact: 'mcp-contract pact export CONTRACT… [--out DIR] [--provider NAME]   write consumer contracts as Pact V4 pacts (<consumer>-<provider>.json)',
  publish: 'mcp-contract publish FILE… --to DIR|s3://bucket/prefix --consumer-version V [--branch B] [--provider NAME]   share contracts with providers',
  lint: 'mcp-contract lint     [--profile NAME]… [--format text|json] -- <server command…>   (or --contract FILE alone: lint a contract file)',
  mock: 'mcp-contract mock     [--contract FILE] [--seed N] [--port N] [--verbose]   a server from the contract (stdio, or HTTP on 127.0.0.1:N/mcp)',
  record:
    'mcp-contract record   --consumer NAME --out FILE [--new] [--given STATE] [--redact PATH]… [--max-examples N] (-- <server command…> | --url URL [--port N] [--header \'K: V\']…)   record a consumer from its traffic',
  auth: 'mcp-contract auth     --url URL [--scope "a b"] [--port N] [--open false] [--client-id ID [--client-secret-env NAME]] | --url URL --logout | --status',
  lock: 'mcp-contract lock     [NAME…] [--config FILE] [--lock FILE] [--allow-not-checked]   lock every server of the client config (.mcp.json, VS Code, Cursor, …); check them with check --lock',
} as const

/** What each command does, for its own `--help`. */
const COMMAND_PURPOSE: Record<keyof typeof COMMAND_LINES, string> = {
  snapshot:
    "Records the server's surface into the contract file (default mcp-contract.json). Over an existing file it prints the classified diff first, writes nothing when the surface is unchanged, and refuses (exit 1) when a change reaches --fail-on (default risky) unless --force is given. It reads the server twice (a command started twice, a URL listed twice) and records what changed by itself (a clock, a random id) as volatile, compared by its shape.",
  check: 'Compares the server with the contract file and prints the classified changes; exit 1 when one reaches --fail-on. With --lock it checks every server of the lock instead (no server command): each started or connected in parallel, one report over all of them with a status each (unchanged, changed, not-checked with why, disabled, removed-from-config, added-to-config), a version move stated as such, and the whole config\'s tools and tokens.',
  show: 'Prints what the server advertises; writes nothing. With --suggest-version it compares the server with the contract file instead and prints the smallest release (semver) the changes need; with --tokens it prints what each tool and the whole tool list cost an agent in tokens.',
  diff: 'Compares two contract files, as check compares a file with a server.',
  verify:
    'Verifies the server against every consumer contract or Pact V4 pact (what each consumer calls, sends and reads); exit 1 when one breaks. Contracts come from files, folders, globs, s3://bucket/prefix (each consumer\'s latest, on --consumer-branch if given) or an https:// URL (with --header). Only this provider\'s contracts are judged (the server\'s serverInfo.name, or --provider NAME): one recorded against another provider is listed as skipped, with the likely rename when the server serves what it uses (a file named directly fails instead, and a run that verified no contract fails), and from s3://bucket/prefix as publish --to took it, the provider\'s folder is read.',
  pact: 'Writes each consumer contract as a Pact V4 pact in the Pact MCP plugin\'s shape, for a Pact Broker or the plugin; the same contract gives the same bytes. The provider is the server name the contract records (serverInfo.name as the consumer saw it); --provider overrides it.',
  publish:
    'Stores contracts (consumer contracts or pacts) under <provider>/<consumer>/<branch>/<version>.json (the provider a contract records or a pact names; --provider overrides it) in a folder or an S3-compatible bucket and makes each its branch\'s latest.json; verify --consumers reads the latest back. S3 credentials, region and endpoint come from the AWS environment variables and profiles (AWS_ENDPOINT_URL_S3 for MinIO, R2, GCS).',
  lint: 'Judges what the server sends against client-acceptance profiles; exit 1 on an error rule.',
  auth: 'Logs in once to an OAuth-protected server (the token is cached and refreshed for the other commands), or lists or removes cached logins.',
  mock: 'Serves the contract as a running MCP server, for consumers that test with no provider.',
  lock:
    "Locks the servers a team's agents use but the team does not build: reads the client config (--config FILE, or .mcp.json, .vscode/mcp.json, .cursor/mcp.json and the other known places), reads every server in parallel (twice, for values that change by themselves) and writes mcp-contract.lock.json: how each starts (env and header names only, never values), the package version and integrity it resolved to, its surface as a contract holds it, what the consumer uses of it and the profiles that judge it. With NAME… only those servers are locked again; the others keep their entries. A server that cannot be read gets an entry saying why, and is named on stderr.",
  record:
    "A recording proxy for a consumer in any language: stands in for the server (the command after --, over stdio; or --url, as a Streamable HTTP endpoint on 127.0.0.1), forwards every message both ways unchanged, and records the tools the client calls (with example arguments), the prompts it gets and the resources it reads into the consumer contract --out. Only the wire is seen, so the contract says reads were not observed: verify judges calls, arguments and that outputs are still there, never guessed reads. Over stdio the file is written when the client disconnects (and on SIGINT/SIGTERM); over HTTP when a session ends (DELETE) and when the proxy stops. A client that called no tool, got no prompt and read no resource writes no file: record says what it saw instead and exits 1.",
}

const SERVER_OPTIONS = `Reaching the server: everything after -- is the server command, run as it is (npx, node, python…).
Instead of "-- <server command…>":
  --url URL                 a Streamable HTTP server
  --header 'Name: value'    an HTTP header to send (repeatable), e.g. --header 'X-Api-Key: …'
  --bearer TOKEN            sends Authorization: Bearer TOKEN (without it: $MCP_CONTRACT_TOKEN, else
                            --client-id ID --client-secret-env NAME, else the login cached by mcp-contract auth)
  --bearer-env NAME         the same, with the token read from the environment variable NAME
  --as NAME                 with --url (snapshot, check, show): the --header, --bearer and --bearer-env after it
                            are the named authorization NAME's; the contract holds the surface each one sees,
                            check compares each with its own (repeatable; or "authorizations" in the config file)
  --transport KIND          with --url: streamable-http or sse (default: the first, then HTTP+SSE on a 4xx)
  --era ERA                 auto (default: initialize, then server/discover if refused), legacy, 2026-07-28, or both
  --timeout MS              wait at most MS for the start and for each request (default 10000)
  --contract FILE           the contract file (default mcp-contract.json)`

const JUDGING_OPTIONS = `Judging (check, diff):
  --fail-on SEVERITY   the lowest severity that fails: breaking, risky (default), routing, additive, cosmetic
  --strict             same as --fail-on routing: changed descriptions and titles fail too
  --ignore KIND[:PATH] drops every change of this kind, or with :PATH those at one tool, prompt or resource
                       or argument path and under it (search.filters; * for any run of characters);
                       repeatable; a kind id from docs/rules.md; joins the config's ignore
  --used NAME[,NAME…]  only changes to these tools, prompts or resources (globs with *) can fail; others are listed
  --used-by FILE|GLOB  the consumer's source (TS/JS, repeatable; quote globs): the names it mentions count as used;
                       show --used-by prints what it found, file:line per name
  --profile NAME       a client-acceptance profile to judge (repeatable): mcp-2025-11-25, mcp-2026-07-28,
                       sdk-typescript; model APIs: anthropic, openai, openai-strict, gemini, gemini-sanitized,
                       gemini-json-schema; hosts: claude-code, claude-connectors, cursor, vscode-copilot, zed,
                       bedrock-converse; default mcp-2025-11-25 and sdk-typescript (check, diff and lint)
  --suggest-version    also print the smallest release the changes need, counted from the serverInfo.version
                       the contract recorded (check, diff, show); a breaking change under a patch or minor
                       release is always reported

Severities, from the side of a caller written against the recorded surface:
  breaking   a call that was valid is now rejected, or a value a reader relied on can differ or be absent
  risky      could not be proved safe, or valid but behaves differently
  routing    no call breaks, but text agents choose tools by changed
  additive   safe for every existing caller (a new tool, a widened input, a narrowed output)
  cosmetic   no effect on any caller`

const EXAMPLES = `Examples:
  mcp-contract snapshot -- node dist/server.js
  mcp-contract check --fail-on breaking -- npx -y @modelcontextprotocol/server-memory
  mcp-contract check --url http://127.0.0.1:3000/mcp --header 'X-Api-Key: abc'
  mcp-contract snapshot --url https://mcp.example.com/mcp --as admin --bearer-env ADMIN_TOKEN --as reader --bearer-env READER_TOKEN
  mcp-contract diff old/mcp-contract.json mcp-contract.json --format markdown`

const EXIT_CODES = 'Exit codes: 0 nothing fails · 1 a change at or above the fail level · 2 could not run'

/** The usage text printed by `--help` and `mcp-contract help`. */
export const USAGE = ['Usage:', ...Object.values(COMMAND_LINES).map((line) => `  ${line}`), '', SERVER_OPTIONS, '', JUDGING_OPTIONS, '', EXAMPLES, '', EXIT_CODES].join('\n')

/** A command the CLI knows. */
type Command = keyof typeof COMMAND_LINES

/** An option as a command's help explains it: what it takes, and what it does. */
interface OptionHelp {
  /** What follows the flag: `FILE`, `MS`, or nothing for a switch. */
  value?: string
  text: string
}

const WAITS = '130 / 143 stopped by SIGINT / SIGTERM (the server it started is closed, nothing is written)'
const COULD_NOT_RUN = 'bad arguments, a server that did not start, timed out or failed to list'

/** Each command's exit codes, and only its own. */
const COMMAND_EXITS: Record<Command, string[]> = {
  snapshot: [
    '0 recorded, or unchanged and nothing written',
    '1 nothing written: a change at or above --fail-on would be recorded over the file (review it, then --force)',
    `2 could not run (${COULD_NOT_RUN}, a contract file that cannot be read or replaced)`,
    WAITS,
  ],
  check: [
    '0 nothing fails',
    '1 a change at or above the fail level (with --lock: in any server, a tool an agent definition names that no locked server offers, or the token budget exceeded)',
    `2 could not run (${COULD_NOT_RUN}, a missing, unreadable or newer contract or lock file); with --lock: a server that could not be checked (unless --allow-not-checked), or none checked`,
    WAITS,
  ],
  show: ['0 printed', `2 could not run (${COULD_NOT_RUN}; with --suggest-version a missing or unreadable contract file)`, WAITS],
  diff: ['0 nothing fails', '1 a change at or above the fail level', '2 could not run (bad arguments, a missing, unreadable or newer contract file)'],
  lint: ['0 no error rule broken (warnings are printed, they do not fail)', '1 an error rule broken', `2 could not run (${COULD_NOT_RUN}, an unreadable contract file)`, WAITS],
  mock: ['0 stopped: stdin ended (stdio), or SIGINT / SIGTERM (HTTP)', '2 could not run (bad arguments, an unreadable contract file, the port in use or not open to this user)'],
  verify: ['0 every consumer still served', '1 a consumer breaks, or no contract was verified', `2 could not run (${COULD_NOT_RUN}, a consumer contract or store that cannot be read)`, WAITS],
  pact: ['0 every pact written', '2 could not run (bad arguments, a consumer contract that cannot be read, --out not writable)'],
  publish: ['0 every contract stored', '2 could not run (bad arguments, a contract that cannot be read, a store that refused the write)'],
  auth: ['0 logged in, listed or logged out', '2 could not run (bad arguments, a server or authorization server that refused, a login that timed out)'],
  lock: [
    '0 every enabled server locked (or, with --allow-not-checked, those it could)',
    '2 could not run (bad arguments, a config that does not parse, a NAME the config lacks), or a server could not be locked (the lock is written with what could, each one named with why)',
    WAITS,
  ],
  record: [
    "the server's status (stdio), 0 (HTTP)",
    '1 nothing recorded (no file written)',
    "2 could not run (bad arguments, --out not writable, another consumer's or a close name of a file beside it, the server did not start)",
    '130 / 143 after SIGINT / SIGTERM, with what was recorded written',
  ],
}

const SERVER_TEXT: Record<string, OptionHelp> = {
  '--url': { value: 'URL', text: 'a Streamable HTTP server, instead of "-- <server command…>"' },
  '--header': { value: "'Name: value'", text: "an HTTP header to send (repeatable), e.g. --header 'X-Api-Key: …'" },
  '--bearer': { value: 'TOKEN', text: 'sends Authorization: Bearer TOKEN (without it: $MCP_CONTRACT_TOKEN, else --client-id with --client-secret-env, else the login cached by mcp-contract auth)' },
  '--bearer-env': { value: 'NAME', text: 'the same, with the token read from the environment variable NAME' },
  '--as': { value: 'NAME', text: 'with --url: the --header, --bearer and --bearer-env after it are the named authorization NAME\'s; the contract holds the surface each one sees (repeatable; or "authorizations" in the config file)' },
  '--transport': { value: 'KIND', text: 'with --url: streamable-http or sse (default: the first, then HTTP+SSE on a 4xx)' },
  '--era': { value: 'ERA', text: 'auto (default: initialize, then server/discover if refused), legacy, 2026-07-28, or both' },
  '--timeout': { value: 'MS', text: 'wait at most MS for the start and for each request (default 10000)' },
  '--client-id': { value: 'ID', text: 'a client registered beforehand with the authorization server' },
  '--client-secret-env': { value: 'NAME', text: "with --client-id: the environment variable holding that machine client's secret (client-credentials grant)" },
}

const JUDGING_TEXT: Record<string, OptionHelp> = {
  '--fail-on': { value: 'SEVERITY', text: 'the lowest severity that fails: breaking, risky (default), routing, additive, cosmetic' },
  '--strict': { text: 'same as --fail-on routing: changed descriptions and titles fail too' },
  '--profile': { value: 'NAME', text: 'a client-acceptance profile to judge (repeatable): mcp-2025-11-25, mcp-2026-07-28, sdk-typescript; model APIs: anthropic, openai, openai-strict, gemini, gemini-sanitized, gemini-json-schema; hosts: claude-code, claude-connectors, cursor, vscode-copilot, zed, bedrock-converse; default mcp-2025-11-25 and sdk-typescript' },
  '--ignore': { value: 'KIND[:PATH]', text: "drops every change of this kind (repeatable; a kind id from docs/rules.md, such as tool-description-changed), or with :PATH only those at one tool, prompt or resource name or argument path and under it (argument-removed:search.filters; * for any run of characters); joins the config file's ignore" },
  '--used': { value: 'NAME[,NAME…]', text: 'only changes to these tools, prompts or resources (globs with *) can fail; the others are listed' },
  '--used-by': { value: 'FILE|GLOB', text: "the consumer's source (TS/JS, repeatable; quote globs): the names it mentions count as used" },
  '--suggest-version': { text: 'also print the smallest release the changes need, counted from the serverInfo.version the contract recorded; a breaking change under a patch or minor release is always reported' },
}

/** Options whose meaning depends on the command; the rest read the same everywhere. */
const OWN_TEXT: Partial<Record<Command, Record<string, OptionHelp>>> = {
  snapshot: {
    '--contract': { value: 'FILE', text: 'the contract file to write (default mcp-contract.json)' },
    '--fail-on': { value: 'SEVERITY', text: 'over an existing file, write nothing when a change at or above SEVERITY would be recorded over it (default risky)' },
    '--force': { text: 'record over the file anyway: over drift that reaches --fail-on, or over a file that is not a contract this version reads' },
  },
  check: {
    '--lock': { value: '[FILE]', text: 'check every server of the lock file (default mcp-contract.lock.json) instead of one server: no server command' },
    '--config': { value: 'FILE', text: 'with --lock: the client config to read (default: .mcp.json and the other known places)' },
    '--allow-not-checked': { text: 'with --lock: a server that could not be checked (gone, needs authorization or a variable, did not start, timed out) does not fail the run; it is still listed' },
    '--contract': { value: 'FILE', text: 'the contract file to compare with (default mcp-contract.json)' },
    '--format': { value: 'FORMAT', text: 'text (default), json, markdown, junit, sarif (code scanning) or github (workflow annotations at each change\'s line in the contract file)' },
  },
  show: {
    '--contract': { value: 'FILE', text: 'with no server: the committed contract file to print, as lint --contract reads one; with --suggest-version or --used-by: the contract file to compare with (default mcp-contract.json)' },
    '--format': { value: 'FORMAT', text: 'text (default) or json (the surface as the contract file holds it)' },
    '--used-by': { value: 'FILE|GLOB', text: "the consumer's source (TS/JS, repeatable): prints the tools, prompts and resources it mentions, file:line per name, and those the contract file records that the server no longer serves (with the likely new name)" },
    '--suggest-version': { text: 'compare the server with the contract file instead, and print the smallest release (semver) the changes need' },
    '--tokens': {
      text: "print what each tool and the whole tool list cost an agent in tokens instead: each tool's name, description and input schema as JSON, counted with OpenAI's o200k_base encoding (gpt-tokenizer); Claude and Gemini count with their own tokenizers, so read it as an estimate. The config file's tokenBudget makes check report a release that grows it too far",
    },
    '--profile': { value: 'NAME', text: 'a client-acceptance profile whose error rules are warned about on stderr (repeatable)' },
  },
  diff: {
    '--format': { value: 'FORMAT', text: 'text (default), json, markdown or junit (sarif and github point at one contract file: use check)' },
  },
  lint: {
    '--contract': { value: 'FILE', text: 'with no server given: lint this contract file instead' },
    '--format': { value: 'FORMAT', text: 'text (default) or json' },
    '--profile': { value: 'NAME', text: 'a profile to judge (repeatable): mcp-2025-11-25, mcp-2026-07-28, sdk-typescript; model APIs: anthropic, openai, openai-strict, gemini, gemini-sanitized, gemini-json-schema; hosts: claude-code, claude-connectors, cursor, vscode-copilot, zed, bedrock-converse; default mcp-2025-11-25 and sdk-typescript' },
  },
  lock: {
    '--lock': { value: 'FILE', text: 'the lock file to write (default mcp-contract.lock.json)' },
    '--config': { value: 'FILE', text: 'the client config to read (default: .mcp.json, .vscode/mcp.json, .cursor/mcp.json and the other known places under the working folder)' },
    '--allow-not-checked': { text: 'exit 0 even when a server could not be locked (it is still named, and its entry says why)' },
    '--profile': { value: 'NAME', text: 'a profile that judges every locked server (repeatable); default the config file\'s profiles, else mcp-2025-11-25 and sdk-typescript' },
    '--timeout': { value: 'MS', text: 'wait at most MS for each server to start and for each request (default 60000: npx may download the package first)' },
  },
  mock: {
    '--contract': { value: 'FILE', text: 'the contract to serve (default mcp-contract.json)' },
    '--seed': { value: 'N', text: 'the seed of the generated answers (an integer, default 0): the same seed, tool and arguments always give the same answer' },
    '--port': { value: 'N', text: 'serve Streamable HTTP on http://127.0.0.1:N/mcp instead of stdio; --port 0 takes any free port; the URL is printed on stdout as "listening <url>"' },
    '--verbose': { text: 'one line per request served on stderr (never stdout: over stdio it carries the protocol)' },
  },
  verify: {
    '--consumers': { value: 'SOURCE', text: 'a consumer contract (*.mcp-consumer.json) or Pact V4 pact, a folder or glob of them, s3://bucket/prefix or an https:// URL (repeatable)' },
    '--consumer-branch': { value: 'B', text: "from a store (a bucket, a published folder): each consumer's latest on branch B" },
    '--provider': { value: 'NAME', text: "the provider verified, over the server's serverInfo.name (for a server that renamed itself, the name its consumers' contracts record): a contract recorded against another provider is listed as skipped; from a store that holds several providers' folders, this provider's folder is read" },
    '--call': {
      text: 'also call each used tool with each recorded example, and fail on isError, on structuredContent the live outputSchema refuses, or on a read field that is absent; only tools marked readOnlyHint: true are called, and an example the live inputSchema refuses is not sent; both are listed as not called, with why. Examples recorded in a state (given) are listed as not called too: states need the provider\'s handlers, which only toSatisfyConsumerContracts(paths, { call: true, states }) takes. Without --call no tool is ever called',
    },
    '--allow-destructive': { text: 'with --call: also call tools not marked read-only (against a server you can throw away)' },
    '--ignore': { value: 'KIND[:PATH]', text: "drops every change of this kind from each consumer's verdict (repeatable; a kind id from docs/rules.md, such as hint-reversed), or with :PATH only those at one tool, prompt or resource name or argument path and under it (hint-reversed:search_products; * for any run of characters)" },
    '--format': { value: 'FORMAT', text: "text (default), json, markdown, junit, sarif or github (annotations at each change's line in its consumer contract)" },
  },
  record: {
    '--consumer': { value: 'NAME', text: "the consumer's name, stored in the contract" },
    '--out': { value: 'FILE', text: 'the consumer contract to write (*.mcp-consumer.json); its folder must exist' },
    '--new': { text: 'record a new --out whose name is one slip of the keyboard from a file beside it (without --new such a name is refused as a typo, exit 2)' },
    '--given': { value: 'STATE', text: "the server's state for the recorded calls (verify --call sets it up first)" },
    '--redact': { value: 'PATH', text: 'an argument path whose values never reach the file (auth.token, items[].secret; repeatable)' },
    '--max-examples': { value: 'N', text: 'at most N example arguments per tool, one per shape (default 5)' },
    '--url': { value: 'URL', text: 'a remote Streamable HTTP server to proxy, instead of "-- <server command…>" (stdio)' },
    '--port': { value: 'N', text: 'with --url: the port record listens on, on 127.0.0.1 (0 or none: any free port); the URL is printed on stderr' },
    '--header': { value: "'K: V'", text: 'with --url: a header added to every forwarded request (repeatable); never written to the contract' },
    '--bearer': { value: 'TOKEN', text: 'with --url: sends Authorization: Bearer TOKEN with every forwarded request; never written to the contract' },
  },
  pact: {
    '--out': { value: 'DIR', text: 'the folder the pacts are written to, as <consumer>-<provider>.json (default the working folder)' },
    '--provider': { value: 'NAME', text: 'the provider the pacts name, over the server name each contract records' },
  },
  publish: {
    '--to': { value: 'DIR|s3://bucket/prefix', text: 'the folder or bucket to store the contracts in' },
    '--consumer-version': { value: 'V', text: "the consumer's version (a release number or a commit SHA); the file is stored as <version>.json" },
    '--branch': { value: 'B', text: "the consumer's branch (default main); each contract becomes its branch's latest.json" },
    '--provider': { value: 'NAME', text: 'the provider folder to store under, over the provider a contract records or a pact names' },
  },
  auth: {
    '--url': { value: 'URL', text: 'the server to log in to, log out of (--logout)' },
    '--scope': { value: '"a b"', text: 'the scopes to ask for (default: those the server advertises)' },
    '--port': { value: 'N', text: 'the loopback port the login redirect comes back to (default any free port); give the one a pre-registered client names' },
    '--open': { value: 'false', text: 'print the login URL instead of opening the browser (then paste the redirect URL back)' },
    '--client-id': { value: 'ID', text: 'a client registered beforehand, instead of registering one dynamically' },
    '--client-secret-env': { value: 'NAME', text: "with --client-id: the environment variable holding the machine client's secret; checks that the client-credentials grant gives a token (nothing is cached)" },
    '--client-metadata-url': { value: 'URL', text: 'an https URL of a client metadata document, used as the client ID where the authorization server supports it' },
    '--logout': { text: 'remove the login cached for --url' },
    '--status': { text: 'list the cached logins (never a token)' },
    '--timeout': { value: 'MS', text: 'wait at most MS for the login to finish in the browser (default 300000)' },
  },
}

/** When a command that keeps running stops. */
const STOPS: Partial<Record<Command, string>> = {
  mock: 'It stops when stdin ends (stdio: the client closed it) or, serving HTTP, on SIGINT or SIGTERM; either way it exits 0.',
  record:
    'One file, one run: every record process of one test run (one process group, such as npm test or vitest run; or the same MCP_CONTRACT_RECORD_RUN value) adds its uses to --out under a lock, so parallel test files lose nothing; a file left by an earlier run is replaced, so a use the consumer dropped leaves the contract.',
}

/** How `command` explains `option`, or `undefined` when its help does not. */
function optionHelp(command: Command, option: string): OptionHelp | undefined {
  return OWN_TEXT[command]?.[option] ?? SERVER_TEXT[option] ?? JUDGING_TEXT[option] ?? COMMON_TEXT[option]
}

const COMMON_TEXT: Record<string, OptionHelp> = {
  '--contract': { value: 'FILE', text: 'the contract file (default mcp-contract.json)' },
  '--format': { value: 'FORMAT', text: 'text (default) or json' },
  '--force': { text: 'go on where the command would otherwise refuse' },
}

/**
 * The help for one command: its line, what it does, every option it takes (from the CLI's option
 * table, so no option goes unexplained) with what it does, when it stops, and its own exit codes.
 * @example commandHelp('mock')
 */
export function commandHelp(command: Command): string {
  const takes = COMMAND_OPTIONS[command]
  const rows = takes.map((option) => {
    const help = optionHelp(command, option)
    return { flag: `${option}${help?.value ? ` ${help.value}` : ''}`, text: help?.text ?? '' }
  })
  const width = Math.max(...rows.map((row) => row.flag.length))
  const takesServer = takes.includes('--url') && command !== 'auth'
  return [
    `Usage: ${COMMAND_LINES[command]}`,
    '',
    COMMAND_PURPOSE[command],
    ...(takesServer ? ['', 'Everything after -- is the server command, run as it is (npx, node, python…).'] : []),
    '',
    'Options:',
    ...rows.map((row) => `  ${row.flag.padEnd(width)}  ${row.text}`),
    '  --help, -h' + ' '.repeat(Math.max(0, width - 8)) + 'this help',
    ...(STOPS[command] ? ['', STOPS[command]] : []),
    '',
    'Exit codes:',
    ...COMMAND_EXITS[command].map((line) => `  ${line}`),
  ].join('\n')
}
