import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { runCliProcess } from '../support/run-cli-process.js'
import { startHttpCatalog } from '../support/http-catalog.js'

// One real run of the lock over a client config, as a team has it: three published npm servers
// at pinned versions started through `npx -y` (downloaded from the registry), a Streamable HTTP
// server on 127.0.0.1 and one behind a bearer token, a server needing a variable nobody set, and
// a disabled one. Lock it, check it unchanged, then move one package and lose a URL and a token.

const HEADER_SECRET = 'ghp_e2eLockHeaderSecret0123456789abcdefgh'
const ENV_SECRET = 'tok-e2e-env-7c6b5a4f3e2d1c0b'
let dir: string
let web: { url: string; stop: () => void }
let guarded: { url: string; stop: () => void }
/** The built CLI run in the project folder, as a CI job runs it. */
const cli = (args: string[], env: Record<string, string>) => runCliProcess(args, { cwd: dir, env })
let env: Record<string, string>

/** The project's `.mcp.json`: `memory` is the server-memory version its command pins; `webPath` where the web server's endpoint is. */
function mcpJson(memory: string, webPath = '/mcp'): string {
  const npx = (spec: string, ...args: string[]) => ({ command: 'npx', args: ['-y', spec, ...args] })
  return `${JSON.stringify(
    {
      mcpServers: {
        memory: { ...npx(`@modelcontextprotocol/server-memory@${memory}`), env: { MEMORY_FILE_PATH: '${E2E_MEMORY_FILE}', MEMORY_TOKEN: '${MEMORY_TOKEN}' } },
        files: npx('@modelcontextprotocol/server-filesystem@2025.7.29', '${E2E_SHARED_DIR}'),
        everything: npx('@modelcontextprotocol/server-everything@2025.9.25'),
        web: { type: 'http', url: web.url.replace(/\/mcp$/, webPath) },
        private: { type: 'http', url: guarded.url, headers: { Authorization: 'Bearer ${PRIVATE_TOKEN}' } },
        github: { type: 'http', url: 'https://api.githubcopilot.com/mcp/', headers: { Authorization: 'Bearer ${E2E_UNSET_GITHUB_PAT}' } },
        legacy: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory@2025.4.25'], disabled: true },
      },
    },
    null,
    2,
  )}\n`
}

/**
 * Output with what differs between machines and runs masked: ports, the project folder, and token
 * counts (a fresh npx install may resolve newer dependencies that word a schema differently).
 */
function masked(text: string): string {
  return text.replaceAll(dir, '<project>').replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>').replace(/[\d,]+ tokens/g, '<n> tokens')
}

beforeAll(async () => {
  ;[web, guarded] = await Promise.all([startHttpCatalog(), startHttpCatalog({ REQUIRE_BEARER: HEADER_SECRET })])
  // Why outside the repository: npx run inside it finds the memory-* aliases installed here and runs their binary, whatever version the command names.
  dir = await mkdtemp(join(tmpdir(), 'lock-e2e-'))
  await mkdir(join(dir, 'shared'))
  env = { PRIVATE_TOKEN: HEADER_SECRET, MEMORY_TOKEN: ENV_SECRET, E2E_SHARED_DIR: join(dir, 'shared'), E2E_MEMORY_FILE: join(dir, 'memory.jsonl') }
  await writeFile(join(dir, '.mcp.json'), mcpJson('2025.4.25'))
}, 30_000)

afterAll(async () => {
  web?.stop()
  guarded?.stop()
  if (dir) await rm(dir, { recursive: true, force: true })
})

