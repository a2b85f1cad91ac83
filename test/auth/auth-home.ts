import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, vi } from 'vitest'
import { ALL_OUTPUT, AUTHORIZATION_URL, startCli, type Run } from './cli-run.js'
import { startProtectedServer, type ProtectedServer, type ProtectedServerOptions } from './oauth-protected-server.js'

/** A test file's own token home and the protected servers started for it, by the names it gave. */
export type AuthHome<Name extends string> = { readonly home: string } & { readonly [name in Name]: ProtectedServer }

/**
 * Gives the calling test file an isolated token home: before its tests, a new temp folder as
 * XDG_CONFIG_HOME, an empty MCP_CONTRACT_TOKEN and the protected servers named in `servers`
 * started; after them, the servers stopped, the environment restored and the folder removed.
 * Why both variables in the process environment: capture (matchers' { url } targets) reads
 * process.env, the CLI its io.env, and a developer's own token or logins must not leak in.
 * @example const auth = useAuthHome('mcp-contract-auth-', { server: {} }); … runCliIn(['show', '--url', auth.server.url], auth.home)
 */
export function useAuthHome<Name extends string = never>(prefix: string, servers: Record<Name, ProtectedServerOptions> = {} as Record<Name, ProtectedServerOptions>): AuthHome<Name> {
  const state: Record<string, string | ProtectedServer> = { home: '' }
  beforeAll(async () => {
    state.home = await mkdtemp(join(tmpdir(), prefix))
    vi.stubEnv('XDG_CONFIG_HOME', state.home)
    vi.stubEnv('MCP_CONTRACT_TOKEN', '')
    for (const [name, options] of Object.entries<ProtectedServerOptions>(servers)) state[name] = await startProtectedServer(options)
  })
  afterAll(async () => {
    for (const name of Object.keys(servers)) await (state[name] as ProtectedServer | undefined)?.stop()
    vi.unstubAllEnvs()
    if (state.home) await rm(state.home as string, { recursive: true, force: true })
  })
  return state as unknown as AuthHome<Name>
}

/** Logs in to `url` with `auth --open false` in the config folder `home`, following the printed URL the way a browser would. */
export async function logIn(url: string, home: string, extra: string[] = []): Promise<Run> {
  const run = startCli(['auth', '--url', url, '--open', 'false', ...extra], home)
  const [, authorization] = await run.waitForStderr(AUTHORIZATION_URL)
  ALL_OUTPUT.push(await (await fetch(authorization as string)).text())
  return run.done
}
