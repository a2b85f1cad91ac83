/**
 * What `mcp-contract --help` and `mcp-contract <command> --help` print: each command's line, the
 * options that reach a server, what the severities mean, and examples for stdio and HTTP.
 */

/** One line per command, as the general help lists them. */
const COMMAND_LINES = {
  snapshot: 'mcp-contract snapshot [--contract FILE] [--fail-on SEVERITY] [--force] -- <server command…>   record the contract file',
  check:
    'mcp-contract check    [--contract FILE] [--strict] [--fail-on SEVERITY] [--used …] [--used-by …] [--suggest-version] [--format text|json|markdown|junit|sarif|github] -- <server command…>',
  show: 'mcp-contract show     [--format text|json] [--suggest-version] -- <server command…>   print the surface (or the release it needs), record nothing',
  diff: 'mcp-contract diff OLD.json NEW.json [--strict] [--fail-on SEVERITY] [--suggest-version] [--format …]   compare two contract files',
  verify: 'mcp-contract verify   --consumers FILE|DIR|GLOB|s3://…|https://… [--consumer-branch B] [--provider NAME] [--call [--allow-destructive]] [--format text|json|markdown|junit] -- <server command…>   does it still serve each consumer?',
  pact: 'mcp-contract pact export CONTRACT… [--out DIR] [--provider NAME]   write consumer contracts as Pact V4 pacts (<consumer>-<provider>.json)',
  publish: 'mcp-contract publish FILE… --to DIR|s3://bucket/prefix --consumer-version V [--branch B] [--provider NAME]   share contracts with providers',
  lint: 'mcp-contract lint     [--profile NAME]… [--format text|json] -- <server command…>   (or --contract FILE alone: lint a contract file)',
  mock: 'mcp-contract mock     [--contract FILE] [--seed N] [--port N] [--verbose]   a server from the contract (stdio, or HTTP on 127.0.0.1:N/mcp)',
  record:
    'mcp-contract record   --consumer NAME --out FILE [--given STATE] [--redact PATH]… [--max-examples N] (-- <server command…> | --url URL [--port N] [--header \'K: V\']…)   record a consumer from its traffic',
  auth: 'mcp-contract auth     --url URL [--scope "a b"] [--port N] [--open false] [--client-id ID [--client-secret-env NAME]] | --url URL --logout | --status',
} as const

