import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { describe, expect, test } from 'vitest'
import { verifyConsumer } from '../../src/consumer/verify/verify-consumer.js'
import { describeChange } from '../../src/report/describe-change.js'
import { mockServer } from '../../src/mock/mock-server.js'
import type { Surface } from '../../src/surface/types.js'

/**
 * One table for every answer to "does this template serve this URI": `rfc` is RFC 6570's answer
 * (some values of the variables expand the template to the URI), which the mock and `verify`
 * both give; `sdk` is what a server built on the TypeScript SDK's McpServer answers, read from a
 * real one below. Where they differ, verify reports the read as risky (an SDK server refuses it)
 * or, the other way round, as gone (no expansion makes it, though an SDK server serves it).
 */
const TABLE: { level: 1 | 2 | 3 | 4; template: string; uri: string; rfc: boolean; sdk: boolean }[] = [
  // Level 1: simple expansion.
  { level: 1, template: 'shop://products/{sku}', uri: 'shop://products/A1', rfc: true, sdk: true },
  { level: 1, template: 'shop://products/{sku}', uri: 'shop://products', rfc: false, sdk: false },
  { level: 1, template: 'x://{hello}', uri: 'x://Hello%20World%21', rfc: true, sdk: true },
  { level: 1, template: 'file:///{path}', uri: 'file:///a/b.txt', rfc: false, sdk: false },
  // Level 2: reserved and fragment expansion.
  { level: 2, template: 'file:///{+path}', uri: 'file:///a/b.txt', rfc: true, sdk: true },
  { level: 2, template: 'x://a{#var}', uri: 'x://a#value', rfc: true, sdk: true },
  // Level 3: several variables, labels, paths, parameters, queries.
  { level: 3, template: 'x://{x,y}', uri: 'x://1024,768', rfc: true, sdk: false },
  { level: 3, template: 'x://{x,y}', uri: 'x://1024', rfc: true, sdk: true },
  { level: 3, template: 'x://a{.x,y}', uri: 'x://a.1024.768', rfc: true, sdk: true },
  { level: 3, template: 'x://{;x,y}', uri: 'x://;x=1024;y=768', rfc: true, sdk: true },
  { level: 3, template: 'weather://{city}/current{?units}', uri: 'weather://paris/current?units=metric', rfc: true, sdk: true },
  { level: 3, template: 'weather://{city}/current{?units}', uri: 'weather://paris/current', rfc: true, sdk: false },
  { level: 3, template: 'weather://{city}/current{?units}', uri: 'weather://paris/current?lang=fr', rfc: false, sdk: false },
  { level: 3, template: 'docs://{id}{?lang,v}', uri: 'docs://x?lang=en&v=2', rfc: true, sdk: true },
  { level: 3, template: 'docs://{id}{?lang,v}', uri: 'docs://x?v=2', rfc: true, sdk: false },
  { level: 3, template: 'x://a{&x}', uri: 'x://a&x=1', rfc: true, sdk: true },
  // Level 4: prefixes and explosion.
  { level: 4, template: 'x://{var:3}', uri: 'x://abc', rfc: true, sdk: true },
  { level: 4, template: 'x://{var:3}', uri: 'x://abcdef', rfc: false, sdk: true },
  { level: 4, template: 'x://a{/list*}', uri: 'x://a/red/green/blue', rfc: true, sdk: false },
  { level: 4, template: 'x://a{?list*}', uri: 'x://a?list=red&list=green', rfc: true, sdk: false },
]

function surfaceWith(uriTemplate: string): Surface {
  return { server: { capabilities: { resources: {} } }, notRecorded: [], tools: [], prompts: [], resources: [], resourceTemplates: [{ uriTemplate, name: 'r' }] }
}

async function reads(server: Server | McpServer, uri: string): Promise<boolean> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const client = new Client({ name: 'consumer', version: '1.0.0' })
  await client.connect(clientSide)
  try {
    await client.readResource({ uri })
    return true
  } catch {
    return false
  } finally {
    await client.close()
    await server.close()
  }
}

describe.each(TABLE)('level $level: $template reading $uri', ({ template, uri, rfc, sdk }) => {
  test(`the mock ${rfc ? 'serves' : 'refuses'} it (RFC 6570)`, async () => {
    expect(await reads(mockServer(surfaceWith(template)), uri)).toBe(rfc)
  })

  test(`verify ${rfc ? (sdk ? 'accepts' : 'accepts it and reports the SDK refusal as risky') : 'reports it gone'}`, async () => {
    const report = await verifyConsumer({ format: 2, consumer: 'agent', tools: [], prompts: [], resources: [{ uri }] }, surfaceWith(template))
    const kinds = report.changes.map((change) => `${change.kind}:${change.severity}`)
    if (!rfc) expect(kinds).toEqual(['resource-removed:breaking'])
    else if (sdk) expect(kinds).toEqual([])
    else expect(kinds).toEqual(['consumer-resource-refused-by-sdk:risky'])
  })

  test(`a real SDK McpServer ${sdk ? 'serves' : 'refuses'} it`, async () => {
    const server = new McpServer({ name: 'weather', version: '1.0.0' })
    server.registerResource('r', new ResourceTemplate(template, { list: undefined }), {}, async (read) => ({ contents: [{ uri: read.href, text: 'x' }] }))
    expect(await reads(server, uri)).toBe(sdk)
  })
})

test('verify says which template allows the read and why an SDK-built server refuses it', async () => {
  const report = await verifyConsumer({ format: 2, consumer: 'agent', tools: [], prompts: [], resources: [{ uri: 'weather://paris/current' }] }, surfaceWith('weather://{city}/current{?units}'))
  expect(report.changes.map((change) => describeChange(change))).toMatchInlineSnapshot(`
    [
      {
        "effect": "the template allows the URI, but a server built on the TypeScript SDK refuses to read it",
        "location": "resource weather://paris/current",
        "place": "",
        "subject": "resource weather://paris/current",
        "what": "agent reads this URI through the template weather://{city}/current{?units}; RFC 6570 allows it, but the TypeScript SDK's matcher refuses it, so an McpServer answers "not found"",
      },
    ]
  `)
})
