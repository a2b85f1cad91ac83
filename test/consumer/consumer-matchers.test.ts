import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { toMatchConsumerContract, toSatisfyConsumerContracts } from '../../matchers/index.js'
import type { MatcherResult } from '../../matchers/matcher-core.js'
import type { UpdateMode } from '../../matchers/runner-adapter.js'
import '../../setup/vitest.js'
import { recordConsumer } from '../../src/consumer/record/record-consumer.js'
import { recordTransport } from '../../src/consumer/record/record-transport.js'
import { runCheckout } from '../fixtures/consumers/checkout-flow.js'
import { createShopServer, type ShopVariant } from '../fixtures/servers/shop-server.js'

let dir: string
const open: Client[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-consumer-'))
  // Why a package.json: it makes dir the project root, which the matchers' relative paths resolve from.
  await (await import('node:fs/promises')).writeFile(join(dir, 'package.json'), '{"name":"fixture"}')
})
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function recordedClient(variant: ShopVariant = 'base', readSku = false) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await createShopServer(variant).connect(serverSide)
  const raw = new Client({ name: 'checkout-agent', version: '1.0.0' })
  await raw.connect(clientSide)
  open.push(raw)
  const client = recordConsumer(raw, { consumer: 'checkout-agent', redact: ['token'] })
  await runCheckout(client, 'blue')
  if (readSku) {
    const result = await client.callTool({ name: 'search_products', arguments: { query: 'x', limit: 2 } })
    void (result.structuredContent as { items: { sku: string }[] }).items[0].sku
  }
  return client
}

/** Calls the raw matcher as Jest would (no file snapshot), in a given update mode. */
function asJest(mode: UpdateMode) {
  return { isNot: false, testPath: join(dir, 'checkout.test.js'), currentTestName: 'checkout', snapshotState: { _updateSnapshot: mode } }
}

const scrub = (text: string) => text.replaceAll(relative(process.cwd(), dir), '<dir>').replaceAll(dir, '<dir>')

