import { Ajv } from 'ajv'
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { writeConsumerContract } from '../../src/consumer/consumer-contract.js'
import pactSchema from '../fixtures/pact/pact-schema-v4.json' with { type: 'json' }
import { ROOT } from '../support/run-cli-process.js'
import { cliIn } from '../support/run-cli-in-process.js'
import { recordCheckout, REPORTING_CONTRACT } from '../support/record-checkout.js'

let dir: string
const shop = join(ROOT, 'test/fixtures/servers/shop.js')
// Why strict off: the V4 schema gives its definitions `$id`s of the form "#/definitions/…", which draft-07 allows and strict Ajv refuses.
const validatePact = new Ajv({ strict: false, allErrors: true }).compile(pactSchema)

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-pact-'))
  await mkdir(join(dir, 'contracts'))
  await recordCheckout(join(dir, 'contracts', 'checkout-agent.mcp-consumer.json'), (client) => client.callTool({ name: 'search_products', arguments: { query: 'red', limit: 2 } }))
  await writeConsumerContract(join(dir, 'contracts', 'reporting.mcp-consumer.json'), REPORTING_CONTRACT)
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const cli = cliIn(() => dir)

describe('mcp-contract pact export', () => {
  test('writes one V4 pact per consumer in the MCP plugin’s shape; every one validates against the V4 schema', async () => {
    const run = await cli(['pact', 'export', 'contracts/checkout-agent.mcp-consumer.json', 'contracts/reporting.mcp-consumer.json', '--provider', 'shop', '--out', 'pacts'])
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toBe('wrote pacts/checkout-agent-shop.json\nwrote pacts/reporting-shop.json\n')
    for (const name of ['checkout-agent-shop.json', 'reporting-shop.json']) {
      const pact = JSON.parse(await readFile(join(dir, 'pacts', name), 'utf8'))
      expect(validatePact(pact), JSON.stringify(validatePact.errors)).toBe(true)
      expect(pact.metadata).toMatchObject({ pactSpecification: { version: '4.0' }, plugins: [{ name: 'mcp' }] })
      for (const interaction of pact.interactions) {
        expect(interaction).toMatchObject({ type: 'Synchronous/Messages', request: { contents: { contentType: 'application/mcp+json' } } })
        expect(['tools/call', 'prompts/get', 'resources/read']).toContain(interaction.pluginConfiguration.mcp.operation)
        expect(interaction.pluginConfiguration.mcp.server).toEqual({ transport: 'stdio' })
      }
    }
    // Why pinned whole: the shape is what the Broker and the plugin read.
    expect(await readFile(join(dir, 'pacts', 'checkout-agent-shop.json'), 'utf8')).toMatchSnapshot()
  })

  test('a read path is a type rule and the request holds the recorded call; the consumer’s schema slice rides in metadata', async () => {
    await cli(['pact', 'export', 'contracts/checkout-agent.mcp-consumer.json', '--provider', 'shop', '--out', 'pacts'])
    const pact = JSON.parse(await readFile(join(dir, 'pacts', 'checkout-agent-shop.json'), 'utf8'))
    const searches = pact.interactions.filter((interaction: { request: { contents: { content: { name?: string } } } }) => interaction.request.contents.content.name === 'search_products')
    expect(searches.map((interaction: { request: { contents: { content: unknown } } }) => interaction.request.contents.content)).toEqual([
      { name: 'search_products', arguments: { query: 'blue' } },
      { name: 'search_products', arguments: { limit: 2, query: 'red' } },
    ])
    expect(searches[0].response[0].matchingRules.body).toEqual({
      '$.structuredContent.items': { combine: 'AND', matchers: [{ match: 'type', min: 0 }] },
      '$.structuredContent.items[*].name': { combine: 'AND', matchers: [{ match: 'type' }] },
      '$.structuredContent.items[*].priceCents': { combine: 'AND', matchers: [{ match: 'type' }] },
    })
    expect(pact.metadata['mcp-contract'].tools.find((tool: { name: string }) => tool.name === 'search_products')).toMatchObject({ reads: ['items[].name', 'items[].priceCents'], hints: { readOnlyHint: true } })
  })

  test('the same contract gives the same bytes; a second export leaves the file alone', async () => {
    await cli(['pact', 'export', 'contracts/checkout-agent.mcp-consumer.json', '--provider', 'shop', '--out', 'again'])
    const first = await readFile(join(dir, 'again', 'checkout-agent-shop.json'))
    const run = await cli(['pact', 'export', 'contracts/checkout-agent.mcp-consumer.json', '--provider', 'shop', '--out', 'again'])
    expect(run.stdout).toBe('unchanged again/checkout-agent-shop.json\n')
    expect((await readFile(join(dir, 'again', 'checkout-agent-shop.json'))).equals(first)).toBe(true)
  })

  test('a name that a file name cannot hold never leads the pact out of --out', async () => {
    const run = await cli(['pact', 'export', 'contracts/reporting.mcp-consumer.json', '--provider', '../team/shop', '--out', 'named'])
    expect(run.stdout).toBe('wrote named/reporting--team-shop.json\n')
    expect(JSON.parse(await readFile(join(dir, 'named', 'reporting--team-shop.json'), 'utf8')).provider).toEqual({ name: '../team/shop' })
  })

  test.each([
    { title: 'no --provider', args: ['pact', 'export', 'contracts/reporting.mcp-consumer.json'] },
    { title: 'no subcommand', args: ['pact'] },
    { title: 'an unknown subcommand', args: ['pact', 'import', 'x.json'] },
    { title: 'no file', args: ['pact', 'export', '--provider', 'shop'] },
    { title: 'a file that is not there', args: ['pact', 'export', 'contracts/nobody.mcp-consumer.json', '--provider', 'shop'] },
    { title: '--out on verify', args: ['verify', '--consumers', 'c', '--out', 'x', '--', 'node', 'x.js'] },
  ])('exit 2: $title', async ({ args }) => {
    const run = await cli(args)
    expect(run.code).toBe(2)
    expect(run.stderr.split('\n')[0].replaceAll(dir, '<dir>')).toMatchSnapshot()
  })
})

