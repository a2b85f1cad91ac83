import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { StdioTarget } from '../../src/capture/capture-raw.js'

/** The folder holding the fixture servers. */
export const FIXTURE_SERVERS_DIR = fileURLToPath(new URL('../fixtures/servers/', import.meta.url))

/** A stdio target that runs one fixture server with this Node binary. */
export function stdioFixture(file: string, env?: Record<string, string>): StdioTarget {
  return { command: process.execPath, args: [`${FIXTURE_SERVERS_DIR}${file}`], ...(env ? { env } : {}) }
}

/**
 * The stdio fixture servers that this test process started and that are still running
 * (`http-catalog.js`, which tests start and stop themselves, is left out). One `ps` line each.
 */
export function runningStdioFixtures(): string[] {
  let table = ''
  try {
    table = execFileSync('ps', ['-o', 'pid=,stat=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
  } catch (error) {
    // ps exits with 1 when no process matches.
    if ((error as { status?: number }).status !== 1) throw error
  }
  return table.split('\n').filter((line) => line.includes(FIXTURE_SERVERS_DIR) && !line.includes('http-catalog.js'))
}

/** Whether a process runs, by `ps`; a zombie (exited, not yet reaped) does not. */
export function isRunning(pid: number): boolean {
  try {
    return !execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim().startsWith('Z')
  } catch {
    return false
  }
}

/**
 * Connects a user-side SDK 1.x `Client` to a server in-process, the way a user would before
 * handing the client to capture. The caller closes it.
 */
export async function connectUserClient(server: { connect(transport: InMemoryTransport): Promise<void> }): Promise<Client> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
  await server.connect(serverTransport)
  const client = new Client({ name: 'user-client', version: '1.0.0' })
  await client.connect(clientTransport)
  return client
}

/** A running `http-catalog.js`, and how to stop it. */
export interface HttpCatalog {
  url: string
  stop(): Promise<void>
}

/**
 * Starts `http-catalog.js` on a free port and waits for its `listening <url>` line.
 * @example const server = await startHttpCatalog({ REQUIRE_BEARER: 'secret' }); … await server.stop()
 */
export async function startHttpCatalog(env: Record<string, string> = {}): Promise<HttpCatalog> {
  return startHttpFixture('http-catalog.js', env)
}

/**
 * Starts an HTTP fixture server on a free port and waits for its `listening <url>` line.
 * @example const server = await startHttpFixture('sse-only.js'); … await server.stop()
 */
export async function startHttpFixture(file: string, env: Record<string, string> = {}): Promise<HttpCatalog> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [`${FIXTURE_SERVERS_DIR}${file}`, '0'], {
    env: { ...process.env, ...env },
  })
  const url = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
      const match = /listening (\S+)/.exec(output)
      if (match) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`${file} exited with code ${code} before listening`)))
  })
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill()
      await exited
    },
  }
}
