import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ajv } from 'ajv'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { toSatisfyConsumerContracts } from '../../matchers/index.js'
import type { MatcherResult } from '../../matchers/matcher-core.js'
import { exportPact, parseConsumerContract, pactAsConsumerContract, readPact } from '../../src/index.js'
import { createWeatherServer } from '../fixtures/servers/weather-server.js'
import pactSchema from '../fixtures/pact/pact-schema-v4.json' with { type: 'json' }
import { ROOT } from '../support/run-cli-process.js'
import { cliIn } from '../support/run-cli-in-process.js'

let dir: string
const weather = join(ROOT, 'test/fixtures/servers/weather.js')
const shop = join(ROOT, 'test/fixtures/servers/shop.js')
const PROVIDER_PACT = 'provider-stdio-weather-agent-weather-mcp.json'

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-pact-calls-'))
  // Why a package.json: it makes dir the project root, which the matchers' relative paths resolve from.
  await (await import('node:fs/promises')).writeFile(join(dir, 'package.json'), '{"name":"fixture"}')
  await cp(join(ROOT, 'test/fixtures/pact/plugin-pacts'), join(dir, 'pacts'), { recursive: true })
  // The plugin's pact with its Melbourne interaction recorded in a provider state.
  const pact = JSON.parse(await readFile(join(dir, 'pacts', PROVIDER_PACT), 'utf8'))
  pact.interactions[0].providerStates = [{ name: 'Melbourne is sunny' }]
  await writeFile(join(dir, 'stated.json'), JSON.stringify(pact, null, 2))
  // The same interaction in two provider states, as Pact lists several.
  pact.interactions[0].providerStates = [{ name: 'Melbourne is known' }, { name: 'Melbourne is sunny' }]
  await writeFile(join(dir, 'two-states.json'), JSON.stringify(pact, null, 2))
  // The plugin's JSON-RPC error interaction in both its shapes: its conformance fixture's `contents.mcp`
  // fragment ({ city: 42 } refused with -32602), and its engine's request/response form (no city at all).
  const conformance = JSON.parse(await readFile(join(ROOT, 'test/fixtures/pact/conformance/tools-call-error-result-pass.json'), 'utf8'))
  const [roundTrip] = JSON.parse(await readFile(join(dir, 'pacts', 'ts-roundtrip-weather-agent-weather-mcp.json'), 'utf8')).interactions
  roundTrip.description = 'a call with no city is refused with Invalid params'
  roundTrip.request.contents.content = { name: 'get_weather', arguments: {} }
  roundTrip.response[0].contents.content = { error: { code: -32602, message: 'Invalid params' } }
  roundTrip.response[0].matchingRules = { body: { '$.error.message': { combine: 'AND', matchers: [{ match: 'type' }] } } }
  const refusing = JSON.parse(await readFile(join(dir, 'pacts', PROVIDER_PACT), 'utf8'))
  refusing.interactions = [
    refusing.interactions[0],
    { type: 'Synchronous/Messages', key: 'get_weather_number_city', description: 'a number for a city is refused with Invalid params', pending: false, contents: { 'pact:content-type': 'application/mcp+json', mcp: conformance.interaction.mcp }, matchingRules: conformance.interaction.matchingRules },
    roundTrip,
  ]
  await writeFile(join(dir, 'refusals.json'), JSON.stringify(refusing, null, 2))
  // A pact of a consumer that calls the shop's export_report, which the shop does not mark read-only.
  const reporting = parseConsumerContract(JSON.stringify({ format: 1, consumer: 'reporting', tools: [{ name: 'export_report', examples: [{ month: '2026-11' }], reads: [] }], prompts: [], resources: [] }), 'reporting.mcp-consumer.json')
  await writeFile(join(dir, 'reporting-shop.json'), exportPact(reporting, 'shop').text)
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const cli = cliIn(() => dir)