/** What each command does, for its own `--help`. */
const COMMAND_PURPOSE: Record<keyof typeof COMMAND_LINES, string> = {
  snapshot:
    "Records the server's surface into the contract file (default mcp-contract.json). Over an existing file it prints the classified diff first, writes nothing when the surface is unchanged, and refuses (exit 1) when a change reaches --fail-on (default risky) unless --force is given.",
  check: 'Compares the server with the contract file and prints the classified changes; exit 1 when one reaches --fail-on.',
  show: 'Prints what the server advertises; writes nothing. With --suggest-version it compares the server with the contract file instead and prints the smallest release (semver) the changes need.',
  diff: 'Compares two contract files, as check compares a file with a server.',
  verify:
    'Verifies the server against every consumer contract or Pact V4 pact (what each consumer calls, sends and reads); exit 1 when one breaks. Contracts come from files, folders, globs, s3://bucket/prefix (each consumer\'s latest, on --consumer-branch if given) or an https:// URL (with --header). Only this provider\'s contracts are judged (the server\'s serverInfo.name, or --provider NAME): one recorded against another provider is listed as skipped, and from s3://bucket/prefix as publish --to took it, the provider\'s folder is read.',
  pact: 'Writes each consumer contract as a Pact V4 pact in the Pact MCP plugin\'s shape, for a Pact Broker or the plugin; the same contract gives the same bytes. The provider is the server name the contract records (serverInfo.name as the consumer saw it); --provider overrides it.',
  publish:
    'Stores contracts (consumer contracts or pacts) under <provider>/<consumer>/<branch>/<version>.json (the provider a contract records or a pact names; --provider overrides it) in a folder or an S3-compatible bucket and makes each its branch\'s latest.json; verify --consumers reads the latest back. S3 credentials, region and endpoint come from the AWS environment variables and profiles (AWS_ENDPOINT_URL_S3 for MinIO, R2, GCS).',
  lint: 'Judges what the server sends against client-acceptance profiles; exit 1 on an error rule.',
  auth: 'Logs in once to an OAuth-protected server (the token is cached and refreshed for the other commands), or lists or removes cached logins.',
  mock: 'Serves the contract as a running MCP server, for consumers that test with no provider.',
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
  --used NAME[,NAME…]  only changes to these tools, prompts or resources (globs with *) can fail; others are listed
  --used-by FILE|GLOB  the consumer's source (TS/JS, repeatable; quote globs): the names it mentions count as used;
                       show --used-by prints what it found, file:line per name
  --profile NAME       a client-acceptance profile to judge (repeatable): mcp-2025-11-25, mcp-2026-07-28,
                       sdk-typescript; default mcp-2025-11-25 and sdk-typescript (check, diff and lint)
  --suggest-version    also print the smallest release the changes need, counted from the serverInfo.version
                       the contract recorded (check, diff, show); a breaking change under a patch or minor
                       release is always reported

Severities, from the side of a caller written against the recorded surface:
  breaking   a call that was valid is now rejected, or a value a reader relied on can differ or be absent
  risky      could not be proved safe, or valid but behaves differently
  routing    no call breaks, but text agents choose tools by changed
  additive   safe for every existing caller (a new tool, a widened input, a narrowed output)
  cosmetic   no effect on any caller`

const VERIFY_OPTIONS = `Verifying (verify):
  --consumers SOURCE     a consumer contract (*.mcp-consumer.json) or Pact V4 pact, a folder or glob of them,
                         s3://bucket/prefix or an https:// URL (repeatable)
  --consumer-branch B    from a store (a bucket, a published folder): each consumer's latest on branch B
  --provider NAME        the provider verified, over the server's serverInfo.name: a contract recorded against
                         another provider is listed as skipped; from a store that holds several providers'
                         folders, this provider's folder is read
  --call                 also call each used tool with each recorded example, and fail on isError, on
                         structuredContent the live outputSchema refuses, or on a read field that is absent;
                         only tools marked readOnlyHint: true are called, the others are listed as not called.
                         A pact's interactions are called the same way, each answer judged by the pact's rules.
                         Examples recorded in a state (given) are listed as not called: states need the
                         provider's handlers, which only toSatisfyConsumerContracts(paths, { call: true, states }) takes
  --allow-destructive    with --call: also call tools not marked read-only (against a server you can throw away)
Without --call no tool is ever called.`

const RECORD_OPTIONS = `Recording (record):
  --consumer NAME        the consumer's name, stored in the contract
  --out FILE             the consumer contract to write (*.mcp-consumer.json); its folder must exist
  --given STATE          the server's state for the recorded calls (verify --call sets it up first)
  --redact PATH          an argument path whose values never reach the file (auth.token, items[].secret; repeatable)
  --max-examples N       at most N example arguments per tool, one per shape (default 5)
  -- <server command…>   the server to start; the client speaks stdio to record
  --url URL              a remote Streamable HTTP server; record listens on 127.0.0.1 (--port N, 0 or none: any free
                         port; the URL is printed on stderr) and forwards POST, GET and DELETE with their headers
  --header 'K: V'        with --url: a header added to every forwarded request (repeatable); headers and
                         credentials are forwarded, never written to the contract
One file, one run: every record process of one test run (one process group, such as npm test or vitest run;
or the same MCP_CONTRACT_RECORD_RUN value) adds its uses to --out under a lock, so parallel test files lose
nothing; a file left by an earlier run is replaced, so a use the consumer dropped leaves the contract.
Exit codes: the server's status (stdio), 0 (HTTP); 1 nothing recorded (no file written); 2 could not run
(bad arguments, --out not writable or another consumer's, the server did not start); 130 / 143 after
SIGINT / SIGTERM, with what was recorded written.`

const EXAMPLES = `Examples:
  mcp-contract snapshot -- node dist/server.js
  mcp-contract check --fail-on breaking -- npx -y @modelcontextprotocol/server-memory
  mcp-contract check --url http://127.0.0.1:3000/mcp --header 'X-Api-Key: abc'
  mcp-contract snapshot --url https://mcp.example.com/mcp --as admin --bearer-env ADMIN_TOKEN --as reader --bearer-env READER_TOKEN
  mcp-contract diff old/mcp-contract.json mcp-contract.json --format markdown`

const EXIT_CODES = 'Exit codes: 0 nothing fails · 1 a change at or above the fail level · 2 could not run'

/** The usage text printed by `--help` and `mcp-contract help`. */
export const USAGE = ['Usage:', ...Object.values(COMMAND_LINES).map((line) => `  ${line}`), '', SERVER_OPTIONS, '', JUDGING_OPTIONS, '', EXAMPLES, '', EXIT_CODES].join('\n')

/** The help for one command: its line, what it does, and only the options it takes. */
export function commandHelp(command: keyof typeof COMMAND_LINES): string {
  const reachesServer = !['diff', 'mock', 'auth', 'pact', 'publish', 'record'].includes(command)
  const judges = command === 'check' || command === 'diff' || command === 'lint'
  const verifies = command === 'verify'
  return [
    `Usage: ${COMMAND_LINES[command]}`,
    '',
    COMMAND_PURPOSE[command],
    ...(reachesServer ? ['', SERVER_OPTIONS] : []),
    ...(judges ? ['', JUDGING_OPTIONS] : []),
    ...(verifies ? ['', VERIFY_OPTIONS] : []),
    // Why its own exit codes: record passes on the server's status.
    ...(command === 'record' ? ['', RECORD_OPTIONS] : ['', EXIT_CODES]),
  ].join('\n')
}
