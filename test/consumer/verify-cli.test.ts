import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { writeConsumerContract } from '../../src/consumer/consumer-contract.js'
import { ROOT } from '../support/run-cli-process.js'
import { cliIn } from '../support/run-cli-in-process.js'
import { recordCheckout, REPORTING_CONTRACT } from '../support/record-checkout.js'
import { xmlProblem } from '../support/well-formed-xml.js'

let dir: string
const shop = join(ROOT, 'test/fixtures/servers/shop.js')

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-verify-'))
  await mkdir(join(dir, 'contracts'))
  await recordCheckout(join(dir, 'contracts', 'checkout-agent.mcp-consumer.json'))
  await writeConsumerContract(join(dir, 'contracts', 'reporting.mcp-consumer.json'), REPORTING_CONTRACT)
  await mkdir(join(dir, 'contracts-given'))
  await writeConsumerContract(join(dir, 'contracts-given', 'cart-agent.mcp-consumer.json'), {
    format: 1,
    consumer: 'cart-agent',
    tools: [{ name: 'search_products', examples: [{ query: 'red' }], given: { 'catalog has mugs': [{ query: 'mug' }] }, reads: ['total'] }],
    prompts: [],
    resources: [],
  })
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const cli = cliIn(() => dir)

describe('mcp-contract verify --consumers', () => {
  test('a provider contract given to --consumers or pact export is named as one: exit 2, saying what to pass', async () => {
    await cp(join(ROOT, 'examples', 'vitest-in-memory', 'mcp-contract.json'), join(dir, 'mcp-contract.json'))
    const verify = await cli(['verify', '--consumers', 'mcp-contract.json', '--', process.execPath, shop])
    expect(verify).toMatchObject({ code: 2, stdout: '' })
    expect(verify.stderr).toMatchInlineSnapshot(`
      "mcp-contract: mcp-contract.json is a provider contract (a server's recorded surface, as mcp-contract snapshot and toHonorContract write it), not a consumer contract. Pass consumer contracts here, recorded in a consumer's tests with toMatchConsumerContract (*.mcp-consumer.json); check a provider contract with mcp-contract check or toHonorContract.
      "
    `)
    const exported = await cli(['pact', 'export', 'mcp-contract.json'])
    expect(exported).toMatchObject({ code: 2, stdout: '' })
    expect(exported.stderr).toBe(verify.stderr)
  })

  test('an unchanged provider serves every consumer: exit 0', async () => {
    const run = await cli(['verify', '--consumers', 'contracts/', '--', process.execPath, shop])
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toMatchSnapshot()
  })

  test.each(['drop-read-field', 'new-required-arg', 'destructive', 'drop-unused-tool'])('%s: the table, then the broken consumer’s changes; exit 1', async (variant) => {
    const run = await cli(['verify', '--consumers', 'contracts', '--', process.execPath, shop], { SHOP_VARIANT: variant })
    expect(run.code).toBe(1)
    expect(run.stdout).toMatchSnapshot()
  })

  test('drop-unread-field breaks no consumer', async () => {
    const run = await cli(['verify', '--consumers', 'contracts', '--', process.execPath, shop], { SHOP_VARIANT: 'drop-unread-field' })
    expect(run.code).toBe(0)
  })

  test('--ignore KIND:PATH sets a change aside where it is named, as check does: the reversed hint of search_products passes, one named elsewhere does not', async () => {
    const destructive = { SHOP_VARIANT: 'destructive' }
    const named = await cli(['verify', '--consumers', 'contracts', '--ignore', 'hint-reversed:search_products', '--', process.execPath, shop], destructive)
    expect(named).toMatchObject({ code: 0, stderr: '' })
    expect(named.stdout).toContain('all 2 consumers still served\n')
    const elsewhere = await cli(['verify', '--consumers', 'contracts', '--ignore', 'hint-reversed:export_report', '--', process.execPath, shop], destructive)
    expect(elsewhere.code).toBe(1)
    expect(elsewhere.stdout).toContain('1 of 2 consumers breaks\n')
    const typo = await cli(['verify', '--consumers', 'contracts', '--ignore', 'hint-reversd', '--', process.execPath, shop])
    expect(typo.code).toBe(2)
    expect(typo.stderr.split('\n')[0]).toMatchInlineSnapshot(`"mcp-contract: --ignore takes KIND or KIND:PATH: "hint-reversd" is not a change kind id. Did you mean "hint-reversed"? docs/rules.md lists every kind."`)
  })

  test('--format json adds consumers: [{ consumer, file, ok, changes }]', async () => {
    const run = await cli(['verify', '--format', 'json', '--consumers', 'contracts/checkout-agent.mcp-consumer.json', '--', process.execPath, shop], { SHOP_VARIANT: 'new-required-arg' })
    expect(run.code).toBe(1)
    const report = JSON.parse(run.stdout)
    expect(report).toMatchObject({ ok: false, consumers: [{ consumer: 'checkout-agent', file: 'contracts/checkout-agent.mcp-consumer.json', ok: false }] })
    // Why two: the new argument's name is a text the agent reads, so the tool's texts moved too.
    expect(report.consumers[0].changes).toEqual([
      expect.objectContaining({ kind: 'consumer-example-rejected', severity: 'breaking', name: 'search_products', path: 'region' }),
      expect.objectContaining({ kind: 'consumer-tool-text-changed', severity: 'routing', name: 'search_products', path: '', after: 'Search the shop.\nargument limit\nargument query\nargument region' }),
    ])
  })

  test.each([
    { title: 'verify without --consumers', args: ['verify', '--', 'node', 'x.js'] },
    { title: '--consumers on check', args: ['check', '--consumers', 'c', '--', 'node', 'x.js'] },
    { title: 'verify --format xml', args: ['verify', '--consumers', 'c', '--format', 'xml', '--', 'node', 'x.js'] },
    { title: '--allow-destructive without --call', args: ['verify', '--consumers', 'c', '--allow-destructive', '--', 'node', 'x.js'] },
    { title: '--call on check', args: ['check', '--call', '--', 'node', 'x.js'] },
  ])('usage error: $title', async ({ args }) => {
    const run = await cli(args)
    expect(run.code).toBe(2)
    expect(run.stderr.split('\n')[0]).toMatchSnapshot()
  })

  test('a path that does not exist stops before the server starts', async () => {
    const run = await cli(['verify', '--consumers', 'nowhere', '--', process.execPath, join(ROOT, 'test/fixtures/servers/hang-at-initialize.js')])
    expect(run.code).toBe(2)
    expect(run.stderr.replaceAll(dir, '<dir>')).toMatchSnapshot()
  })
})

