import type { S3Client } from '@aws-sdk/client-s3'
import type { ContractStore, StoredEntry } from './contract-store.js'
import { PactError } from '../pact/pact-model.js'

/**
 * An S3-compatible bucket as a contract store, from `s3://bucket/prefix`. Credentials, region and
 * endpoint come from the standard AWS environment variables and profiles; with a custom endpoint
 * (`AWS_ENDPOINT_URL_S3` or `AWS_ENDPOINT_URL`, for MinIO, Ceph, R2 or GCS's interoperability)
 * addressing is path-style. Errors name the bucket and never a secret.
 * Why loaded on use: `@aws-sdk/client-s3` is an optional peer (a third of a full install), needed only for `s3://` sources.
 * @throws PactError for a location that is not `s3://…`, or naming the package to install when it is missing
 * @example await (await s3Store('s3://team-contracts/shop', process.env)).list()
 */
export async function s3Store(url: string, env: Record<string, string | undefined>): Promise<ContractStore> {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(url)
  if (match === null || match[1] === '') throw new PactError(`${url} is not an S3 location; write it as s3://bucket/prefix.`)
  const [, bucket, rawPrefix] = match
  const prefix = rawPrefix === '' ? '' : `${rawPrefix.replace(/\/+$/, '')}/`
  const where = `s3://${bucket}${prefix === '' ? '' : `/${prefix.slice(0, -1)}`}`
  const { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } = await loadS3(where)
  const client = s3Client(S3Client, env)
  const fail = (error: unknown, doing: string): never => {
    throw new PactError(`${where}: ${doing} failed (${describe(error, bucket)}).`)
  }
  return {
    where,
    async list() {
      const found: StoredEntry[] = []
      let token: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token })).catch((error: unknown) => fail(error, 'listing'))
        for (const object of page.Contents ?? []) {
          if (object.Key?.endsWith('.json')) found.push({ key: object.Key.slice(prefix.length), modified: object.LastModified?.getTime() ?? 0 })
        }
        token = page.IsTruncated === true ? page.NextContinuationToken : undefined
      } while (token !== undefined)
      return found
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `${prefix}${key}` }))
        return await object.Body?.transformToString('utf8')
      } catch (error) {
        if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return undefined
        return fail(error, `reading ${key}`)
      }
    },
    async write(key, text) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: `${prefix}${key}`, Body: text, ContentType: 'application/json' })).catch((error: unknown) => fail(error, `writing ${key}`))
    },
  }
}

async function loadS3(where: string): Promise<typeof import('@aws-sdk/client-s3')> {
  try {
    return await import('@aws-sdk/client-s3')
  } catch (cause) {
    throw new PactError(`${where} is an S3 bucket, which needs the AWS SDK's S3 client, and @aws-sdk/client-s3 is not installed. Install it (npm i -D @aws-sdk/client-s3), or use a folder or a Pact Broker instead.`, { cause })
  }
}

function s3Client(S3: typeof S3Client, env: Record<string, string | undefined>): S3Client {
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined
  const region = env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1'
  // Why: the SDK warns on Node 20 about its own future releases, not about this run; the warning would fill every CI log.
  const before = process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
  try {
    // Why keys from env when it holds them: a caller may pass an environment other than the process's; else the SDK's own chain (profiles, SSO, roles).
    const credentials = env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY, ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}) } : undefined
    return new S3({
      region,
      ...(endpoint !== undefined ? { endpoint, forcePathStyle: true } : {}),
      ...(credentials !== undefined ? { credentials } : env.AWS_PROFILE ? { profile: env.AWS_PROFILE } : {}),
      maxAttempts: 2,
    })
  } finally {
    if (before === undefined) delete process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED
    else process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = before
  }
}

/** What went wrong, in words that name the bucket and say what to do; never a key or token. */
function describe(error: unknown, bucket: string): string {
  const name = (error as { name?: string } | null)?.name ?? ''
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode
  if (name === 'NoSuchBucket') return `there is no bucket ${bucket}; check its name, and the endpoint (AWS_ENDPOINT_URL_S3) for a bucket not on AWS`
  if (name === 'CredentialsProviderError' || (/credential/i.test((error as Error).message ?? '') && status === undefined)) {
    return `no AWS credentials were found for bucket ${bucket}; set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE`
  }
  if (name === 'InvalidAccessKeyId' || name === 'SignatureDoesNotMatch' || status === 403) return `bucket ${bucket} refused the credentials (${name || `HTTP ${status}`}); check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY or AWS_PROFILE and the bucket's policy`
  if (status !== undefined) return `bucket ${bucket} answered HTTP ${status}${name ? ` ${name}` : ''}`
  const cause = (error as { cause?: { message?: string }; code?: string } | null)
  return `bucket ${bucket} could not be reached (${cause?.code ?? cause?.cause?.message ?? name ?? 'no answer'}); check the endpoint and the network`
}
