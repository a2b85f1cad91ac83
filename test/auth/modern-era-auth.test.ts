import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { captureSurface } from '../../src/capture/capture-surface.js'
import { openToolCaller } from '../../src/capture/open-tool-caller.js'
import { cliIn } from '../support/run-cli-in-process.js'
import { ALL_OUTPUT, runCliIn, scrub } from './cli-run.js'
import { logIn, useAuthHome } from './auth-home.js'
import type { ProtectedServer } from './oauth-protected-server.js'

// Access tokens live 30 s: inside the refresh margin from the moment they are issued, so a cached
// one is refreshed before the first request of every run, with no waiting and no clock in the test.
const TTL_SECONDS = 30
const auth = useAuthHome('mcp-contract-modern-auth-', { modernOnly: { accessTtlSeconds: TTL_SECONDS, modern: 'only' }, bothEras: { modern: 'both' } })
let empty: string
/**
 * The CLI in-process in the folder with no login.
 * Why in-process: its runs add to the process environment, which `withoutLogin` points at the
 * empty config folder (and `useAuthHome` gives an empty MCP_CONTRACT_TOKEN), so no login leaks in.
 */
const cliWithoutLogin = cliIn(() => empty)

/**
 * Runs `body` with the process's config directory an empty one.
 * Why: capture finds the token cache through the process environment, as the CLI does.
 */
async function withoutLogin<T>(body: () => Promise<T>): Promise<T> {
  vi.stubEnv('XDG_CONFIG_HOME', empty)
  try {
    return await body()
  } finally {
    vi.stubEnv('XDG_CONFIG_HOME', auth.home)
  }
}

/**
 * Runs `show --era 2026-07-28` with the cached login and expects it to read the server after
 * exactly one refresh that replaced the cached access token; returns the new one.
 */
async function showRefreshingOnce(server: ProtectedServer): Promise<string> {
  const [before] = await tokensOf(server)
  const refreshes = server.provider.refreshCount
  const show = await runCliIn(['show', '--url', server.url, '--era', '2026-07-28'], auth.home)
  expect(show, show.stderr).toMatchObject({ code: 0 })
  expect(show.stdout).toContain('tool echo')
  expect(server.provider.refreshCount).toBe(refreshes + 1)
  const [after] = await tokensOf(server)
  expect(after).not.toBe(before)
  return after as string
}

beforeAll(async () => {
  empty = await mkdtemp(join(tmpdir(), 'mcp-contract-modern-none-'))
  for (const server of [auth.modernOnly, auth.bothEras]) expect((await logIn(server.url, auth.home)).code).toBe(0)
})

afterAll(async () => {
  await rm(empty, { recursive: true, force: true })
})

