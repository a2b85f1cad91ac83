import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { toMatchConsumerContract } from '../../matchers/index.js'
import { recordConsumer } from '../../src/consumer/record/record-consumer.js'
import { runCheckout } from '../fixtures/consumers/checkout-flow.js'
import { createShopServer } from '../fixtures/servers/shop-server.js'
import { ROOT } from '../support/run-cli-process.js'
import { cliIn } from '../support/run-cli-in-process.js'

let dir: string
const shop = join(ROOT, 'test/fixtures/servers/shop.js')

/** Records a consumer through a real SDK client and writes its contract with the matcher, as a consumer's test does. */
async function record(server: McpServer, consumer: string, use: (client: Client) => Promise<unknown>, file: string): Promise<void> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const raw = new Client({ name: consumer, version: '1.0.0' })
  await raw.connect(clientSide)
  try {
    const client = recordConsumer(raw, { consumer, redact: ['token'] })
    await use(client)
    const asJest = { isNot: false, testPath: join(dir, 'consumer.test.js'), currentTestName: consumer, snapshotState: { _updateSnapshot: 'new' } }
    expect((await toMatchConsumerContract.call(asJest, client, file)).pass).toBe(true)
  } finally {
    await raw.close()
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-recorded-provider-'))
  // Why a package.json: it makes dir the project root, which the matchers' relative paths resolve from.
  await (await import('node:fs/promises')).writeFile(join(dir, 'package.json'), '{"name":"fixture"}')
  await mkdir(join(dir, 'contracts'))
  await record(createShopServer(), 'checkout-agent', (client) => runCheckout(client, 'blue'), 'contracts/checkout-agent.mcp-consumer.json')
  // A server that gives no name (serverInfo.name is empty): its consumer's contract records none.
  const anonymous = new McpServer({ name: '', version: '1.0.0' })
  anonymous.registerTool('ping', { description: 'Answers pong.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }))
  await record(anonymous, 'pinger', (client) => client.callTool({ name: 'ping', arguments: {} }), 'contracts/pinger.mcp-consumer.json')
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const cli = cliIn(() => dir)

describe('the provider a consumer contract records', () => {
  test('the recorded file names the server the consumer saw, after the consumer, before the tools', async () => {
    const text = await readFile(join(dir, 'contracts', 'checkout-agent.mcp-consumer.json'), 'utf8')
    expect(Object.keys(JSON.parse(text))).toEqual(['format', 'consumer', 'provider', 'tools', 'prompts', 'resources'])
    expect(JSON.parse(text)).toMatchObject({ format: 1, consumer: 'checkout-agent', provider: 'shop' })
    expect(Object.keys(JSON.parse(await readFile(join(dir, 'contracts', 'pinger.mcp-consumer.json'), 'utf8')))).not.toContain('provider')
  })

  test('publish without --provider stores under the recorded provider; verify from that folder gives the folder’s verdicts', async () => {
    const run = await cli(['publish', 'contracts/checkout-agent.mcp-consumer.json', '--to', 'store', '--consumer-version', '1.0.0'])
    expect(run).toEqual({ code: 0, stderr: '', stdout: 'published contracts/checkout-agent.mcp-consumer.json (checkout-agent → shop) to store/shop/checkout-agent/main/1.0.0.json\n' })
    expect((await readdir(join(dir, 'store'))).sort()).toEqual(['shop'])
    expect(await readFile(join(dir, 'store', 'shop', 'checkout-agent', 'main', 'latest.json'), 'utf8')).toBe(await readFile(join(dir, 'contracts', 'checkout-agent.mcp-consumer.json'), 'utf8'))
    const verdicts = (stdout: string) =>
      (JSON.parse(stdout) as { consumers: { consumer: string; ok: boolean; changes: { kind: string; path: string }[] }[] }).consumers.map(({ consumer, ok, changes }) => ({ consumer, ok, changes: changes.map(({ kind, path }) => `${kind} ${path}`) }))
    for (const [variant, code] of [['base', 0], ['drop-read-field', 1]] as const) {
      const fromFolder = await cli(['verify', '--format', 'json', '--consumers', 'contracts/checkout-agent.mcp-consumer.json', '--', process.execPath, shop], { SHOP_VARIANT: variant })
      const fromStore = await cli(['verify', '--format', 'json', '--consumers', 'store/shop', '--', process.execPath, shop], { SHOP_VARIANT: variant })
      expect([fromFolder.code, fromStore.code]).toEqual([code, code])
      expect(verdicts(fromStore.stdout)).toEqual(verdicts(fromFolder.stdout))
    }
  })

  test('--provider still wins over the recorded provider', async () => {
    const run = await cli(['publish', 'contracts/checkout-agent.mcp-consumer.json', '--to', 'renamed', '--consumer-version', '1.0.0', '--provider', 'shop-api'])
    expect(run.code).toBe(0)
    expect((await readdir(join(dir, 'renamed'))).sort()).toEqual(['shop-api'])
    const exported = await cli(['pact', 'export', 'contracts/checkout-agent.mcp-consumer.json', '--provider', 'shop-api', '--out', 'renamed-pacts'])
    expect(exported.stdout).toBe('wrote renamed-pacts/checkout-agent-shop-api.json\n')
  })

  test('pact export without --provider names the pact <consumer>-<recorded provider>.json', async () => {
    const run = await cli(['pact', 'export', 'contracts/checkout-agent.mcp-consumer.json', '--out', 'pacts'])
    expect(run).toEqual({ code: 0, stderr: '', stdout: 'wrote pacts/checkout-agent-shop.json\n' })
    const pact = JSON.parse(await readFile(join(dir, 'pacts', 'checkout-agent-shop.json'), 'utf8'))
    expect(pact).toMatchObject({ consumer: { name: 'checkout-agent' }, provider: { name: 'shop' } })
    // The same pact as naming the provider by hand: the recorded name changes nothing else.
    await cli(['pact', 'export', 'contracts/checkout-agent.mcp-consumer.json', '--provider', 'shop', '--out', 'by-hand'])
    expect(await readFile(join(dir, 'by-hand', 'checkout-agent-shop.json'), 'utf8')).toBe(await readFile(join(dir, 'pacts', 'checkout-agent-shop.json'), 'utf8'))
  })

  test.each([
    { title: 'pact export', args: ['pact', 'export', 'contracts/checkout-agent.mcp-consumer.json', 'contracts/pinger.mcp-consumer.json', '--out', 'none'] },
    { title: 'publish', args: ['publish', 'contracts/checkout-agent.mcp-consumer.json', 'contracts/pinger.mcp-consumer.json', '--to', 'none', '--consumer-version', '1.0.0'] },
  ])('$title: a contract from a server that gave no name, without --provider, is exit 2 and nothing is written', async ({ args }) => {
    const run = await cli(args)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatchSnapshot()
    await expect(readdir(join(dir, 'none'))).rejects.toMatchObject({ code: 'ENOENT' })
  })
})
