import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { runCli, type CliIo } from '../../src/cli/run-cli.js'
import { writeConsumerContract } from '../../src/consumer/consumer-contract.js'
import { recordCheckout, REPORTING_CONTRACT } from '../support/record-checkout.js'
import { ROOT } from '../support/run-cli-process.js'
import { S3_SERVERS, startLocalS3, type S3ServerName } from '../support/s3-server.js'

let dir: string
const shop = join(ROOT, 'test/fixtures/servers/shop.js')

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-s3-servers-'))
  await mkdir(join(dir, 'contracts'))
  await mkdir(join(dir, 'next'))
  await recordCheckout(join(dir, 'contracts', 'checkout-agent.mcp-consumer.json'))
  await writeConsumerContract(join(dir, 'contracts', 'reporting.mcp-consumer.json'), REPORTING_CONTRACT)
  await writeConsumerContract(join(dir, 'next', 'reporting.mcp-consumer.json'), { ...REPORTING_CONTRACT, tools: [...REPORTING_CONTRACT.tools, { name: 'search_products', examples: [{ query: 'x', region: 'eu' }], reads: [] }] })
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Publishes and verifies through one server's bucket; returns each step's exit code and what it said, with the endpoint scrubbed. */
async function throughBucket(server: S3ServerName): Promise<{ step: string; code: number; said: unknown }[]> {
  const s3 = await startLocalS3(['team-contracts'], server)
  const cli = async (args: string[], env: Record<string, string> = {}) => {
    let stdout = ''
    let stderr = ''
    const own = { ...s3.env, ...env }
    // Why the process environment too: the AWS chain reads process.env itself.
    const saved = Object.fromEntries(Object.keys(own).map((key) => [key, process.env[key]]))
    Object.assign(process.env, own)
    const io: CliIo = { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), cwd: dir, env: { ...process.env } }
    try {
      const code = await runCli(args, io)
      const scrub = (text: string) => text.replaceAll(s3.endpoint, '<s3>')
      return { code, said: args.includes('json') && code !== 2 ? JSON.parse(stdout) : scrub(stdout + stderr) }
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key]
        else process.env[key] = value
      }
    }
  }
  const steps: [string, string[], Record<string, string>?][] = [
    ['publish', ['publish', 'contracts/checkout-agent.mcp-consumer.json', 'contracts/reporting.mcp-consumer.json', '--to', 's3://team-contracts/ci', '--consumer-version', '1.0.0', '--provider', 'shop']],
    ['publish on a feature branch', ['publish', 'next/reporting.mcp-consumer.json', '--to', 's3://team-contracts/ci', '--consumer-version', '1.1.0', '--branch', 'feature/regions', '--provider', 'shop']],
    ['the same version, other content, another branch', ['publish', 'next/reporting.mcp-consumer.json', '--to', 's3://team-contracts/ci', '--consumer-version', '1.0.0', '--branch', 'feature/other', '--provider', 'shop']],
    ['verify the prefix publish took, on main', ['verify', '--format', 'json', '--consumers', 's3://team-contracts/ci', '--consumer-branch', 'main', '--', process.execPath, shop]],
    ['verify a provider that drops a read field', ['verify', '--format', 'json', '--consumers', 's3://team-contracts/ci/shop', '--consumer-branch', 'main', '--', process.execPath, shop], { SHOP_VARIANT: 'drop-read-field' }],
    ['verify main against a new required argument', ['verify', '--format', 'json', '--consumers', 's3://team-contracts/ci/shop', '--consumer-branch', 'main', '--', process.execPath, shop], { SHOP_VARIANT: 'new-required-arg' }],
    ['verify the feature branch, which sends it', ['verify', '--format', 'json', '--consumers', 's3://team-contracts/ci/shop', '--consumer-branch', 'feature/regions', '--', process.execPath, shop], { SHOP_VARIANT: 'new-required-arg' }],
    ['a missing bucket', ['verify', '--consumers', 's3://no-such-bucket/ci/shop', '--', process.execPath, shop]],
  ]
  const seen = []
  try {
    for (const [step, args, env] of steps) seen.push({ step, ...(await cli(args, env)) })
  } finally {
    await s3.close()
  }
  return seen
}

// Why one test: each server's run is compared with the other's, step by step.
test('s3rver and fauxqs, two independent S3 implementations, give the same verdicts for every step', { timeout: 240_000 }, async () => {
  const [first, second] = [await throughBucket(S3_SERVERS[0]), await throughBucket(S3_SERVERS[1])]
  expect(second).toEqual(first)
  expect(first.map(({ step, code }) => [step, code])).toEqual([
    ['publish', 0],
    ['publish on a feature branch', 0],
    ['the same version, other content, another branch', 2],
    ['verify the prefix publish took, on main', 0],
    ['verify a provider that drops a read field', 1],
    ['verify main against a new required argument', 1],
    ['verify the feature branch, which sends it', 0],
    ['a missing bucket', 2],
  ])
})
