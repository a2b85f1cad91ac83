import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
// @ts-expect-error s3rver ships no type declarations; the little used here is typed below.
import S3rver from 's3rver'

/** A real S3-compatible server on 127.0.0.1, with its buckets, and the environment that reaches it. */
export interface LocalS3 {
  endpoint: string
  /** The standard AWS variables pointing at it (with this server's access key). */
  env: Record<string, string>
  close(): Promise<void>
}

/** Starts s3rver on a free port of 127.0.0.1 with the given buckets, storing under a temporary folder. */
export async function startLocalS3(buckets: string[]): Promise<LocalS3> {
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