describe('verify --call', () => {
  /** The tool calls the stdio shop heard, one `name arguments` line each; [] when none. */
  async function heard(log: string): Promise<string[]> {
    return (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean)
  }
  let runs = 0
  const logFile = () => join(dir, `calls-${++runs}.log`)

  test('without --call no tool is called, whatever the consumers recorded', async () => {
    const log = logFile()
    const run = await cli(['verify', '--consumers', 'contracts/', '--', process.execPath, shop], { SHOP_CALL_LOG: log })
    expect(run.code).toBe(0)
    expect(await heard(log)).toEqual([])
  })

  test('calls the read-only tool with each recorded example and lists the others as not called', async () => {
    const log = logFile()
    const run = await cli(['verify', '--call', '--consumers', 'contracts/', '--', process.execPath, shop], { SHOP_CALL_LOG: log })
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toMatchSnapshot()
    expect(await heard(log)).toEqual(['search_products {"query":"blue"}'])
  })

  test('--allow-destructive calls the tools not marked read-only too', async () => {
    const log = logFile()
    const run = await cli(['verify', '--call', '--allow-destructive', '--consumers', 'contracts/', '--', process.execPath, shop], { SHOP_CALL_LOG: log })
    expect(run.code).toBe(0)
    expect(run.stdout).toMatchSnapshot()
    expect((await heard(log)).sort()).toEqual(['export_report {"month":"2026-11"}', 'place_order {"sku":"A1","quantity":1,"token":"[redacted]"}', 'search_products {"query":"blue"}'])
  })

  test.each(['call-error', 'lying-output'])('%s: a surface that did not change, an answer that breaks the consumer; exit 1', async (variant) => {
    const run = await cli(['verify', '--call', '--consumers', 'contracts/checkout-agent.mcp-consumer.json', '--', process.execPath, shop], { SHOP_VARIANT: variant })
    expect(run.code).toBe(1)
    expect(run.stdout).toMatchSnapshot()
    // Why: without --call the same server passes; only the live answers show the break.
    expect((await cli(['verify', '--consumers', 'contracts/checkout-agent.mcp-consumer.json', '--', process.execPath, shop], { SHOP_VARIANT: variant })).code).toBe(0)
  })

  test('examples recorded in a state are listed as not called: the CLI cannot set up states', async () => {
    const log = logFile()
    const run = await cli(['verify', '--call', '--consumers', 'contracts-given', '--', process.execPath, shop], { SHOP_CALL_LOG: log })
    expect(run.code).toBe(0)
    expect(run.stdout).toMatchSnapshot()
    expect(await heard(log)).toEqual(['search_products {"query":"red"}'])
  })

  test.each(['markdown', 'junit', 'json'])('--format %s: the table of consumers × verdict, then each consumer’s changes and what was not called', async (format) => {
    const run = await cli(['verify', '--call', '--format', format, '--consumers', 'contracts/', '--consumers', 'contracts-given', '--', process.execPath, shop], { SHOP_VARIANT: 'lying-output' })
    expect(run.code).toBe(1)
    if (format === 'json') JSON.parse(run.stdout)
    if (format === 'junit') expect(xmlProblem(run.stdout)).toBeUndefined()
    expect(run.stdout).toMatchSnapshot()
  })

  test('in GitHub Actions the markdown table also goes to the job summary', async () => {
    const summary = join(dir, 'summary.md')
    const run = await cli(['verify', '--consumers', 'contracts/', '--', process.execPath, shop], { GITHUB_STEP_SUMMARY: summary, SHOP_VARIANT: 'drop-read-field' })
    expect(run.code).toBe(1)
    expect(await readFile(summary, 'utf8')).toMatchSnapshot()
  })

  test.each(['markdown', 'junit'])('--format %s without --call, every consumer served', async (format) => {
    const run = await cli(['verify', '--format', format, '--consumers', 'contracts/', '--', process.execPath, shop])
    expect(run.code).toBe(0)
    if (format === 'junit') expect(xmlProblem(run.stdout)).toBeUndefined()
    expect(run.stdout).toMatchSnapshot()
  })
})
