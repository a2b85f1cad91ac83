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
  await cp(join(ROOT, 'test/fixtures/pact/plugin-pacts'), join(dir, 'pacts'), { recursive: true })
  // The plugin's pact with its Melbourne interaction recorded in a provider state.
  const pact = JSON.parse(await readFile(join(dir, 'pacts', PROVIDER_PACT), 'utf8'))
  pact.interactions[0].providerStates = [{ name: 'Melbourne is sunny' }]
  await writeFile(join(dir, 'stated.json'), JSON.stringify(pact, null, 2))
  // The same interaction in two provider states, as Pact lists several.
  pact.interactions[0].providerStates = [{ name: 'Melbourne is known' }, { name: 'Melbourne is sunny' }]
  await writeFile(join(dir, 'two-states.json'), JSON.stringify(pact, null, 2))
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