test('lock a real config, check it unchanged, then a version move, a URL gone and a token refused', async () => {
  const locked = await cli(['lock', '--allow-not-checked', '--timeout', '180000'], env)
  expect(masked(locked.stdout + locked.stderr)).toMatchInlineSnapshot(`
    "locked 5 servers to mcp-contract.lock.json (1 disabled, 1 not locked)
    mcp-contract lock: github was not locked: needs E2E_UNSET_GITHUB_PAT: set it in the environment (a prompt's value, \`input:…\`, as a variable of the same name) and run again
    "
  `)
  expect(locked.code).toBe(0)

  const lockText = await readFile(join(dir, 'mcp-contract.lock.json'), 'utf8')
  // Why grep the text: a secret must not be anywhere in the file, under any key.
  expect(lockText).not.toContain(HEADER_SECRET)
  expect(lockText).not.toContain(ENV_SECRET)
  expect(lockText).not.toContain(dir)
  const lock = JSON.parse(lockText) as { servers: { name: string; status: string; package?: { version?: string; integrity?: string } }[] }
  expect(lock.servers.map((entry) => [entry.name, entry.status, entry.package?.version])).toEqual([
    ['everything', 'locked', '2025.9.25'],
    ['files', 'locked', '2025.7.29'],
    ['github', 'not-locked', undefined],
    ['legacy', 'disabled', undefined],
    ['memory', 'locked', '2025.4.25'],
    ['private', 'locked', undefined],
    ['web', 'locked', undefined],
  ])
  expect(lock.servers.find((entry) => entry.name === 'memory')?.package?.integrity).toMatch(/^sha512-/)

  const unchanged = await cli(['check', '--lock', '--allow-not-checked', '--timeout', '180000'], env)
  expect(masked(unchanged.stdout)).toMatchInlineSnapshot(`
    "MCP lock: 7 servers · 5 unchanged · 1 not checked · 1 disabled
    ✓ everything  unchanged · 10 tools · <n> tokens
    ✓ files       unchanged · 14 tools · <n> tokens
    ! github      not checked: needs E2E_UNSET_GITHUB_PAT: set it in the environment (a prompt's value, \`input:…\`, as a variable of the same name) and run again
    - legacy      disabled in the config; not checked
    ✓ memory      unchanged · 9 tools · <n> tokens
    ✓ private     unchanged · 5 tools · <n> tokens
    ✓ web         unchanged · 5 tools · <n> tokens

    all servers: 43 tools · <n> tokens (o200k_base (gpt-tokenizer))
    passes (fails at risky and above); 1 server not checked, allowed by --allow-not-checked
    "
  `)
  expect(unchanged.code).toBe(0)

  await writeFile(join(dir, '.mcp.json'), mcpJson('2026.8.31', '/sse'))
  const moved = await cli(['check', '--lock', '--format', 'json', '--timeout', '180000'], { ...env, PRIVATE_TOKEN: 'ghp_notTheRightOne' })
  const report = JSON.parse(moved.stdout) as { ok: boolean; servers: { name: string; status: string; reason?: string; cause?: string; headline?: string; httpStatus?: number; changes?: { kind: string; severity: string }[] }[] }
  expect(report.servers.map((server) => [server.name, server.status, server.reason ?? server.cause])).toEqual([
    ['everything', 'unchanged', undefined],
    ['files', 'unchanged', undefined],
    ['github', 'not-checked', 'needs-variable'],
    ['legacy', 'disabled', undefined],
    ['memory', 'changed', 'version-moved'],
    ['private', 'not-checked', 'needs-authorization'],
    ['web', 'not-checked', 'gone'],
  ])
  const memory = report.servers.find((server) => server.name === 'memory')
  expect(memory?.headline).toBe('npx now resolves @modelcontextprotocol/server-memory 2026.8.31; locked 2025.4.25')
  expect(memory?.changes?.length).toBeGreaterThan(0)
  expect(report.servers.find((server) => server.name === 'web')?.httpStatus).toBe(404)
  expect(report.servers.find((server) => server.name === 'private')?.httpStatus).toBe(401)
  expect(moved.code).toBe(2)

  const text = await cli(['check', '--lock', '--timeout', '180000'], { ...env, PRIVATE_TOKEN: 'ghp_notTheRightOne' })
  expect(masked(text.stdout)).toMatchInlineSnapshot(`
    "MCP lock: 7 servers · 2 unchanged · 3 not checked · 1 disabled · 1 changed
    ✓ everything  unchanged · 10 tools · <n> tokens
    ✓ files       unchanged · 14 tools · <n> tokens
    ✗ github      not checked: needs E2E_UNSET_GITHUB_PAT: set it in the environment (a prompt's value, \`input:…\`, as a variable of the same name) and run again
    - legacy      disabled in the config; not checked
    ~ memory      changed · 9 tools · <n> tokens · npx now resolves @modelcontextprotocol/server-memory 2026.8.31; locked 2025.4.25
    ✗ private     not checked: needs authorization (HTTP 401): http://127.0.0.1:<port>/mcp refused the request with HTTP 401 (unauthorized). Pass a token with --bearer TOKEN (or MCP_CONTRACT_TOKEN in the environment) or the header the server expects with --header 'K: V'.
    ✗ web         not checked: gone (HTTP 404): the server no longer answers at this address; http://127.0.0.1:<port>/sse answered HTTP 404 to initialize: Streamable HTTP error: Error POSTing to endpoint: not found. Check the URL (MCP endpoints are often at /mcp) and that the server speaks Streamable HTTP; for a server on the older HTTP+SSE transport, leave --transport out or pin it with --transport sse.
                  It did not answer the 2026-07-28 opening (server/discover) either: http://127.0.0.1:<port>/sse did not complete initialize: Version negotiation failed: the server did not offer pinned protocol version 2026-07-28 via server/discover (no fallback in pin mode). Check that the URL is the MCP endpoint of a server speaking Streamable HTTP (MCP endpoints are often at /mcp).

    memory: what the upgrade from 2025.4.25 to 2026.8.31 changes
      tool add_observations · 1 routing, 3 additive
        routing   tool-title-changed
            title added (wording only); no call breaks, but agents and people choose tools by this text
            text: {+Add Observations+}
        additive  output-schema-added  output
            output schema added; readers gain a structured result; unstructured content still arrives
        additive  hints                destructiveHint true → false (relaxed) · openWorldHint true → false (relaxed)
      tool create_entities · 1 routing, 3 additive
        routing   tool-title-changed
            title added (wording only); no call breaks, but agents and people choose tools by this text
            text: {+Create Entities+}
        additive  output-schema-added  output
            output schema added; readers gain a structured result; unstructured content still arrives
        additive  hints                destructiveHint true → false (relaxed) · openWorldHint true → false (relaxed)
      tool create_relations · 1 routing, 3 additive
        routing   tool-title-changed
            title added (wording only); no call breaks, but agents and people choose tools by this text
            text: {+Create Relations+}
        additive  output-schema-added  output
            output schema added; readers gain a structured result; unstructured content still arrives
        additive  hints                destructiveHint true → false (relaxed) · openWorldHint true → false (relaxed)
      tool delete_entities · 1 routing, 3 additive
        routing   tool-title-changed
            title added (wording only); no call breaks, but agents and people choose tools by this text
            text: {+Delete Entities+}
        additive  output-schema-added  output
            output schema added; readers gain a structured result; unstructured content still arrives
        additive  hints                idempotentHint false → true (relaxed) · openWorldHint true → false (relaxed)
      tool delete_observations · 1 routing, 3 additive
        routing   tool-title-changed
            title added (wording only); no call breaks, but agents and people choose tools by this text
            text: {+Delete Observations+}
        additive  output-schema-added  output
            output schema added; readers gain a structured result; unstructured content still arrives
        additive  hints                idempotentHint false → true (relaxed) · openWorldHint true → false (relaxed)
      tool delete_relations · 1 routing, 3 additive
        routing   tool-title-changed
            title added (wording only); no call breaks, but agents and people choose tools by this text
            text: {+Delete Relations+}
        additive  output-schema-added  output
            output schema added; readers gain a structured result; unstructured content still arrives
        additive  hints                idempotentHint false → true (relaxed) · openWorldHint true → false (relaxed)
      tool open_nodes · 1 routing, 5 additive
        routing   tool-title-changed
            title added (wording only); no call breaks, but agents and people choose tools by this text
            text: {+Open Nodes+}
        additive  output-schema-added  output
            output schema added; readers gain a structured result; unstructured content still arrives
        additive  hints                readOnlyHint false → true (relaxed) · destructiveHint true → false (relaxed) · idempotentHint false → true (relaxed) · openWorldHint true → false (relaxed)
      tool read_graph · 1 routing, 5 additive
        routing   tool-title-changed
            title added (wording only); no call breaks, but agents and people choose tools by this text
            text: {+Read Graph+}
        additive  output-schema-added  output
            output schema added; readers gain a structured result; unstructured content still arrives
        additive  hints                readOnlyHint false → true (relaxed) · destructiveHint true → false (relaxed) · idempotentHint false → true (relaxed) · openWorldHint true → false (relaxed)
      tool search_nodes · 1 routing, 5 additive
        routing   tool-title-changed
            title added (wording only); no call breaks, but agents and people choose tools by this text
            text: {+Search Nodes+}
        additive  output-schema-added  output
            output schema added; readers gain a structured result; unstructured content still arrives
        additive  hints                readOnlyHint false → true (relaxed) · destructiveHint true → false (relaxed) · idempotentHint false → true (relaxed) · openWorldHint true → false (relaxed)
      server · 2 additive
        additive  server-capability-added  resources
            capability added; clients may use more; nothing they did changes
        additive  server-capability-added  tools.listChanged
            capability added; clients may use more; nothing they did changes
      resource memory://knowledge-graph · 1 additive
        additive  resource-added
            new resource; clients gain a resource; nothing they read changes
      45 changes · 9 routing · 36 additive — passes (fails at risky and above)

    all servers: 43 tools · <n> tokens (o200k_base (gpt-tokenizer))
    fails: 3 servers not checked (--allow-not-checked lets them pass, still listed)
    "
  `)
}, 900_000)
