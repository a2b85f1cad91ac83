import { cp, mkdir, mkdtemp, readFile, readdir, rm, utimes } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { toSatisfyConsumerContracts } from '../../matchers/index.js'
import type { MatcherResult } from '../../matchers/matcher-core.js'
import { runCli, type CliIo } from '../../src/cli/run-cli.js'
import { writeConsumerContract } from '../../src/consumer/consumer-contract.js'
import { createShopServer } from '../fixtures/servers/shop-server.js'
import { ROOT } from '../support/run-cli-process.js'
import { startLocalS3, type LocalS3 } from '../support/s3-server.js'
import { recordCheckout } from '../support/record-checkout.js'
import { xmlProblem } from '../support/well-formed-xml.js'

let dir: string
let s3: LocalS3
let web: Server
let webUrl: string
const shop = join(ROOT, 'test/fixtures/servers/shop.js')
const weather = join(ROOT, 'test/fixtures/servers/weather.js')

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-publish-'))
  await mkdir(join(dir, 'contracts'))
  await recordCheckout(join(dir, 'contracts', 'checkout-agent.mcp-consumer.json'))
  const reporting = { format: 1 as const, consumer: 'reporting', tools: [{ name: 'export_report', examples: [{ month: '2026-11' }], reads: [] }], prompts: [], resources: [] }
  await writeConsumerContract(join(dir, 'contracts', 'reporting.mcp-consumer.json'), reporting)
  await mkdir(join(dir, 'next'))
  // The reporting consumer's next version, on a feature branch: it now also calls search_products with a region.
  await writeConsumerContract(join(dir, 'next', 'reporting.mcp-consumer.json'), { ...reporting, tools: [...reporting.tools, { name: 'search_products', examples: [{ query: 'x', region: 'eu' }], reads: [] }] })
  await cp(join(ROOT, 'test/fixtures/pact/plugin-pacts/provider-stdio-weather-agent-weather-mcp.json'), join(dir, 'weather-agent-weather-mcp.json'))
  s3 = await startLocalS3(['team-contracts'])
  web = createServer((request, response) => {
    if (request.headers['x-token'] !== 'let-me-in') return void response.writeHead(401).end()
    readFile(join(dir, 'contracts', 'checkout-agent.mcp-consumer.json')).then((body) => response.writeHead(200, { 'content-type': 'application/json' }).end(body))
  })
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve))
  webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`
})

afterAll(async () => {
  await s3?.close()
  await new Promise((resolve) => web?.close(resolve))
  await rm(dir, { recursive: true, force: true })
})

async function cli(args: string[], env: Record<string, string> = {}) {
  let stdout = ''
  let stderr = ''
  const own = { ...s3.env, ...env }
  // Why the process environment too: the CLI runs with io.env = process.env, and the AWS chain reads process.env itself.
  const saved = Object.fromEntries(Object.keys(own).map((key) => [key, process.env[key]]))
  Object.assign(process.env, own)
  const io: CliIo = { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), cwd: dir, env: { ...process.env } }
  let code: number
  try {
    code = await runCli(args, io)
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
  }
  const scrub = (text: string) => text.replaceAll(s3.endpoint, '<s3>').replaceAll(webUrl, '<web>')
  return { code, stdout: scrub(stdout), stderr: scrub(stderr) }
}

const verdicts = (stdout: string) =>
  (JSON.parse(stdout) as { consumers: { consumer: string; ok: boolean; changes: { kind: string; name: string; path: string }[] }[] }).consumers.map(({ consumer, ok, changes }) => ({
    consumer,
    ok,
    changes: changes.map(({ kind, name, path }) => `${kind} ${name} ${path}`),
  }))

describe('mcp-contract publish, then verify --consumers from the store', () => {
  beforeAll(async () => {
    for (const to of ['store', 's3://team-contracts/ci']) {
      const contracts = await cli(['publish', 'contracts/checkout-agent.mcp-consumer.json', 'contracts/reporting.mcp-consumer.json', '--to', to, '--consumer-version', '1.0.0', '--provider', 'shop'])
      expect(contracts).toMatchObject({ code: 0, stderr: '' })
      const pact = await cli(['publish', 'weather-agent-weather-mcp.json', '--to', to, '--consumer-version', '3.1.0', '--branch', 'main'])
      expect(pact).toMatchObject({ code: 0, stderr: '' })
    }
  })

  test('publish says where each file went, under <provider>/<consumer>/<branch>/<version>.json', async () => {
    const run = await cli(['publish', 'contracts/checkout-agent.mcp-consumer.json', '--to', 's3://team-contracts/ci', '--consumer-version', '1.0.0', '--provider', 'shop'])
    expect(run.stdout).toMatchSnapshot()
    expect((await readdir(join(dir, 'store', 'shop', 'checkout-agent', 'main'))).sort()).toEqual(['1.0.0.json', 'latest.json'])
    expect(await readFile(join(dir, 'store', 'shop', 'checkout-agent', 'main', 'latest.json'), 'utf8')).toBe(await readFile(join(dir, 'contracts', 'checkout-agent.mcp-consumer.json'), 'utf8'))
  })

  test.each(['base', 'drop-read-field', 'new-required-arg', 'drop-unused-tool'])('%s: the bucket gives the same verdicts as the folder it was published from', async (variant) => {
    const fromFolder = await cli(['verify', '--format', 'json', '--consumers', 'contracts', '--', process.execPath, shop], { SHOP_VARIANT: variant })
    const fromBucket = await cli(['verify', '--format', 'json', '--consumers', 's3://team-contracts/ci/shop', '--', process.execPath, shop], { SHOP_VARIANT: variant })
    const fromStore = await cli(['verify', '--format', 'json', '--consumers', 'store/shop', '--', process.execPath, shop], { SHOP_VARIANT: variant })
    expect(fromBucket.code).toBe(fromFolder.code)
    expect(verdicts(fromBucket.stdout)).toEqual(verdicts(fromFolder.stdout))
    expect(verdicts(fromStore.stdout)).toEqual(verdicts(fromFolder.stdout))
  })

  test('toSatisfyConsumerContracts reads the bucket too', async () => {
    const saved = Object.fromEntries(Object.keys(s3.env).map((key) => [key, process.env[key]]))
    Object.assign(process.env, s3.env)
    const asJest = { isNot: false, testPath: join(dir, 'shop.test.js'), currentTestName: 'shop', snapshotState: { _updateSnapshot: 'none' } }
    try {
      const kept: MatcherResult = await toSatisfyConsumerContracts.call(asJest, createShopServer(), 's3://team-contracts/ci/shop')
      expect(kept.pass).toBe(true)
      const broken: MatcherResult = await toSatisfyConsumerContracts.call(asJest, createShopServer('drop-read-field'), 's3://team-contracts/ci/shop')
      expect(broken.pass).toBe(false)
      expect(broken.message()).toContain('checkout-agent  s3://team-contracts/ci/shop/checkout-agent/main/latest.json  breaks (1 change)')
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key]
        else process.env[key] = value
      }
    }
  })

  test('a published pact is read back as a pact, naming its interactions', async () => {
    const run = await cli(['verify', '--consumers', 's3://team-contracts/ci/weather-mcp', '--', process.execPath, weather], { WEATHER_VARIANT: 'known-cities' })
    expect(run.code).toBe(1)
    expect(run.stdout).toMatchSnapshot()
  })

  test('--consumer-branch picks that branch’s latest; without it, each consumer’s latest of all branches', async () => {
    for (const to of ['store', 's3://team-contracts/ci']) {
      const run = await cli(['publish', 'next/reporting.mcp-consumer.json', '--to', to, '--consumer-version', '1.1.0', '--branch', 'feature/regions', '--provider', 'shop'])
      expect(run.code).toBe(0)
    }
    // Why set the times: which branch was written last must not depend on how fast this test runs.
    await utimes(join(dir, 'store', 'shop', 'reporting', 'feature%2Fregions', 'latest.json'), new Date('2030-01-01'), new Date('2030-01-01'))
    const onMain = await cli(['verify', '--format', 'json', '--consumers', 's3://team-contracts/ci/shop', '--consumer-branch', 'main', '--', process.execPath, shop])
    expect(onMain.code).toBe(0)
    const onFeature = await cli(['verify', '--format', 'json', '--consumers', 's3://team-contracts/ci/shop', '--consumer-branch', 'feature/regions', '--', process.execPath, shop], { SHOP_VARIANT: 'new-required-arg' })
    expect(JSON.parse(onFeature.stdout).consumers.map((consumer: { file: string; ok: boolean }) => [consumer.file, consumer.ok])).toEqual([['s3://team-contracts/ci/shop/reporting/feature%2Fregions/latest.json', true]])
    const latestOfAll = await cli(['verify', '--format', 'json', '--consumers', 'store/shop', '--', process.execPath, shop])
    expect(JSON.parse(latestOfAll.stdout).consumers.map((consumer: { file: string }) => consumer.file)).toEqual(['store/shop/checkout-agent/main/latest.json', 'store/shop/reporting/feature%2Fregions/latest.json'])
  })

  test('verify --consumers with the prefix publish --to took reads the live provider’s folder in it', async () => {
    const forShop = await cli(['verify', '--format', 'json', '--consumers', 's3://team-contracts/ci', '--consumer-branch', 'main', '--', process.execPath, shop])
    expect(forShop.code).toBe(0)
    expect(JSON.parse(forShop.stdout).consumers.map((consumer: { file: string }) => consumer.file)).toEqual(['s3://team-contracts/ci/shop/checkout-agent/main/latest.json', 's3://team-contracts/ci/shop/reporting/main/latest.json'])
    const forWeather = await cli(['verify', '--consumers', 'store', '--', process.execPath, weather], { WEATHER_VARIANT: 'known-cities' })
    expect(forWeather.code).toBe(1)
    expect(forWeather.stdout).toContain('weather-agent  store/weather-mcp/weather-agent/main/latest.json  breaks (1 change)')
    const named = await cli(['verify', '--format', 'json', '--consumers', 's3://team-contracts/ci', '--consumer-branch', 'main', '--provider', 'weather-mcp', '--', process.execPath, weather])
    expect(JSON.parse(named.stdout).consumers.map((consumer: { file: string }) => consumer.file)).toEqual(['s3://team-contracts/ci/weather-mcp/weather-agent/main/latest.json'])
  })

  test.each([
    { title: 'the server’s name', args: ['verify', '--consumers', 's3://team-contracts/ci', '--', process.execPath, join(ROOT, 'test/fixtures/servers/paged.js')] },
    { title: '--provider', args: ['verify', '--consumers', 'store', '--provider', 'inventory', '--', process.execPath, shop] },
  ])('exit 2 when the store holds no folder for $title', async ({ args }) => {
    const run = await cli(args)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatchSnapshot()
  })

  test('a version already published with other content is refused; the same content again is fine', async () => {
    const same = await cli(['publish', 'contracts/reporting.mcp-consumer.json', '--to', 's3://team-contracts/ci', '--consumer-version', '1.0.0', '--provider', 'shop'])
    expect(same.code).toBe(0)
    const other = await cli(['publish', 'next/reporting.mcp-consumer.json', '--to', 's3://team-contracts/ci', '--consumer-version', '1.0.0', '--provider', 'shop'])
    expect(other.code).toBe(2)
    expect(other.stderr).toMatchSnapshot()
  })

  test('one content per consumer version: the same content on another branch is fine, other content is refused naming the branch that holds it', async () => {
    for (const to of ['store', 's3://team-contracts/ci']) {
      const same = await cli(['publish', 'contracts/reporting.mcp-consumer.json', '--to', to, '--consumer-version', '1.0.0', '--branch', 'release/1', '--provider', 'shop'])
      expect(same).toMatchObject({ code: 0, stderr: '' })
      const other = await cli(['publish', 'next/reporting.mcp-consumer.json', '--to', to, '--consumer-version', '1.0.0', '--branch', 'feature/other', '--provider', 'shop'])
      expect(other.code).toBe(2)
      expect(other.stderr).toMatchSnapshot()
    }
    expect(await readdir(join(dir, 'store', 'shop', 'reporting'))).not.toContain('feature%2Fother')
  })

  test.each<{ title: string; args: string[]; env: Record<string, string> }>([
    { title: 'a missing bucket', args: ['verify', '--consumers', 's3://no-such-bucket/ci/shop', '--', process.execPath, shop], env: {} },
    { title: 'a wrong key', args: ['verify', '--consumers', 's3://team-contracts/ci/shop', '--', process.execPath, shop], env: { AWS_ACCESS_KEY_ID: 'AKIAWRONGWRONGWRONG1', AWS_SECRET_ACCESS_KEY: 'wrong-secret-0123456789' } },
    { title: 'no credentials', args: ['publish', 'contracts/reporting.mcp-consumer.json', '--to', 's3://team-contracts/ci', '--consumer-version', '9.9.9', '--provider', 'shop'], env: { AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: '', AWS_PROFILE: '' } },
    { title: 'a consumer contract without --provider', args: ['publish', 'contracts/reporting.mcp-consumer.json', '--to', 'store', '--consumer-version', '1.0.0'], env: {} },
    { title: 'a version that cannot name a file', args: ['publish', 'contracts/reporting.mcp-consumer.json', '--to', 'store', '--consumer-version', '../1', '--provider', 'shop'], env: {} },
  ])('exit 2 before any server starts: $title', async ({ args, env }) => {
    const run = await cli(args, env)
    expect(run.code).toBe(2)
    expect(run.stderr).not.toContain('wrong-secret-0123456789')
    expect(run.stderr).toMatchSnapshot()
  })

  test.each([
    { title: 'publish without --to', args: ['publish', 'a.json', '--consumer-version', '1'] },
    { title: 'publish without --consumer-version', args: ['publish', 'a.json', '--to', 'store'] },
    { title: 'publish without a file', args: ['publish', '--to', 'store', '--consumer-version', '1'] },
    { title: '--consumer-branch on publish', args: ['publish', 'a.json', '--to', 'store', '--consumer-version', '1', '--consumer-branch', 'main'] },
  ])('usage error: $title', async ({ args }) => {
    const run = await cli(args)
    expect(run.code).toBe(2)
    expect(run.stderr.split('\n')[0]).toMatchSnapshot()
  })
})

describe('verify reads only its provider’s contracts', () => {
  beforeAll(async () => {
    await mkdir(join(dir, 'mixed'))
    await cp(join(dir, 'contracts'), join(dir, 'mixed'), { recursive: true })
    await cp(join(dir, 'weather-agent-weather-mcp.json'), join(dir, 'mixed', 'weather-agent-weather-mcp.json'))
    const stock = { format: 1 as const, consumer: 'stock-agent', provider: 'inventory', tools: [{ name: 'count_stock', examples: [{ sku: 'A1' }], reads: [] }], prompts: [], resources: [] }
    await writeConsumerContract(join(dir, 'mixed', 'stock-agent.mcp-consumer.json'), stock)
  })

  test('a contract or pact recorded against another provider is listed as skipped, not judged; one naming no provider is judged', async () => {
    const text = await cli(['verify', '--consumers', 'mixed', '--', process.execPath, shop])
    expect(text.code).toBe(0)
    expect(text.stdout).toMatchSnapshot()
    const json = await cli(['verify', '--format', 'json', '--consumers', 'mixed', '--', process.execPath, shop])
    expect(JSON.parse(json.stdout).consumers.map(({ consumer, ok, otherProvider }: { consumer: string; ok: boolean; otherProvider?: string }) => [consumer, ok, otherProvider])).toEqual([
      ['checkout-agent', true, undefined],
      ['reporting', true, undefined],
      ['stock-agent', true, 'inventory'],
      ['weather-agent', true, 'weather-mcp'],
    ])
  })

  test('--provider NAME verifies as that provider, over the live server’s name', async () => {
    const run = await cli(['verify', '--format', 'junit', '--consumers', 'mixed', '--provider', 'inventory', '--', process.execPath, shop])
    expect(run.code).toBe(1)
    expect(xmlProblem(run.stdout)).toBeUndefined()
    expect(run.stdout).toMatchSnapshot()
  })
})

describe('verify --consumers from an https URL (plain http only on this machine) and a glob', () => {
  test('headers from --header reach the URL; a refusal is exit 2', async () => {
    const ok = await cli(['verify', '--consumers', `${webUrl}/contracts/checkout-agent.mcp-consumer.json?sig=secret-signature`, '--header', 'X-Token: let-me-in', '--', process.execPath, shop])
    expect(ok.code).toBe(0)
    expect(ok.stdout).toMatchSnapshot()
    const refused = await cli(['verify', '--consumers', `${webUrl}/contracts/checkout-agent.mcp-consumer.json?sig=secret-signature`, '--', process.execPath, shop])
    expect(refused.code).toBe(2)
    expect(refused.stderr).not.toContain('secret-signature')
    expect(refused.stderr).toMatchSnapshot()
  })

  test('a plain http URL of another machine is refused', async () => {
    const run = await cli(['verify', '--consumers', 'http://contracts.example.com/a.json', '--', process.execPath, shop])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatchSnapshot()
  })

  test('a glob reads every matching file', async () => {
    const run = await cli(['verify', '--format', 'json', '--consumers', 'contracts/*.mcp-consumer.json', '--', process.execPath, shop], { SHOP_VARIANT: 'drop-unused-tool' })
    expect(run.code).toBe(1)
    expect(verdicts(run.stdout).map((verdict) => [verdict.consumer, verdict.ok])).toEqual([
      ['checkout-agent', true],
      ['reporting', false],
    ])
  })
})