describe('a protected server that speaks only the 2026-07-28 era, read with the login `auth` cached', () => {
  it('show --era 2026-07-28 refreshes the login before the request and sends only the new token', async () => {
    const shownBefore = auth.modernOnly.provider.presented.length
    const after = await showRefreshingOnce(auth.modernOnly)
    const presented = auth.modernOnly.provider.presented.slice(shownBefore)
    expect(presented.length).toBeGreaterThan(0)
    expect(new Set(presented)).toEqual(new Set([after]))
  })

  it('show with no era option is refused initialize, then reads server/discover with the login', async () => {
    const shownBefore = auth.modernOnly.provider.presented.length
    const show = await runCliIn(['show', '--url', auth.modernOnly.url], auth.home)
    expect(show, show.stderr).toMatchObject({ code: 0 })
    expect(show.stdout).toContain('tool echo')
    expect(show.stdout).toContain('2026-07-28')
    const presented = auth.modernOnly.provider.presented.slice(shownBefore)
    expect(presented.at(-1)).toBe((await tokensOf(auth.modernOnly))[0])
  })

  it('a { url } target, and the connection verify --call calls tools on, carry the login', async () => {
    const surface = await captureSurface({ url: auth.modernOnly.url }, { era: '2026-07-28' })
    expect(surface.eras).toEqual(['2026-07-28'])
    expect(surface.tools?.map((tool) => tool.name)).toEqual(['echo'])
    const caller = await openToolCaller({ url: auth.modernOnly.url }, { era: '2026-07-28' })
    try {
      expect(await caller.callTool('echo', { message: 'hello' })).toMatchObject({ content: [{ type: 'text', text: 'hello' }] })
    } finally {
      await caller.close()
    }
  })

  it('--bearer, an Authorization --header and MCP_CONTRACT_TOKEN reach it in the 2026-07-28 era', async () => {
    const [token] = await tokensOf(auth.modernOnly)
    const noLogin = { XDG_CONFIG_HOME: empty }
    const runs = await withoutLogin(async () => [
      await cliWithoutLogin(['show', '--url', auth.modernOnly.url, '--era', '2026-07-28', '--bearer', token as string], noLogin),
      await cliWithoutLogin(['show', '--url', auth.modernOnly.url, '--era', '2026-07-28', '--header', `Authorization: Bearer ${token}`], noLogin),
      await cliWithoutLogin(['show', '--url', auth.modernOnly.url, '--era', '2026-07-28'], { ...noLogin, MCP_CONTRACT_TOKEN: token as string }),
      await cliWithoutLogin(['show', '--url', auth.modernOnly.url], { ...noLogin, MCP_CONTRACT_TOKEN: token as string }),
    ])
    ALL_OUTPUT.push(...runs.flatMap((run) => [run.stdout, run.stderr]))
    for (const run of runs) expect(run, run.stderr).toMatchObject({ code: 0, stdout: expect.stringContaining('tool echo') })
  })

  it('with no login cached, the 401 says to run mcp-contract auth (exit 2)', async () => {
    const run = await withoutLogin(() => runCliIn(['show', '--url', auth.modernOnly.url, '--era', '2026-07-28'], empty))
    expect(run.code).toBe(2)
    expect(scrub(run.stderr, empty)).toMatchInlineSnapshot(`
      "mcp-contract: http://127.0.0.1:PORT/mcp answered HTTP 401 Unauthorized, and no login is cached for it. If it uses OAuth, log in once with: mcp-contract auth --url http://127.0.0.1:PORT/mcp
      Or pass a token with --bearer TOKEN (or MCP_CONTRACT_TOKEN in the environment) or the header the server expects with --header 'K: V'; in CI a machine client logs in with that command too, given --client-id and --client-secret-env.
      "
    `)
  })
})

describe('a protected server that speaks both eras, with an hour-long access token cached', () => {
  it('show --era both reads each era over its own connection with the login; with none, it says to run mcp-contract auth', async () => {
    const shownBefore = auth.bothEras.provider.presented.length
    const show = await runCliIn(['show', '--url', auth.bothEras.url, '--era', 'both'], auth.home)
    expect(show, show.stderr).toMatchObject({ code: 0 })
    expect(show.stdout).toContain('tool echo')
    expect(show.stdout).toContain('2026-07-28')
    expect(new Set(auth.bothEras.provider.presented.slice(shownBefore))).toEqual(new Set(await tokensOf(auth.bothEras)))
    const run = await withoutLogin(() => runCliIn(['show', '--url', auth.bothEras.url, '--era', 'both'], empty))
    expect(run.code).toBe(2)
    expect(scrub(run.stderr, empty)).toContain('log in once with: mcp-contract auth --url http://127.0.0.1:PORT/mcp')
  })

  it('an access token the server no longer accepts is refreshed on its 401 in the 2026-07-28 era', async () => {
    auth.bothEras.provider.expireAccessTokens()
    const after = await showRefreshingOnce(auth.bothEras)
    expect(auth.bothEras.provider.presented.at(-1)).toBe(after)
  })
})

describe('secrets', () => {
  it('no output of this file prints a token, code, verifier or refresh token', () => {
    const everything = ALL_OUTPUT.join('\n')
    const secrets = [...auth.modernOnly.provider.secrets, ...auth.bothEras.provider.secrets]
    expect(secrets.length).toBeGreaterThan(4)
    for (const secret of secrets) expect(everything).not.toContain(secret)
  })
})

/** The cached access token for one server's login (the cache holds one file per server). */
async function tokensOf(server: ProtectedServer): Promise<string[]> {
  const dir = join(auth.home, 'mcp-contract', 'tokens')
  const found: string[] = []
  for (const file of await readdir(dir)) {
    const login = JSON.parse(await readFile(join(dir, file), 'utf8'))
    if (JSON.stringify(login).includes(server.origin)) found.push(login.tokens.access_token)
  }
  return found
}