const asJest = () => ({ isNot: false, testPath: join(dir, 'weather.test.js'), currentTestName: 'weather', snapshotState: { _updateSnapshot: 'none' } })

describe('pact export writes recorded states as provider states, and reads them back', () => {
  const contract = parseConsumerContract(
    JSON.stringify({
      format: 1,
      consumer: 'cart-agent',
      tools: [{ name: 'view_cart', examples: [{}], given: { 'cart has 2 items': [{ verbose: true }] }, reads: [] }],
      prompts: [],
      resources: [],
    }),
    'cart-agent.mcp-consumer.json',
  )

  test('each example recorded in a state is an interaction with that providerState', () => {
    const pact = JSON.parse(exportPact(contract, 'shop').text)
    // Why strict off: the V4 schema's definitions carry "#/definitions/…" $ids, which strict Ajv refuses.
    const validatePact = new Ajv({ strict: false, allErrors: true }).compile(pactSchema)
    expect(validatePact(pact), JSON.stringify(validatePact.errors)).toBe(true)
    expect(pact.interactions.map((interaction: { description: string; providerStates?: unknown }) => [interaction.description, interaction.providerStates])).toMatchInlineSnapshot(`
      [
        [
          "tools/call view_cart {}",
          undefined,
        ],
        [
          "tools/call view_cart {"verbose":true} given cart has 2 items",
          [
            {
              "name": "cart has 2 items",
            },
          ],
        ],
      ]
    `)
  })

  test('the pact read back keeps the state as the example’s given', () => {
    const back = pactAsConsumerContract(readPact(JSON.parse(exportPact(contract, 'shop').text), 'cart-agent-shop.json'))
    expect(back.tools[0]).toMatchObject({ name: 'view_cart', examples: [{}], given: { 'cart has 2 items': [{ verbose: true }] } })
  })
})

describe('verify --call judges each pact interaction’s live answer with the pact', () => {
  test('a server that serves what the pact describes passes, every interaction called', async () => {
    const run = await cli(['verify', '--call', '--format', 'json', '--consumers', `pacts/${PROVIDER_PACT}`, '--', process.execPath, weather])
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(JSON.parse(run.stdout).consumers[0]).toMatchObject({ ok: true, called: 3, notCalled: [] })
  })

  test('a server whose answers lie fails, naming each interaction it no longer satisfies', async () => {
    const run = await cli(['verify', '--call', '--consumers', `pacts/${PROVIDER_PACT}`, '--', process.execPath, weather], { WEATHER_VARIANT: 'lying' })
    expect(run.code).toBe(1)
    expect(run.stdout).toMatchSnapshot()
  })

  test('without --call the lying server passes: nothing is called', async () => {
    const run = await cli(['verify', '--consumers', `pacts/${PROVIDER_PACT}`, '--', process.execPath, weather], { WEATHER_VARIANT: 'lying' })
    expect(run.code).toBe(0)
  })

  test('a tool not marked read-only is called only with --allow-destructive', async () => {
    const heard = async (log: string) => (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean)
    const listed = await cli(['verify', '--call', '--consumers', 'reporting-shop.json', '--', process.execPath, shop], { SHOP_CALL_LOG: join(dir, 'listed.log') })
    expect(listed.code).toBe(0)
    expect(listed.stdout).toMatchSnapshot()
    expect(await heard(join(dir, 'listed.log'))).toEqual([])
    const called = await cli(['verify', '--call', '--allow-destructive', '--format', 'json', '--consumers', 'reporting-shop.json', '--', process.execPath, shop], { SHOP_CALL_LOG: join(dir, 'called.log') })
    expect(called.code).toBe(0)
    expect(JSON.parse(called.stdout).consumers[0]).toMatchObject({ ok: true, called: 1, notCalled: [] })
    expect(await heard(join(dir, 'called.log'))).toEqual(['export_report {"month":"2026-11"}'])
  })

  test('the interactions list says "not called" for one listed instead of called, never "ok"', async () => {
    const text = await cli(['verify', '--call', '--consumers', 'stated.json', '--', process.execPath, weather], { WEATHER_VARIANT: 'lying' })
    expect(text.code).toBe(1)
    expect(text.stdout.split('  interactions:\n')[1]?.split('\n  not called')[0]).toMatchSnapshot()
    const json = await cli(['verify', '--call', '--format', 'json', '--consumers', 'stated.json', '--', process.execPath, weather], { WEATHER_VARIANT: 'lying' })
    const [stated, ...others] = JSON.parse(json.stdout).consumers[0].interactions
    expect(stated).toMatchObject({ ok: true, notCalled: true })
    for (const interaction of others) expect(interaction.notCalled).toBeUndefined()
  })

  test('the CLI lists an interaction with a provider state as not called', async () => {
    const run = await cli(['verify', '--call', '--consumers', 'stated.json', '--', process.execPath, weather])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatchSnapshot()
  })
})

