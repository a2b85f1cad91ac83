import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { passthroughResultSchema } from '../../src/capture/passthrough-result-schema.js'
import { matchPactResponse } from '../../src/pact/match-pact-response.js'
import { cliIn } from '../support/run-cli-in-process.js'
import { ROOT } from '../support/run-cli-process.js'

// Why the npm package's own launcher: it runs the official standalone `pact` binary for this platform, offline.
const PACT = join(ROOT, 'node_modules/@pact-foundation/pact-cli/bin/pact.js')
const EXAMPLE = join(ROOT, 'examples/consumer-driven')

interface RawInteraction {
  description: string
  pluginConfiguration?: { mcp?: { operation?: string } }
  request: { contents: { content: { [key: string]: unknown } } }
  [key: string]: unknown
}
interface RawPact {
  interactions: RawInteraction[]
  metadata: { plugins?: unknown; [key: string]: unknown }
}
/** One interaction's verdict from Pact's verifier (its JSON report) and from ours. */
interface Verdicts {
  pact: { description: string; ok: boolean }[]
  ours: { description: string; ok: boolean }[]
}

let dir: string
const cli = cliIn(() => dir)

/** The providers: the example's shop server as recorded, and one that drops a field the consumer reads. */
const PROVIDERS = {
  recorded: (source: string) => source,
  'drops-read-field': (source: string) => source.replace(', priceCents: z.number().int()', '').replace(', priceCents: 650', '').replace(', priceCents: 990', ''),
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-contract-pact-verifier-'))
  // Why a node_modules link: the providers are the example's own source, importing the SDK and zod as it does.
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir')
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n')
  const source = await readFile(join(EXAMPLE, 'src/shop-server.js'), 'utf8')
  for (const [name, change] of Object.entries(PROVIDERS)) {
    const changed = change(source)
    if (name !== 'recorded') expect(changed).not.toBe(source)
    await writeFile(join(dir, `${name}.js`), changed)
    await writeFile(
      join(dir, `${name}-stdio.js`),
      `import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'\nimport { createShopServer } from './${name}.js'\nawait createShopServer().connect(new StdioServerTransport())\n`,
    )
  }
  await mkdir(join(dir, 'contracts'))
  for (const file of await readdir(join(EXAMPLE, 'contracts'))) await writeFile(join(dir, 'contracts', file), await readFile(join(EXAMPLE, 'contracts', file)))
  const exported = await cli(['pact', 'export', ...(await readdir(join(dir, 'contracts'))).map((file) => `contracts/${file}`), '--out', 'pacts'])
  expect(exported).toMatchObject({ code: 0, stderr: '' })
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** An HTTP shim on 127.0.0.1 that answers each message request the verifier POSTs with the live server's result. */
async function startShim(server: McpServer, operations: Map<string, string>): Promise<{ port: number; close(): Promise<void> }> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const client = new Client({ name: 'pact-verifier-shim', version: '1.0.0' })
  await client.connect(clientSide)
  const http: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      // The verifier's message request: { description, providerStates?, request: { contents } }.
      const message = JSON.parse(body) as { description: string; request: { contents: { content: { [key: string]: unknown } } } }
      const method = operations.get(message.description) ?? 'tools/call'
      client
        .request({ method, params: message.request.contents.content } as never, passthroughResultSchema as never)
        .then((result) => response.writeHead(200, { 'content-type': 'application/mcp+json' }).end(JSON.stringify(result)))
        .catch((error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(error.message))
    })
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  return {
    port: (http.address() as AddressInfo).port,
    async close() {
      await new Promise((resolve) => http.close(resolve))
      await client.close()
    },
  }
}