describe('toMatchConsumerContract', () => {
  test.each([
    { mode: 'none' as const, title: 'in CI' },
    { mode: 'new' as const, title: 'outside CI' },
    { mode: 'all' as const, title: 'with -u' },
  ])('a recorder that was never reached fails $title and writes nothing', async ({ mode }) => {
    const { mkdir } = await import('node:fs/promises')
    const folder = `never-${mode}`
    await mkdir(join(dir, folder))
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await createShopServer().connect(serverSide)
    const raw = new Client({ name: 'checkout-agent', version: '1.0.0' })
    const transport = recordTransport(clientSide, { consumer: 'checkout-agent' })
    await raw.connect(transport)
    open.push(raw)
    const client = recordConsumer(raw, { consumer: 'checkout-agent' })
    // Why listing only: the code reached the server, but made no call, prompt get or resource read.
    await raw.listTools()
    const [throughClient, throughTransport]: MatcherResult[] = await Promise.all([client, transport].map((recorder) => toMatchConsumerContract.call(asJest(mode), recorder, `${folder}/checkout-agent.mcp-consumer.json`)))
    expect([throughClient.pass, throughTransport.pass]).toEqual([false, false])
    expect(throughTransport.message()).toBe(throughClient.message())
    if (mode === 'none') expect(throughClient.message()).toMatchSnapshot()
    expect(await readdir(join(dir, folder))).toEqual([])
  })

  test('a missing file fails in CI, is written outside CI, then the same use passes', async () => {
    const file = 'contracts-a/checkout-agent.mcp-consumer.json'
    const { mkdir } = await import('node:fs/promises')
    await mkdir(join(dir, 'contracts-a'))
    const ci: MatcherResult = await toMatchConsumerContract.call(asJest('none'), await recordedClient(), file)
    expect(ci.pass).toBe(false)
    expect(scrub(ci.message())).toMatchSnapshot()
    expect(await readdir(join(dir, 'contracts-a'))).toEqual([])
    expect((await toMatchConsumerContract.call(asJest('new'), await recordedClient(), file)).pass).toBe(true)
    expect(JSON.parse(await readFile(join(dir, file), 'utf8'))).toMatchObject({ format: 1, consumer: 'checkout-agent' })
    expect((await toMatchConsumerContract.call(asJest('none'), await recordedClient(), file)).pass).toBe(true)
  })

  test('a consumer that now reads more and sends a new shape fails, classified; -u accepts', async () => {
    const file = 'checkout-b.mcp-consumer.json'
    await toMatchConsumerContract.call(asJest('new'), await recordedClient(), file)
    const before = await readFile(join(dir, file), 'utf8')
    const more = await toMatchConsumerContract.call(asJest('new'), await recordedClient('base', true), file)
    expect(more.pass).toBe(false)
    expect(scrub(more.message())).toMatchSnapshot()
    expect(await readFile(join(dir, file), 'utf8')).toBe(before)
    expect((await toMatchConsumerContract.call(asJest('all'), await recordedClient('base', true), file)).pass).toBe(true)
    expect(await readFile(join(dir, file), 'utf8')).toContain('items[].sku')
  })

  test('a committed file recorded before the provider was kept still matches, under the raw matcher and Vitest; -u adds it', async () => {
    const file = 'older.mcp-consumer.json'
    await toMatchConsumerContract.call(asJest('new'), await recordedClient(), file)
    const withProvider = await readFile(join(dir, file), 'utf8')
    expect(JSON.parse(withProvider).provider).toBe('shop')
    const older = `${JSON.stringify({ ...JSON.parse(withProvider), provider: undefined }, null, 2)}\n`
    const { writeFile } = await import('node:fs/promises')
    await writeFile(join(dir, file), older)
    expect((await toMatchConsumerContract.call(asJest('none'), await recordedClient(), file)).pass).toBe(true)
    expect((await toMatchConsumerContract.call(asJest('new'), await recordedClient(), file)).pass).toBe(true)
    await expect(await recordedClient()).toMatchConsumerContract(join(dir, file))
    expect(await readFile(join(dir, file), 'utf8')).toBe(older)
    // What the consumer uses still counts: reading one more field fails as before.
    expect((await toMatchConsumerContract.call(asJest('none'), await recordedClient('base', true), file)).pass).toBe(false)
    expect((await toMatchConsumerContract.call(asJest('all'), await recordedClient(), file)).pass).toBe(true)
    expect(await readFile(join(dir, file), 'utf8')).toBe(withProvider)
  })

  test('a missing path one slip away from a consumer contract beside it fails with a did-you-mean and records nothing; -u records it', async () => {
    const { mkdir } = await import('node:fs/promises')
    await mkdir(join(dir, 'contracts-typo'))
    const kept = 'contracts-typo/checkout-agent.mcp-consumer.json'
    expect((await toMatchConsumerContract.call(asJest('new'), await recordedClient(), kept)).pass).toBe(true)
    const typo = 'contracts-typo/checkout-agnet.mcp-consumer.json'
    for (const mode of ['new', 'none'] as const) {
      const result: MatcherResult = await toMatchConsumerContract.call(asJest(mode), await recordedClient(), typo)
      expect(result.pass).toBe(false)
      expect(scrub(result.message())).toMatchSnapshot()
    }
    expect(await readdir(join(dir, 'contracts-typo'))).toEqual(['checkout-agent.mcp-consumer.json'])
    expect((await toMatchConsumerContract.call(asJest('all'), await recordedClient(), typo)).pass).toBe(true)
    expect((await readdir(join(dir, 'contracts-typo'))).sort()).toEqual(['checkout-agent.mcp-consumer.json', 'checkout-agnet.mcp-consumer.json'])
  })

  test('a new consumer contract file is named in the run output, as a provider contract is; an unchanged one says nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      expect((await toMatchConsumerContract.call(asJest('new'), await recordedClient(), 'noted.mcp-consumer.json')).pass).toBe(true)
      expect((await toMatchConsumerContract.call(asJest('new'), await recordedClient(), 'noted.mcp-consumer.json')).pass).toBe(true)
      expect(warn.mock.calls.map(([text]) => scrub(String(text)))).toEqual(['mcp-contract: recorded a new consumer contract file <dir>/noted.mcp-consumer.json; review it and commit it.'])
    } finally {
      warn.mockRestore()
    }
  })

  test('a server that now names itself otherwise fails, naming both names; -u accepts', async () => {
    const file = 'renamed.mcp-consumer.json'
    await toMatchConsumerContract.call(asJest('new'), await recordedClient(), file)
    const { writeFile } = await import('node:fs/promises')
    await writeFile(join(dir, file), (await readFile(join(dir, file), 'utf8')).replace('"provider": "shop"', '"provider": "shop-legacy"'))
    const renamed = await toMatchConsumerContract.call(asJest('new'), await recordedClient(), file)
    expect(renamed.pass).toBe(false)
    expect(scrub(renamed.message())).toMatchSnapshot()
    expect((await toMatchConsumerContract.call(asJest('all'), await recordedClient(), file)).pass).toBe(true)
    expect(JSON.parse(await readFile(join(dir, file), 'utf8')).provider).toBe('shop')
  })

  test('a consumer that uses the same things of a server whose hint reversed fails, naming the tool and the hint', async () => {
    const file = 'hint.mcp-consumer.json'
    expect((await toMatchConsumerContract.call(asJest('new'), await recordedClient(), file)).pass).toBe(true)
    const reversed = await toMatchConsumerContract.call(asJest('none'), await recordedClient('destructive'), file)
    expect(reversed.pass).toBe(false)
    expect(scrub(reversed.message())).toMatchInlineSnapshot(`
      "expect(client).toMatchConsumerContract("hint.mcp-consumer.json")

      checkout-agent uses the same things, but what it saw changed (hints or the output schema it reads):

      security · 1 breaking
        breaking  hint-reversed  search_products
            readOnlyHint true → false; clients that auto-approve, retry or cache calls on this promise now act on a false one
      1 change · 1 breaking — fails at cosmetic and above

      If the change is meant: npx jest <dir>/checkout.test.js -u rewrites <dir>/hint.mcp-consumer.json; commit it, and verify the providers against it (toSatisfyConsumerContracts or mcp-contract verify --consumers)."
    `)
  })

  test('under Vitest, the registered matcher holds the consumer to its recorded contract', async () => {
    // Why recorded through the raw matcher first: under CI=true Vitest's own matcher must not write.
    expect((await toMatchConsumerContract.call(asJest('new'), await recordedClient(), join(dir, 'vitest.mcp-consumer.json'))).pass).toBe(true)
    await expect(await recordedClient()).toMatchConsumerContract(join(dir, 'vitest.mcp-consumer.json'))
  })

  test('a result that breaks its advertised output schema fails with the validation errors, and nothing is written', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    const server = createShopServer()
    const { CallToolRequestSchema } = await import('@modelcontextprotocol/sdk/types.js')
    // Why a raw handler: the SDK server validates its own output, so a bad one must bypass it.
    server.server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [], structuredContent: { items: [{ sku: 1 }], total: 'one' } }))
    await server.connect(serverSide)
    const raw = new Client({ name: 'c', version: '1' })
    await raw.connect(clientSide)
    open.push(raw)
    const client = recordConsumer(raw, { consumer: 'checkout-agent' })
    await client.callTool({ name: 'search_products', arguments: { query: 'x' } }).catch(() => undefined)
    const result = await toMatchConsumerContract.call(asJest('new'), client, 'invalid-output.mcp-consumer.json')
    expect(result.pass).toBe(false)
    expect(result.message()).toMatchSnapshot()
    expect(await readdir(dir)).not.toContain('invalid-output.mcp-consumer.json')
  })

  test('what is not a recorded client, and a missing file name, are usage errors', async () => {
    await expect(toMatchConsumerContract.call(asJest('new'), {}, 'x.json')).rejects.toThrowErrorMatchingSnapshot()
    expect(() => toMatchConsumerContract.call(asJest('new'), {}, '')).toThrowErrorMatchingSnapshot()
  })
})

