import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
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
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-verify-formats-'))
  await mkdir(join(dir, 'contracts'))
  await recordCheckout(join(dir, 'contracts', 'checkout-agent.mcp-consumer.json'))
  await writeConsumerContract(join(dir, 'contracts', 'reporting.mcp-consumer.json'), REPORTING_CONTRACT)
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const cli = cliIn(() => dir)
const verify = (format: string) => ['verify', '--format', format, '--consumers', 'contracts', '--', process.execPath, shop]

describe('verify --format sarif and github list what junit lists', () => {
  test('github: one workflow command per change, at the tool\'s line in its consumer contract', async () => {
    const run = await cli(verify('github'), { SHOP_VARIANT: 'drop-read-field' })
    expect(run.code).toBe(1)
    const line = Number(/line=(\d+)/.exec(run.stdout)?.[1])
    expect((await readFile(join(dir, 'contracts', 'checkout-agent.mcp-consumer.json'), 'utf8')).split('\n')[line - 1]).toContain('"name": "search_products"')
    expect(run.stdout).toMatchInlineSnapshot(`
      "::error file=contracts/checkout-agent.mcp-consumer.json,line=38,title=breaking%3A output-field-removed::search_products → output items[].priceCents: field removed; readers that rely on it break
      "
    `)
  })

  test('sarif: the same changes, at levels by severity, each in its consumer contract', async () => {
    const run = await cli(verify('sarif'), { SHOP_VARIANT: 'drop-unused-tool' })
    expect(run.code).toBe(1)
    const log = JSON.parse(run.stdout) as { runs: { tool: { driver: { version?: string; rules: { id: string; help: { text: string } }[] } }; results: unknown[] }[] }
    expect(log.runs[0].tool.driver.version).toMatch(/^\d+\.\d+\.\d+/)
    expect(log.runs[0].tool.driver.rules.find((rule) => rule.id === 'tool-removed')?.help.text).toMatchInlineSnapshot(`
      "What tool-removed does to a caller:
      breaking: an agent that calls it fails
      Every change kind: docs/rules.md in the mcp-contract package."
    `)
    expect(log.runs[0].results).toMatchInlineSnapshot(`
      [
        {
          "level": "error",
          "locations": [
            {
              "logicalLocations": [
                {
                  "kind": "tool",
                  "name": "export_report",
                },
              ],
              "physicalLocation": {
                "artifactLocation": {
                  "uri": "contracts/reporting.mcp-consumer.json",
                },
                "region": {
                  "startLine": 6,
                },
              },
            },
          ],
          "message": {
            "text": "breaking: export_report: the tool is gone; an agent that calls it fails",
          },
          "properties": {
            "entity": "tool",
            "severity": "breaking",
          },
          "ruleId": "tool-removed",
          "ruleIndex": 49,
        },
      ]
    `)
    const junit = await cli(verify('junit'), { SHOP_VARIANT: 'drop-unused-tool' })
    expect(xmlProblem(junit.stdout)).toBeUndefined()
    expect(log.runs[0].results).toHaveLength((junit.stdout.match(/<failure /g) ?? []).length)
  })

  test('an unchanged server: no workflow commands, and SARIF with no results; exit 0', async () => {
    expect(await cli(verify('github'))).toMatchObject({ code: 0, stdout: '' })
    const sarif = await cli(verify('sarif'))
    expect(sarif.code).toBe(0)
    expect(JSON.parse(sarif.stdout).runs[0].results).toEqual([])
  })
})

describe('verify --call lists an example the live schema refuses as not called, with why', () => {
  test('new-required-arg: the rejected example is a change and a line under not called', async () => {
    const args = ['verify', '--call', '--consumers', 'contracts/checkout-agent.mcp-consumer.json', '--', process.execPath, shop]
    const json = JSON.parse((await cli([...args.slice(0, 1), '--format', 'json', ...args.slice(1)], { SHOP_VARIANT: 'new-required-arg' })).stdout)
    expect(json.consumers[0].changes.map((change: { kind: string }) => change.kind)).toContain('consumer-example-rejected')
    expect(json.consumers[0].notCalled.filter((entry: { reason: string }) => entry.reason === 'refused-by-schema')).toMatchInlineSnapshot(`
      [
        {
          "example": "{"query":"blue"}",
          "reason": "refused-by-schema",
          "tool": "search_products",
          "why": "the live inputSchema of search_products refuses this example (consumer-example-rejected says where), so calling it would only repeat that failure",
        },
      ]
    `)
    const text = await cli(args, { SHOP_VARIANT: 'new-required-arg' })
    expect(text.code).toBe(1)
    expect(text.stdout.slice(text.stdout.indexOf('  not called'))).toMatchInlineSnapshot(`
      "  not called (2)
          place_order {"quantity":1,"sku":"A1","token":"[redacted]"}
              place_order is not marked read-only (readOnlyHint: true); call it only against a server you can throw away, with --allow-destructive (allowDestructive: true)
          search_products {"query":"blue"}
              the live inputSchema of search_products refuses this example (consumer-example-rejected says where), so calling it would only repeat that failure

      1 of 1 consumer breaks
      "
    `)
  })
})