test.each([['pact'], ['publish']])('%s --help says what the command does and the options it takes', async (command) => {
  const run = await cli([command, '--help'])
  expect(run.code).toBe(0)
  expect(run.stdout).toMatchSnapshot()
})

describe('round trip: export, then verify from the pact', () => {
  beforeAll(async () => {
    await cli(['pact', 'export', 'contracts/checkout-agent.mcp-consumer.json', 'contracts/reporting.mcp-consumer.json', '--provider', 'shop', '--out', 'roundtrip'])
  })

  const verdicts = (stdout: string) =>
    (JSON.parse(stdout) as { consumers: { consumer: string; ok: boolean; changes: { kind: string; severity: string; name: string; path: string }[] }[] }).consumers.map(({ consumer, ok, changes }) => ({
      consumer,
      ok,
      changes: changes.map(({ kind, severity, name, path }) => ({ kind, severity, name, path })),
    }))

  test.each(['base', 'drop-read-field', 'drop-unread-field', 'new-required-arg', 'destructive', 'drop-unused-tool'])('%s: the pacts give the same verdicts as the contracts', async (variant) => {
    const fromContracts = await cli(['verify', '--format', 'json', '--consumers', 'contracts', '--', process.execPath, shop], { SHOP_VARIANT: variant })
    const fromPacts = await cli(['verify', '--format', 'json', '--consumers', 'roundtrip', '--', process.execPath, shop], { SHOP_VARIANT: variant })
    expect(fromPacts.code).toBe(fromContracts.code)
    expect(fromContracts.code).toBe(['base', 'drop-unread-field'].includes(variant) ? 0 : 1)
    expect(verdicts(fromPacts.stdout)).toEqual(verdicts(fromContracts.stdout))
  })

  test('a breaking provider: the text report names the pact’s interactions that break', async () => {
    const run = await cli(['verify', '--consumers', 'roundtrip/checkout-agent-shop.json', '--', process.execPath, shop], { SHOP_VARIANT: 'new-required-arg' })
    expect(run.code).toBe(1)
    expect(run.stdout).toMatchSnapshot()
  })
})