describe('toSatisfyConsumerContracts', () => {
  beforeAll(async () => {
    const { mkdir } = await import('node:fs/promises')
    await mkdir(join(dir, 'contracts'))
    const result = await toMatchConsumerContract.call(asJest('new'), await recordedClient(), 'contracts/checkout-agent.mcp-consumer.json')
    expect(result.pass).toBe(true)
  })

  test.each([
    { variant: 'base' as const, pass: true },
    { variant: 'drop-read-field' as const, pass: false },
    { variant: 'drop-unread-field' as const, pass: true },
    { variant: 'new-required-arg' as const, pass: false },
    { variant: 'destructive' as const, pass: false },
    { variant: 'drop-unused-tool' as const, pass: true },
  ])('$variant → pass: $pass', async ({ variant, pass }) => {
    const result: MatcherResult = await toSatisfyConsumerContracts.call(asJest('none'), createShopServer(variant), 'contracts/')
    expect(result.pass).toBe(pass)
    if (!pass) expect(scrub(result.message())).toMatchSnapshot()
  })

  test('under Vitest, registered, with a file path', async () => {
    await expect(createShopServer('drop-unread-field')).toSatisfyConsumerContracts(join(dir, 'contracts', 'checkout-agent.mcp-consumer.json'))
  })

  test('a folder with no consumer contract fails before the server starts, saying what to record', async () => {
    const { mkdir } = await import('node:fs/promises')
    await mkdir(join(dir, 'empty'))
    await expect(toSatisfyConsumerContracts.call(asJest('none'), createShopServer(), 'empty')).rejects.toThrowErrorMatchingSnapshot()
  })
})

