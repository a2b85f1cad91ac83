import { createHash } from 'node:crypto'
import { chmod, mkdir, readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js'
import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js'
import { writeFileAtomically } from '../../surface/write-file-atomically.js'
import { configDir } from './config-dir.js'

/** One cached login: the tokens an authorization server issued for one MCP server (resource). */
export interface CachedLogin {
  version: 1
  /** The MCP endpoint the login was made for, as `new URL(...).href`. */
  serverUrl: string
  /** The resource indicator the tokens are bound to. */
  resource: string
  /** The authorization server (issuer) that issued them. */
  authorizationServer: string
  /** When the tokens were last written, ISO 8601. */
  savedAt: string
  /** When the access token expires (epoch ms), when the server said. */
  expiresAt?: number
  client: OAuthClientInformationMixed
  tokens: OAuthTokens
  discovery?: OAuthDiscoveryState
}

/**
 * Where cached logins live: one file per authorization server and resource under
 * `<config dir>/tokens/`, readable by the user alone.
 */
export class TokenCache {
  /** The directory holding the files (mode 0700). */
  readonly dir: string

  constructor(env: NodeJS.ProcessEnv = process.env) {
    this.dir = join(configDir(env), 'tokens')
  }

  /** The file a login for this authorization server and resource is kept in. */
  fileFor(authorizationServer: string, resource: string): string {
    const key = createHash('sha256').update(`${authorizationServer}\n${resource}`).digest('hex').slice(0, 24)
    return join(this.dir, `${key}.json`)
  }

  /** Every readable cached login with its file, newest first. Unreadable files are skipped. */
  async list(): Promise<Array<{ file: string; login: CachedLogin }>> {
    let names: string[]
    try {
      names = await readdir(this.dir)
    } catch {
      return []
    }
    const found: Array<{ file: string; login: CachedLogin }> = []
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      const file = join(this.dir, name)
      const login = await readLogin(file)
      if (login) found.push({ file, login })
    }
    return found.sort((a, b) => b.login.savedAt.localeCompare(a.login.savedAt))
  }

  /** The newest login cached for an MCP endpoint, if any. */
  async find(serverUrl: URL): Promise<{ file: string; login: CachedLogin } | undefined> {
    return (await this.list()).find((entry) => entry.login.serverUrl === serverUrl.href)
  }

  /**
   * Writes a login atomically: a private temporary file in the same directory, then a rename.
   * Why: a concurrent run or a crash must never leave a half-written or world-readable token file.
   */
  async save(login: CachedLogin): Promise<string> {
    await this.ensureDir()
    const file = this.fileFor(login.authorizationServer, login.resource)
    await writeFileAtomically(file, `${JSON.stringify(login, null, 2)}\n`, { mode: 0o600 })
    return file
  }

  /** Removes every login cached for an MCP endpoint; returns the files removed. */
  async remove(serverUrl: URL): Promise<string[]> {
    const files = (await this.list()).filter((entry) => entry.login.serverUrl === serverUrl.href).map((entry) => entry.file)
    for (const file of files) await rm(file, { force: true })
    return files
  }

  private async ensureDir(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 })
    // Why chmod as well: mkdir's mode is masked by the umask and ignored for a directory that exists.
    await chmod(join(this.dir, '..'), 0o700)
    await chmod(this.dir, 0o700)
  }
}

async function readLogin(file: string): Promise<CachedLogin | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as CachedLogin
    return parsed?.version === 1 && typeof parsed.serverUrl === 'string' && typeof parsed.tokens?.access_token === 'string' ? parsed : undefined
  } catch {
    return undefined
  }
}
