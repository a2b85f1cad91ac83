import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { fixture, runCliProcess, scrub } from '../support/run-cli-process.js'

const catalog = fixture('catalog.js')
let dir: string
let vouched: string
let plain: string
let consumer: string

// Why two files of one surface: the one snapshot wrote vouches for its entries, the other is the
// same contract without its `vouched` object, so every entry of it is judged afresh.
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-in-order-'))
  vouched = join(dir, 'vouched.json')
  plain = join(dir, 'plain.json')
  const recorded = await runCliProcess(['snapshot', '--contract', vouched, '--', 'node', catalog], { env: { CATALOG_VARIANT: 'v1' } })
  expect(recorded.code, recorded.stderr).toBe(0)
  const { vouched: digests, ...rest } = JSON.parse(await readFile(vouched, 'utf8'))
  expect(digests).toBeDefined()
  await writeFile(plain, `${JSON.stringify(rest, null, 2)}\n`)
  consumer = join(dir, 'consumer.ts')
  await writeFile(consumer, `export const call = (client: { callTool(request: object): unknown }) => client.callTool({ name: 'search_products', arguments: { query: 'shoes' } })\n`)
})

describe('check with --used-by reads the contract whole first, and reuses what it vouches for', () => {
  test.each(['v1', 'v1.1', 'v2'])('against the %s server: the report is the one the same contract without digests gives', async (variant) => {
    const check = (contract: string) => runCliProcess(['check', '--used-by', consumer, '--contract', contract, '--', 'node', catalog], { env: { CATALOG_VARIANT: variant } })
    const [withDigests, without] = await Promise.all([check(vouched), check(plain)])
    expect(withDigests.stderr).toBe(without.stderr)
    expect(withDigests.code).toBe(without.code)
    expect(scrub(withDigests.stdout, { [vouched]: '<contract>' })).toBe(scrub(without.stdout, { [plain]: '<contract>' }))
  })

  test('against the drifted server it reports only what the consumer uses', async () => {
    const run = await runCliProcess(['check', '--used-by', consumer, '--contract', vouched, '--', 'node', catalog], { env: { CATALOG_VARIANT: 'v2' } })
    expect(scrub(run.stdout, { [vouched]: '<contract>' })).toMatchInlineSnapshot(`
      "tool search_products · 1 routing
        routing   tool-description-changed
            description changed (wording only); no call breaks, but agents choose tools by this text
            text: Search the catalog by keyword[- and-]{+,+} filters [-. -]{+and sort order. Results are paged.+}
      out of scope, not judged (4 changes; --format json lists each):
        3 breaking    tool legacy_export, tool get_product, tool parse_catalog
        1 additive    tool bulk_import
      1 change · 1 routing in scope; 4 elsewhere — passes (fails at risky and above)
      "
    `)
  })
})
