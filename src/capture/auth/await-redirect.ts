import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createInterface } from 'node:readline'
import { clipEcho } from '../clip-echo.js'
import { LoginError } from './login-error.js'

/** The redirect that ended a login: its code, and how it arrived. */
export interface Redirect {
  code: string
  via: 'browser' | 'paste'
  /** The full redirect URL; print it only through `redactUrl`. */
  url: string
}

/** A loopback listener for the authorization server's redirect. */
export interface RedirectListener {
  /** `http://127.0.0.1:PORT/callback`. */
  redirectUrl: string
  /**
   * Waits for the redirect that carries `state`: at the callback, or pasted on `stdin` (the
   * URL the browser failed to load on a headless box), whichever comes first.
   */
  wait(options: { state: string; stdin?: NodeJS.ReadableStream; timeoutMs: number; signal?: AbortSignal; say: (line: string) => void }): Promise<Redirect>
  close(): Promise<void>
}

/**
 * Listens on 127.0.0.1 for the redirect of a login, on `port` or (0) any free port.
 * @throws LoginError when the port is taken
 */
export async function listenForRedirect(port = 0): Promise<RedirectListener> {
  let deliver: ((url: URL) => boolean) | undefined
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (url.pathname !== '/callback') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the login callback is /callback.\n')
      return
    }
    const accepted = deliver?.(new URL(`${redirectUrl}${url.search}`)) ?? false
    response
      .writeHead(accepted ? 200 : 400, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
      .end(accepted ? 'mcp-contract is logged in. You can close this tab.\n' : 'This is not the redirect mcp-contract is waiting for; go back to the terminal.\n')
  })
  await listen(server, port)
  const redirectUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`
  return {
    redirectUrl,
    wait: (options) =>
      new Promise<Redirect>((resolve, reject) => {
        const lines = options.stdin ? createInterface({ input: options.stdin, terminal: false }) : undefined
        const timer = setTimeout(
          () => finish(new LoginError(`no redirect arrived within ${Math.round(options.timeoutMs / 1000)} s; run mcp-contract auth again (--timeout MS waits longer)`)),
          options.timeoutMs,
        )
        const onAbort = () => finish(new LoginError(`stopped by ${String(options.signal?.reason ?? 'a signal')}; nothing was cached`))
        options.signal?.addEventListener('abort', onAbort, { once: true })
        const finish = (outcome: Redirect | Error) => {
          deliver = undefined
          clearTimeout(timer)
          options.signal?.removeEventListener('abort', onAbort)
          lines?.close()
          if (outcome instanceof Error) reject(outcome)
          else resolve(outcome)
        }
        const take = (url: URL, via: Redirect['via']): boolean => {
          const error = url.searchParams.get('error')
          if (url.searchParams.get('state') !== options.state) return false
          if (error !== null) {
            const description = url.searchParams.get('error_description')
            finish(new LoginError(`the authorization server refused the login: ${clipEcho(error)}${description ? ` (${clipEcho(description)})` : ''}. Run mcp-contract auth again.`))
            return true
          }
          const code = url.searchParams.get('code')
          if (!code) return false
          finish({ code, via, url: url.href })
          return true
        }
        deliver = (url) => take(url, 'browser')
        lines?.on('line', (line) => {
          const text = line.trim()
          if (text === '') return
          let url: URL
          try {
            url = new URL(text)
          } catch {
            options.say('That is not a URL. Paste the whole address your browser was sent to (it starts with http://127.0.0.1 or http://localhost).')
            return
          }
          if (!take(url, 'paste')) options.say('That URL is not the redirect of this login (its state or code is missing or differs). Paste the newest one.')
        })
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        // Why: a browser keeps its connection alive, and close() would wait for it.
        server.closeAllConnections()
      }),
  }
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new LoginError(
          error.code === 'EADDRINUSE'
            ? `port ${port} on 127.0.0.1 is in use; pick another with --port, or leave --port out for any free port`
            : `could not listen on 127.0.0.1:${port} for the login redirect: ${error.message}`,
        ),
      ),
    )
    server.listen(port, '127.0.0.1', () => resolve())
  })
}
