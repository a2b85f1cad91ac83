import { spawn } from 'node:child_process'
import { join } from 'node:path'

const SCRIPT = join(import.meta.dirname, '../fixtures/servers/http-catalog.js')

/**
 * Starts the catalog fixture over Streamable HTTP on 127.0.0.1 (a real SDK server in a child
 * process) and resolves with its URL once it listens; `env` sets its variant or a required bearer.
 * Any other path than `/mcp` answers 404; with `REQUIRE_BEARER`, a request without it answers 401.
 * @example const { url, stop } = await startHttpCatalog({ REQUIRE_BEARER: 'secret' })
 */
export async function startHttpCatalog(env: Record<string, string> = {}): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [SCRIPT, '0'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8')
      const match = /listening (\S+)/.exec(out)
      if (match) resolve(match[1])
    })
    child.on('exit', (code) => reject(new Error(`http-catalog exited with ${code}`)))
  })
  return { url, stop: () => child.kill() }
}