describe('toSatisfyConsumerContracts with { call: true }', () => {
  beforeAll(async () => {
    const { mkdir } = await import('node:fs/promises')
    await mkdir(join(dir, 'contracts-call'))
    expect((await toMatchConsumerContract.call(asJest('new'), await recordedClient(), 'contracts-call/checkout-agent.mcp-consumer.json')).pass).toBe(true)
    // The cart consumer records its call with the server in a named state.
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await createShopServer('base', { cart: ['A1', 'B2'] }).connect(serverSide)
    const raw = new Client({ name: 'cart-agent', version: '1.0.0' })
    await raw.connect(clientSide)
    open.push(raw)
    const client = recordConsumer(raw, { consumer: 'cart-agent', given: 'cart has 2 items' })
    const cart = await client.callTool({ name: 'view_cart', arguments: {} })
    expect((cart.structuredContent as { count: number }).count).toBe(2)
    await mkdir(join(dir, 'contracts-cart'))
    expect((await toMatchConsumerContract.call(asJest('new'), client, 'contracts-cart/cart-agent.mcp-consumer.json')).pass).toBe(true)
  })

  test('the recorded contract carries the state on the example', async () => {
    const contract = JSON.parse(await readFile(join(dir, 'contracts-cart/cart-agent.mcp-consumer.json'), 'utf8'))
    expect(contract.tools).toEqual([expect.objectContaining({ name: 'view_cart', examples: [], given: { 'cart has 2 items': [{}] }, reads: ['count'] })])
  })

  test('calls only the read-only tool: the destructive one is listed, and the server never hears it', async () => {
    const calls: string[] = []
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const result = await toSatisfyConsumerContracts.call(asJest('none'), createShopServer('base', { onCall: (name) => calls.push(name) }), 'contracts-call/', { call: true })
      expect(result.pass).toBe(true)
      expect(calls).toEqual(['search_products'])
      expect(warn.mock.calls.map(([text]) => text)).toMatchSnapshot()
    } finally {
      warn.mockRestore()
    }
  })

  test('allowDestructive calls every recorded example', async () => {
    const calls: string[] = []
    const result = await toSatisfyConsumerContracts.call(asJest('none'), createShopServer('base', { onCall: (name) => calls.push(name) }), 'contracts-call/', { call: true, allowDestructive: true })
    expect(result.pass).toBe(true)
    expect(calls.sort()).toEqual(['place_order', 'search_products'])
  })

  test('without call, no tool is called', async () => {
    const calls: string[] = []
    expect((await toSatisfyConsumerContracts.call(asJest('none'), createShopServer('base', { onCall: (name) => calls.push(name) }), 'contracts-call/')).pass).toBe(true)
    expect(calls).toEqual([])
  })

  test.each(['call-error', 'lying-output'] as const)('%s: the unchanged surface passes without call and fails with it', async (variant) => {
    expect((await toSatisfyConsumerContracts.call(asJest('none'), createShopServer(variant), 'contracts-call/')).pass).toBe(true)
    const result = await toSatisfyConsumerContracts.call(asJest('none'), createShopServer(variant), 'contracts-call/', { call: true })
    expect(result.pass).toBe(false)
    expect(scrub(result.message())).toMatchSnapshot()
  })

  test('a state runs before each example recorded in it', async () => {
    const cart: string[] = []
    const events: string[] = []
    const server = createShopServer('base', { cart, onCall: (name) => events.push(`call ${name}`) })
    const states = {
      'cart has 2 items': async () => {
        events.push('state cart has 2 items')
        cart.splice(0, cart.length, 'A1', 'B2')
      },
    }
    const result = await toSatisfyConsumerContracts.call(asJest('none'), server, 'contracts-cart/', { call: true, states })
    expect(result.pass).toBe(true)
    expect(events).toEqual(['state cart has 2 items', 'call view_cart'])
  })

  test('a state whose handler does not set the server up fails the call it precedes', async () => {
    const result = await toSatisfyConsumerContracts.call(asJest('none'), createShopServer('base', { cart: [] }), 'contracts-cart/', { call: true, states: { 'cart has 2 items': () => {} } })
    expect(result.pass).toBe(false)
    expect(scrub(result.message())).toMatchSnapshot()
  })

  test('a state with no handler: the example is listed, not called', async () => {
    const calls: string[] = []
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const result = await toSatisfyConsumerContracts.call(asJest('none'), createShopServer('base', { cart: [], onCall: (name) => calls.push(name) }), 'contracts-cart/', { call: true })
      expect(result.pass).toBe(true)
      expect(calls).toEqual([])
      expect(warn.mock.calls.map(([text]) => text)).toMatchSnapshot()
    } finally {
      warn.mockRestore()
    }
  })

  test('a factory that serves once: the failure says the calls could not connect again', async () => {
    let made = 0
    const once = () => {
      if (made++ > 0) throw new Error('this factory serves once')
      return createShopServer()
    }
    await expect(toSatisfyConsumerContracts.call(asJest('none'), once, 'contracts-call/', { call: true })).rejects.toThrowErrorMatchingSnapshot()
  })

  test('a stdio server is called over its own connection', async () => {
    const { ROOT } = await import('../support/run-cli-process.js')
    const target = { command: process.execPath, args: [join(ROOT, 'test/fixtures/servers/shop.js')], env: { SHOP_VARIANT: 'call-error' } }
    const result = await toSatisfyConsumerContracts.call(asJest('none'), target, 'contracts-call/', { call: true })
    expect(result.pass).toBe(false)
    expect(scrub(result.message())).toContain('consumer-call-failed')
  })

  test.each([
    { title: 'call on a captured surface', received: 'surface', options: { call: true } },
    { title: 'an unknown option', received: 'server', options: { calls: true } },
    { title: 'allowDestructive without call', received: 'server', options: { allowDestructive: true } },
    { title: 'a state that is not a function', received: 'server', options: { call: true, states: { 'cart has 2 items': 'full' } } },
    { title: 'states without call', received: 'server', options: { states: {} } },
  ])('usage error: $title', async ({ received, options }) => {
    const { captureSurface } = await import('../../src/capture/capture-surface.js')
    const target = received === 'surface' ? await captureSurface(createShopServer()) : createShopServer()
    await expect(
      (async () => toSatisfyConsumerContracts.call(asJest('none'), target, 'contracts-call/', options as never))(),
    ).rejects.toThrowErrorMatchingSnapshot()
  })
})

describe('recordConsumer given', () => {
  test('a state that is not a non-empty string is refused', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await createShopServer().connect(serverSide)
    const raw = new Client({ name: 'c', version: '1' })
    await raw.connect(clientSide)
    open.push(raw)
    expect(() => recordConsumer(raw, { consumer: 'cart-agent', given: ' ' })).toThrowErrorMatchingSnapshot()
  })
})