describe('toSatisfyConsumerContracts({ call: true, states }) runs the handler of a pact’s provider state', () => {
  test('the handler runs before the interaction’s call, and the answer is judged by the pact', async () => {
    const ran: string[] = []
    const states = { 'Melbourne is sunny': () => void ran.push('Melbourne is sunny') }
    const honours: MatcherResult = await toSatisfyConsumerContracts.call(asJest(), createWeatherServer(), 'stated.json', { call: true, states })
    expect(honours.pass).toBe(true)
    expect(ran).toEqual(['Melbourne is sunny'])
    const lying: MatcherResult = await toSatisfyConsumerContracts.call(asJest(), createWeatherServer('lying'), 'stated.json', { call: true, states })
    expect(lying.pass).toBe(false)
    expect(ran).toEqual(['Melbourne is sunny', 'Melbourne is sunny'])
    expect(lying.message().replace(/\x1b\[[0-9;]*m/g, '')).toMatchSnapshot()
  })

  test('an interaction whose state has no handler is not called, and the server is not judged by it', async () => {
    const result: MatcherResult = await toSatisfyConsumerContracts.call(asJest(), createWeatherServer('lying'), 'stated.json', { call: true, states: {} })
    expect(result.pass).toBe(false)
    expect(result.message().replace(/\x1b\[[0-9;]*m/g, '')).toMatchSnapshot()
  })
})

describe('an interaction with several provider states runs each state’s handler, in the pact’s order', () => {
  test('with a handler for each state, each runs once before the call, in order, and the answer is judged', async () => {
    const ran: string[] = []
    const states = { 'Melbourne is sunny': () => void ran.push('sunny'), 'Melbourne is known': () => void ran.push('known') }
    const result: MatcherResult = await toSatisfyConsumerContracts.call(asJest(), createWeatherServer(), 'two-states.json', { call: true, states })
    expect(result.pass, result.message()).toBe(true)
    expect(ran).toEqual(['known', 'sunny'])
    const lying: MatcherResult = await toSatisfyConsumerContracts.call(asJest(), createWeatherServer('lying'), 'two-states.json', { call: true, states })
    expect(lying.pass).toBe(false)
    expect(ran).toEqual(['known', 'sunny', 'known', 'sunny'])
    expect(lying.message()).toContain('a request for the Melbourne weather" does not satisfy the pact: $.content[0].text: expected "Sunny, 22C", got "Cloudy"')
  })

  test('a handler registered under the joined name still runs alone', async () => {
    const ran: string[] = []
    const states = { 'Melbourne is known and Melbourne is sunny': () => void ran.push('both'), 'Melbourne is sunny': () => void ran.push('sunny') }
    const result: MatcherResult = await toSatisfyConsumerContracts.call(asJest(), createWeatherServer(), 'two-states.json', { call: true, states })
    expect(result.pass, result.message()).toBe(true)
    expect(ran).toEqual(['both'])
  })

  test('a state that throws stops the set-up, names that state, and the call is not made', async () => {
    const ran: string[] = []
    const states = {
      'Melbourne is known': () => {
        throw new Error('the city table is locked')
      },
      'Melbourne is sunny': () => void ran.push('sunny'),
    }
    const result: MatcherResult = await toSatisfyConsumerContracts.call(asJest(), createWeatherServer(), 'two-states.json', { call: true, states })
    expect(result.pass).toBe(false)
    expect(ran).toEqual([])
    expect(result.message()).toContain(`the provider's handler for the state "Melbourne is known" threw: the city table is locked`)
  })

  test('with a state lacking a handler, the interaction is not called and the missing states are named', async () => {
    const ran: string[] = []
    const result: MatcherResult = await toSatisfyConsumerContracts.call(asJest(), createWeatherServer(), 'two-states.json', { call: true, states: { 'Melbourne is sunny': () => void ran.push('sunny') } })
    expect(result.pass, result.message()).toBe(true)
    expect(ran).toEqual([])
    const oneMissing = await toSatisfyConsumerContracts.call(asJest(), createWeatherServer('lying'), 'two-states.json', { call: true, states: { 'Melbourne is sunny': () => void ran.push('sunny') } })
    expect(ran).toEqual([])
    expect(oneMissing.message().replace(/\x1b\[[0-9;]*m/g, '').split('not called (1)\n')[1]).toMatchSnapshot()
    const bothMissing = await toSatisfyConsumerContracts.call(asJest(), createWeatherServer('lying'), 'two-states.json', { call: true, states: {} })
    expect(bothMissing.message().replace(/\x1b\[[0-9;]*m/g, '')).toMatchSnapshot()
  })
})

describe('verify --call judges an interaction that expects a JSON-RPC error by the live refusal', () => {
  const weatherRpc = join(ROOT, 'test/fixtures/servers/weather-rpc.js')

  test('a server that refuses with the expected code passes, each refusal called, though the live inputSchema refuses the arguments', async () => {
    const run = await cli(['verify', '--call', '--format', 'json', '--consumers', 'refusals.json', '--', process.execPath, weatherRpc])
    expect(run, run.stdout).toMatchObject({ code: 0, stderr: '' })
    expect(JSON.parse(run.stdout).consumers[0]).toMatchObject({
      ok: true,
      called: 3,
      notCalled: [],
      interactions: [
        { description: 'a request for the Melbourne weather', ok: true },
        { description: 'a number for a city is refused with Invalid params', ok: true },
        { description: 'a call with no city is refused with Invalid params', ok: true },
      ],
    })
  })

  test('without --call nothing is called, and the refused arguments are what the consumer expects, not a break', async () => {
    const run = await cli(['verify', '--consumers', 'refusals.json', '--', process.execPath, weatherRpc], { WEATHER_VARIANT: 'lenient' })
    expect(run, run.stdout).toMatchObject({ code: 0 })
  })

  test('a server that answers a result where the pact expects an error fails as consumer-pact-mismatch', async () => {
    const run = await cli(['verify', '--call', '--consumers', 'refusals.json', '--', process.execPath, weatherRpc], { WEATHER_VARIANT: 'lenient' })
    expect(run.code).toBe(1)
    expect(run.stdout).toMatchSnapshot()
  })

  test('a server that refuses with another error code fails as consumer-pact-mismatch', async () => {
    const run = await cli(['verify', '--call', '--format', 'json', '--consumers', 'refusals.json', '--', process.execPath, weatherRpc], { WEATHER_VARIANT: 'internal' })
    expect(run.code).toBe(1)
    const [consumer] = JSON.parse(run.stdout).consumers
    expect(consumer.changes.map((change: { kind: string }) => change.kind)).toEqual(['consumer-pact-mismatch', 'consumer-pact-mismatch'])
    const text = await cli(['verify', '--call', '--consumers', 'refusals.json', '--', process.execPath, weatherRpc], { WEATHER_VARIANT: 'internal' })
    expect(text.stdout).toMatchSnapshot()
  })
})

