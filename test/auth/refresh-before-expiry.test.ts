import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { REFRESH_MARGIN_MS } from '../../src/capture/auth/resolve-http-auth.js'
import { ALL_OUTPUT, runCliIn, scrub } from './cli-run.js'
import { logIn, useAuthHome } from './auth-home.js'

// Access tokens live 30 s here: inside the refresh margin from the moment they are issued, so a
// cached one is refreshed before any request, with no waiting and no clock in the test.
const TTL_SECONDS = 30
const auth = useAuthHome('mcp-contract-refresh-', { server: { accessTtlSeconds: TTL_SECONDS } })

async function cachedLogin(): Promise<{ tokens: { access_token: string; refresh_token: string }; expiresAt: number }> {
  const dir = join(auth.home, 'mcp-contract', 'tokens')
  const [file] = await readdir(dir)
  return JSON.parse(await readFile(join(dir, file as string), 'utf8'))
}

beforeAll(async () => {
  expect((await logIn(auth.server.url, auth.home)).code).toBe(0)
})

describe('a cached token about to expire is refreshed before the request (SDK authorization server)', () => {
  it('show refreshes first, so the server never sees the old token, and the new one is cached', async () => {
    expect(TTL_SECONDS * 1000).toBeLessThan(REFRESH_MARGIN_MS)
    const before = await cachedLogin()
    const shownBefore = auth.server.provider.presented.length
    const show = await runCliIn(['show', '--url', auth.server.url], auth.home)
    expect(show, show.stderr).toMatchObject({ code: 0 })
    expect(show.stdout).toContain('tool echo')
    expect(auth.server.provider.refreshCount).toBe(1)
    const after = await cachedLogin()
    expect(after.tokens.access_token).not.toBe(before.tokens.access_token)
    // The old token was still valid: a refresh on a 401 alone would have kept using it.
    const presented = auth.server.provider.presented.slice(shownBefore)
    expect(presented.length).toBeGreaterThan(0)
    expect(presented).not.toContain(before.tokens.access_token)
    expect(new Set(presented)).toEqual(new Set([after.tokens.access_token]))
  })

  it('a refresh the authorization server refuses says to log in again, before any request', async () => {
    auth.server.provider.revokeRefreshTokens()
    const shownBefore = auth.server.provider.presented.length
    const run = await runCliIn(['show', '--url', auth.server.url], auth.home)
    expect(run.code).toBe(2)
    expect(scrub(run.stderr, auth.home)).toMatchInlineSnapshot(`
      "mcp-contract: The login cached for http://127.0.0.1:PORT/mcp has expired and the authorization server refused to refresh it. Log in again with: mcp-contract auth --url http://127.0.0.1:PORT/mcp
      Or pass a token with --bearer TOKEN (or MCP_CONTRACT_TOKEN in the environment) or the header the server expects with --header 'K: V'; in CI a machine client logs in with that command too, given --client-id and --client-secret-env.
      "
    `)
    expect(auth.server.provider.presented.length).toBe(shownBefore)
  })

  it('prints no secret', () => {
    const everything = ALL_OUTPUT.join('\n')
    expect(auth.server.provider.secrets.size).toBeGreaterThan(2)
    for (const secret of auth.server.provider.secrets) expect(everything).not.toContain(secret)
  })
})