/** Runs Pact's verifier and ours over every exported pact, against one provider. */
async function verdicts(provider: keyof typeof PROVIDERS): Promise<Verdicts> {
  const { createShopServer } = (await import(join(dir, `${provider}.js`))) as { createShopServer: () => McpServer }
  const result: Verdicts = { pact: [], ours: [] }
  for (const file of (await readdir(join(dir, 'pacts'))).sort()) {
    const exported = JSON.parse(await readFile(join(dir, 'pacts', file), 'utf8')) as RawPact
    const operations = new Map(exported.interactions.map((interaction) => [interaction.description, interaction.pluginConfiguration?.mcp?.operation ?? 'tools/call']))
    // Why without the plugin's metadata: the MCP plugin cannot be installed offline, so Pact's core matcher judges each body.
    const plain = structuredClone(exported)
    delete plain.metadata.plugins
    for (const interaction of plain.interactions) delete interaction.pluginConfiguration
    const plainFile = join(dir, `plain-${provider}-${file}`)
    await writeFile(plainFile, JSON.stringify(plain, null, 2))
    const shim = await startShim(createShopServer(), operations)
    const reportFile = join(dir, `report-${provider}-${file}`)
    try {
      await promisify(execFile)(process.execPath, [PACT, 'verifier', '-f', plainFile, '--hostname', '127.0.0.1', '--port', String(shim.port), '--no-colour', '-j', reportFile], { env: { ...process.env, PACT_DO_NOT_TRACK: 'true' } }).catch(
        (error: { code?: number }) => {
          // Why: the verifier exits 1 when an interaction fails; its JSON report says which.
          if (error.code !== 1) throw error
        },
      )
    } finally {
      await shim.close()
    }
    const report = JSON.parse(await readFile(reportFile, 'utf8')) as { interactionResults: { description: string; result: string }[] }
    result.pact.push(...report.interactionResults.map(({ description, result: verdict }) => ({ description, ok: verdict === 'OK' })))
    // Ours, on the same interactions as they stand in the file: matchPactResponse on a live call each.
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await createShopServer().connect(serverSide)
    const client = new Client({ name: 'checkout-agent', version: '1.0.0' })
    await client.connect(clientSide)
    try {
      for (const interaction of exported.interactions) {
        const answer = await client.request({ method: operations.get(interaction.description) ?? 'tools/call', params: interaction.request.contents.content } as never, passthroughResultSchema as never)
        result.ours.push({ description: interaction.description, ok: matchPactResponse(interaction, answer).ok })
      }
    } finally {
      await client.close()
    }
  }
  return result
}

describe('Pact’s own verifier and ours agree on every exported pact of the consumer-driven example', { timeout: 120_000 }, () => {
  test('the provider as recorded: every interaction passes in both', async () => {
    const { pact, ours } = await verdicts('recorded')
    expect(pact.length).toBeGreaterThan(0)
    expect(pact.every((interaction) => interaction.ok)).toBe(true)
    expect(ours).toEqual(pact)
  })

  test('a provider that drops a field the consumer reads fails in both, on the same interaction', async () => {
    const { pact, ours } = await verdicts('drops-read-field')
    expect(pact).toEqual([{ description: 'tools/call search_products {"query":"green"}', ok: false }])
    expect(ours).toEqual(pact)
    // And verify --call reads the pact file the same way, naming that interaction.
    const run = await cli(['verify', '--call', '--format', 'json', '--consumers', 'pacts', '--', process.execPath, join(dir, 'drops-read-field-stdio.js')])
    expect(run.code).toBe(1)
    const [verdict] = JSON.parse(run.stdout).consumers as { interactions: { description: string; ok: boolean }[]; changes: { kind: string }[] }[]
    expect(verdict.interactions).toEqual(pact)
    expect(verdict.changes.map((change) => change.kind)).toContain('consumer-pact-mismatch')
  })

  test('the exported response holds only what the consumer reads: no empty content list, no isError', async () => {
    const [file] = await readdir(join(dir, 'pacts'))
    const exported = JSON.parse(await readFile(join(dir, 'pacts', file), 'utf8')) as { interactions: { response: { contents: { content: unknown } }[] }[] }
    expect(exported.interactions.map((interaction) => interaction.response[0].contents.content)).toEqual([{ structuredContent: { items: [{ name: '', priceCents: 0 }] } }])
  })
})
