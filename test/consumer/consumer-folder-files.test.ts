import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { toSatisfyConsumerContracts } from '../../matchers/index.js'
import { writeConsumerContract } from '../../src/consumer/consumer-contract.js'
import { createShopServer } from '../fixtures/servers/shop-server.js'
import { cliIn } from '../support/run-cli-in-process.js'
import { ROOT } from '../support/run-cli-process.js'
import { REPORTING_CONTRACT } from '../support/record-checkout.js'

// A folder of consumer contracts beside other .json files: a file that cannot be read fails the
// run, naming it; JSON that is neither a consumer contract nor a pact is listed as skipped, with why.
let dir: string
const shop = join(ROOT, 'test/fixtures/servers/shop.js')
const pact = join(ROOT, 'test/fixtures/pact/plugin-pacts/ts-roundtrip-weather-agent-weather-mcp.json')

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-folder-files-'))
  await writeFile(join(dir, 'package.json'), '{"name":"fixture"}')
  for (const folder of ['truncated-pact', 'truncated-json', 'unreadable', 'others']) {
    await mkdir(join(dir, folder))
    await writeConsumerContract(join(dir, folder, 'reporting.mcp-consumer.json'), REPORTING_CONTRACT)
  }
  const pactText = await readFile(pact, 'utf8')
  await writeFile(join(dir, 'truncated-pact', 'weather-agent-weather-mcp.json'), pactText.slice(0, 700))
  await writeFile(join(dir, 'truncated-json', 'notes.json'), '{\n  "owner": "team-a",\n  "reviewed": [\n')
  await mkdir(join(dir, 'unreadable', 'pact.json'))
  await writeFile(join(dir, 'others', 'settings.json'), '{ "theme": "dark" }\n')
  await cp(join(ROOT, 'examples', 'vitest-in-memory', 'mcp-contract.json'), join(dir, 'others', 'mcp-contract.json'))
  await writeConsumerContract(join(dir, 'others', 'misnamed-consumer.json'), { ...REPORTING_CONTRACT, consumer: 'misnamed' })
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

afterEach(() => {
  vi.restoreAllMocks()
})

const cli = cliIn(() => dir)
const asJest = { isNot: false, testPath: '', currentTestName: 'provider', snapshotState: { _updateSnapshot: 'none' as const } }

describe('verify --consumers DIR', () => {
  test.each(['truncated-pact', 'truncated-json'])('%s: a .json file in the folder that is not JSON fails the run with exit 2, naming it', async (folder) => {
    const run = await cli(['verify', '--consumers', folder, '--', process.execPath, shop])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatchSnapshot()
  })

  test('a folder named x.json inside is not read as a file', async () => {
    const run = await cli(['verify', '--consumers', 'unreadable', '--', process.execPath, shop])
    expect(run).toMatchObject({ code: 0, stderr: '' })
  })

  test('JSON that is neither a consumer contract nor a pact is listed as skipped, with why; the contracts are verified', async () => {
    const run = await cli(['verify', '--consumers', 'others', '--', process.execPath, shop])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatchInlineSnapshot(`
      "consumer   file                                verdict
      reporting  others/reporting.mcp-consumer.json  ok

      all 1 consumer still served
      "
    `)
    expect(run.stderr).toMatchInlineSnapshot(`
      "mcp-contract verify: skipped others/mcp-contract.json: a provider contract (what mcp-contract snapshot records), checked with mcp-contract check, not verified here
      mcp-contract verify: skipped others/misnamed-consumer.json: a consumer contract not named *.mcp-consumer.json; rename it to have it verified
      mcp-contract verify: skipped others/settings.json: JSON, but neither a consumer contract nor a Pact V4 pact (no "interactions" list and "consumer")
      "
    `)
  })
})

describe('toSatisfyConsumerContracts(DIR)', () => {
  test.each(['truncated-pact', 'truncated-json'])('%s: the matcher fails, naming the file', async (folder) => {
    const result = await toSatisfyConsumerContracts.call({ ...asJest, testPath: join(dir, 'provider.test.js') }, createShopServer(), folder)
    expect(result.pass).toBe(false)
    expect(result.message()).toMatchSnapshot()
  })

  test('JSON that is neither is named in a notice when every consumer is served', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const result = await toSatisfyConsumerContracts.call({ ...asJest, testPath: join(dir, 'provider.test.js') }, createShopServer(), 'others')
    expect(result.pass).toBe(true)
    expect(warn.mock.calls.map((call) => String(call[0]))).toMatchInlineSnapshot(`
      [
        "expect(server).toSatisfyConsumerContracts("others"): every consumer is served; 3 files were not verified:
        others/mcp-contract.json: a provider contract (what mcp-contract snapshot records), checked with mcp-contract check, not verified here
        others/misnamed-consumer.json: a consumer contract not named *.mcp-consumer.json; rename it to have it verified
        others/settings.json: JSON, but neither a consumer contract nor a Pact V4 pact (no "interactions" list and "consumer")",
      ]
    `)
  })

  test('and in the failure message when a consumer is not served', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const result = await toSatisfyConsumerContracts.call({ ...asJest, testPath: join(dir, 'provider.test.js') }, createShopServer('drop-unused-tool'), 'others')
    expect(result.pass).toBe(false)
    expect(result.message()).toMatchSnapshot()
  })
})
