import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { toSatisfyConsumerContracts } from '../../matchers/index.js'
import type { MatcherResult } from '../../matchers/matcher-core.js'
import { createWeatherServer } from '../fixtures/servers/weather-server.js'
import { ROOT } from '../support/run-cli-process.js'
import { cliIn } from '../support/run-cli-in-process.js'

let dir: string
const weather = join(ROOT, 'test/fixtures/servers/weather.js')
const PACTS = ['consumer-stdio-mock-weather-agent-anycity.json', 'consumer-stdio-mock-weather-agent-weather-mcp.json', 'provider-stdio-weather-agent-weather-mcp.json', 'ts-roundtrip-weather-agent-weather-mcp.json']

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-plugin-pacts-'))
  // Why a package.json: it makes dir the project root, which the matchers' relative paths resolve from.
  await (await import('node:fs/promises')).writeFile(join(dir, 'package.json'), '{"name":"fixture"}')
  await cp(join(ROOT, 'test/fixtures/pact/plugin-pacts'), join(dir, 'pacts'), { recursive: true })
  // A pact that mixes MCP with an HTTP interaction and an asynchronous message, as a Pact shop's pacts may.
  const mixed = JSON.parse(await readFile(join(dir, 'pacts', PACTS[1]), 'utf8'))
  mixed.interactions.push(
    { type: 'Synchronous/HTTP', description: 'a health check', request: { method: 'GET', path: '/health' }, response: { status: 200 } },
    { type: 'Asynchronous/Messages', description: 'a weather alert event', contents: { content: { city: 'Melbourne' }, contentType: 'application/json', encoded: false } },
  )
  await writeFile(join(dir, 'mixed.json'), JSON.stringify(mixed, null, 2))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const cli = cliIn(() => dir)

describe('verify --consumers reads the Pact MCP plugin’s example pacts', () => {
  test.each(PACTS)('%s holds against a server that serves what it describes', async (pact) => {
    const run = await cli(['verify', '--consumers', `pacts/${pact}`, '--', process.execPath, weather])
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toContain('all 1 consumer still served')
  })

  test.each(PACTS)('%s fails against a server that renamed the argument, naming each interaction', async (pact) => {
    const run = await cli(['verify', '--consumers', `pacts/${pact}`, '--', process.execPath, weather], { WEATHER_VARIANT: 'renamed' })
    expect(run.code).toBe(1)
    expect(run.stdout).toMatchSnapshot()
  })

  test('a server that accepts only known cities breaks the Atlantis interaction alone', async () => {
    const run = await cli(['verify', '--consumers', 'pacts/provider-stdio-weather-agent-weather-mcp.json', '--', process.execPath, weather], { WEATHER_VARIANT: 'known-cities' })
    expect(run.code).toBe(1)
    expect(run.stdout).toMatchSnapshot()
  })

  test('a folder of pacts: each is read by content, whatever its name', async () => {
    const run = await cli(['verify', '--format', 'json', '--consumers', 'pacts', '--', process.execPath, weather])
    expect(run.code).toBe(0)
    const report = JSON.parse(run.stdout)
    expect(report.consumers.map((consumer: { file: string; interactions: unknown[] }) => [consumer.file, consumer.interactions.length])).toEqual(PACTS.map((pact) => [`pacts/${pact}`, pact.startsWith('provider') ? 3 : 1]))
  })

  test('HTTP and asynchronous-message interactions are listed as not MCP, never passed silently', async () => {
    const text = await cli(['verify', '--consumers', 'mixed.json', '--', process.execPath, weather])
    expect(text.code).toBe(0)
    expect(text.stdout).toMatchSnapshot()
    const json = await cli(['verify', '--format', 'json', '--consumers', 'mixed.json', '--', process.execPath, weather])
    expect(JSON.parse(json.stdout).consumers[0].notMcp).toEqual([
      { description: 'a health check', kind: 'Synchronous/HTTP' },
      { description: 'a weather alert event', kind: 'Asynchronous/Messages, application/json' },
    ])
  })

  test('a pact of another specification version stops with exit 2 and says what to do', async () => {
    const v3 = JSON.parse(await readFile(join(dir, 'pacts', PACTS[0]), 'utf8'))
    v3.metadata.pactSpecification.version = '3.0.0'
    await writeFile(join(dir, 'v3.json'), JSON.stringify(v3))
    const run = await cli(['verify', '--consumers', 'v3.json', '--', process.execPath, weather])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatchSnapshot()
  })
})

describe('toSatisfyConsumerContracts reads pacts', () => {
  const asJest = () => ({ isNot: false, testPath: join(dir, 'weather.test.js'), currentTestName: 'weather', snapshotState: { _updateSnapshot: 'none' } })

  test('passes for a server that honours the plugin’s pacts and fails, naming the interaction, for one that does not', async () => {
    const honours: MatcherResult = await toSatisfyConsumerContracts.call(asJest(), createWeatherServer(), 'pacts/')
    expect(honours.pass).toBe(true)
    const breaks: MatcherResult = await toSatisfyConsumerContracts.call(asJest(), createWeatherServer('known-cities'), 'pacts/provider-stdio-weather-agent-weather-mcp.json')
    expect(breaks.pass).toBe(false)
    expect(breaks.message()).toContain('breaks      a request for an unknown city returns a tool-level error')
    expect(breaks.message()).toMatchSnapshot()
  })
})
