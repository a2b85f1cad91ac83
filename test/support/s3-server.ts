import { spawn } from 'node:child_process'
import { access, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
// @ts-expect-error s3rver ships no type declarations; the little used here is typed below.
import S3rver from 's3rver'

/** A real S3-compatible server on 127.0.0.1, with its buckets, and the environment that reaches it. */
export interface LocalS3 {
  endpoint: string
  /** The standard AWS variables pointing at it (with this server's access key). */
  env: Record<string, string>
  close(): Promise<void>
}

/** The S3-compatible servers the bucket tests run against: two independent implementations. */
export const S3_SERVERS = ['s3rver', 'fauxqs'] as const

/** One of {@link S3_SERVERS}. */
export type S3ServerName = (typeof S3_SERVERS)[number]

/**
 * Starts an S3-compatible server on a free port of 127.0.0.1 with the given buckets: s3rver (a dev
 * dependency, storing under a temporary folder) or fauxqs (in memory, on the Node 22 that
 * `scripts/install-s3-servers.sh` installs beside it).
 */
export async function startLocalS3(buckets: string[], server: S3ServerName = 's3rver'): Promise<LocalS3> {
  return server === 'fauxqs' ? startFauxqs(buckets) : startS3rver(buckets)
}

async function startS3rver(buckets: string[]): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'mcp-contract-s3-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: buckets.map((name) => ({ name })) }) as {
    run(): Promise<{ port: number }>
    close(): Promise<void>
  }
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    // Why every file and metadata variable: the AWS chain must find this server's key, never a developer's own.
    env: {
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_REGION: 'us-east-1',
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_SHARED_CREDENTIALS_FILE: join(directory, 'no-credentials'),
      AWS_CONFIG_FILE: join(directory, 'no-config'),
    },
    async close() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}

/** Where `scripts/install-s3-servers.sh` installed fauxqs and its Node. */
const S3_SERVERS_DIR = process.env.MCP_CONTRACT_S3_SERVERS ?? join(process.env.TMPDIR ?? '/tmp', 'mcp-contract-s3-servers')

async function startFauxqs(buckets: string[]): Promise<LocalS3> {
  const node = join(S3_SERVERS_DIR, 'node_modules/node-22/bin/node')
  const app = join(S3_SERVERS_DIR, 'node_modules/fauxqs/dist/app.js')
  await access(app).catch(() => {
    throw new Error(`fauxqs is not installed in ${S3_SERVERS_DIR}; run bash scripts/install-s3-servers.sh (CI's .ci/run does).`)
  })
  const directory = await mkdtemp(join(tmpdir(), 'mcp-contract-fauxqs-'))
  // Why a child process: fauxqs needs Node 22.5 or later, and the suite runs on Node 20.
  const script = `const { startFauxqs } = await import(${JSON.stringify(pathToFileURL(app).href)})
const server = await startFauxqs({ port: 0, logger: false, init: { buckets: ${JSON.stringify(buckets)} } })
process.stdout.write(server.port + '\\n')`
  const child = spawn(node, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] })
  const port = await new Promise<number>((resolve, reject) => {
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8')
      if (out.includes('\n')) resolve(Number(out.trim()))
    })
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')))
    child.once('exit', (code) => reject(new Error(`fauxqs exited (${code}) before listening: ${err}`)))
    child.once('error', reject)
  })
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    // Why every file and metadata variable: the AWS chain must find this key, never a developer's own.
    env: {
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      AWS_REGION: 'us-east-1',
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_SHARED_CREDENTIALS_FILE: join(directory, 'no-credentials'),
      AWS_CONFIG_FILE: join(directory, 'no-config'),
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill()
      await exited
      await rm(directory, { recursive: true, force: true })
    },
  }
}
