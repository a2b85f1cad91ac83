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
  verify: 'mcp-contract verify   --consumers FILE|DIR|GLOB|s3://…|https://… [--consumer-branch B] [--call [--allow-destructive]] [--format text|json|markdown|junit] -- <server command…>   does it still serve each consumer?',
  pact: 'mcp-contract pact export CONTRACT… [--out DIR] [--provider NAME]   write consumer contracts as Pact V4 pacts (<consumer>-<provider>.json)',
  publish: 'mcp-contract publish FILE… --to DIR|s3://bucket/prefix --consumer-version V [--branch B] [--provider NAME]   share contracts with providers',
  lint: 'mcp-contract lint     [--profile NAME]… [--format text|json] -- <server command…>   (or --contract FILE alone: lint a contract file)',
  mock: 'mcp-contract mock     [--contract FILE] [--seed N] [--port N] [--verbose]   a server from the contract (stdio, or HTTP on 127.0.0.1:N/mcp)',
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
    'Verifies the server against every consumer contract or Pact V4 pact (what each consumer calls, sends and reads); exit 1 when one breaks. Contracts come from files, folders, globs, s3://bucket/prefix (each consumer\'s latest, on --consumer-branch if given) or an https:// URL (with --header).',
  pact: 'Writes each consumer contract as a Pact V4 pact in the Pact MCP plugin\'s shape, for a Pact Broker or the plugin; the same contract gives the same bytes. The provider is the server name the contract records (serverInfo.name as the consumer saw it); --provider overrides it.',
  publish:
    'Stores contracts (consumer contracts or pacts) under <provider>/<consumer>/<branch>/<version>.json (the provider a contract records or a pact names; --provider overrides it) in a folder or an S3-compatible bucket and makes each its branch\'s latest.json; verify --consumers reads the latest back. S3 credentials, region and endpoint come from the AWS environment variables and profiles (AWS_ENDPOINT_URL_S3 for MinIO, R2, GCS).',
  lint: 'Judges what the server sends against client-acceptance profiles; exit 1 on an error rule.',
  auth: 'Logs in once to an OAuth-protected server (the token is cached and refreshed for the other commands), or lists or removes cached logins.',
  mock: 'Serves the contract as a running MCP server, for consumers that test with no provider.',
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
  --call                 also call each used tool with each recorded example, and fail on isError, on
                         structuredContent the live outputSchema refuses, or on a read field that is absent;
                         only tools marked readOnlyHint: true are called, the others are listed as not called.
                         A pact's interactions are called the same way, each answer judged by the pact's rules.
                         Examples recorded in a state (given) are listed as not called: states need the
                         provider's handlers, which only toSatisfyConsumerContracts(paths, { call: true, states }) takes
  --allow-destructive    with --call: also call tools not marked read-only (against a server you can throw away)
Without --call no tool is ever called.`

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
  const reachesServer = !['diff', 'mock', 'auth', 'pact', 'publish'].includes(command)
  const judges = command === 'check' || command === 'diff' || command === 'lint'
  const verifies = command === 'verify'
  return [
    `Usage: ${COMMAND_LINES[command]}`,
    '',
    COMMAND_PURPOSE[command],
    ...(reachesServer ? ['', SERVER_OPTIONS] : []),
    ...(judges ? ['', JUDGING_OPTIONS] : []),
    ...(verifies ? ['', VERIFY_OPTIONS] : []),
    '',
    EXIT_CODES,
  ].join('\n')
}
