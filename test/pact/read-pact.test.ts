import { describe, expect, test } from 'vitest'
import { serializeConsumerContract, type ConsumerContract } from '../../src/consumer/consumer-contract.js'
import { exportPact } from '../../src/pact/export-pact.js'
import { pactAsConsumerContract, readPact } from '../../src/pact/read-pact.js'

const contract: ConsumerContract = {
  format: 1,
  consumer: 'ops-agent',
  tools: [
    {
      name: 'list_orders',
      hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      examples: [{ status: 'open' }, { status: 'open', page: 2 }],
      reads: ['orders[].id', 'orders[].total', 'next'],
      output: {
        type: 'object',
        required: ['orders'],
        properties: {
          orders: { type: 'array', items: { type: 'object', required: ['id', 'total'], properties: { id: { type: 'string' }, total: { type: 'number', examples: [9.5] } } } },
          next: { type: ['string', 'null'] },
        },
      },
    },
    { name: 'ping', examples: [], reads: [] },
  ],
  prompts: [{ name: 'summarize', arguments: ['orderId', 'tone'] }],
  resources: [{ uri: 'ops://runbook' }],
}

describe('a pact mcp-contract exported reads back as the consumer contract it came from', () => {
  test('tools with their examples, hints, reads and output slice; a tool with no example; prompts; resources', () => {
    const pact = exportPact(contract, 'ops')
    const back = pactAsConsumerContract(readPact(JSON.parse(pact.text), pact.fileName))
    expect(serializeConsumerContract(back)).toBe(serializeConsumerContract(contract))
  })

  test('without metadata["mcp-contract"], the read paths come from the type rules', () => {
    const pact = JSON.parse(exportPact(contract, 'ops').text)
    delete pact.metadata['mcp-contract']
    const back = pactAsConsumerContract(readPact(pact, 'stripped.json'))
    // Why "next" is missing: its schema gives two types, so the export puts no example value and no rule for it.
    expect(back.tools.find((tool) => tool.name === 'list_orders')?.reads).toEqual(['orders[].id', 'orders[].total'])
  })
})

describe('the plugin’s list operations name what must exist', () => {
  test('tools/list, prompts/list and resources/list', () => {
    const interaction = (operation: string, response: object) => ({
      type: 'Synchronous/Messages',
      description: operation,
      contents: { 'pact:content-type': 'application/mcp+json', mcp: { schemaVersion: '0', operation, request: {}, response } },
    })
    const pact = readPact(
      {
        consumer: { name: 'lister' },
        provider: { name: 'p' },
        interactions: [
          interaction('tools/list', { tools: [{ name: 'get_weather', inputSchema: { type: 'object' } }] }),
          interaction('prompts/list', { prompts: [{ name: 'weather-report' }] }),
          interaction('resources/list', { resources: [{ uri: 'weather://melbourne/report' }] }),
        ],
        metadata: { pactSpecification: { version: '4.0' } },
      },
      'lists.json',
    )
    expect(pactAsConsumerContract(pact)).toEqual({
      format: 1,
      consumer: 'lister',
      tools: [{ name: 'get_weather', examples: [], reads: [] }],
      prompts: [{ name: 'weather-report', arguments: [] }],
      resources: [{ uri: 'weather://melbourne/report' }],
    })
  })

  test('an operation outside the plugin’s list is an error that names it', () => {
    const data = {
      consumer: { name: 'c' },
      provider: { name: 'p' },
      interactions: [{ type: 'Synchronous/Messages', description: 'completes', contents: { 'pact:content-type': 'application/mcp+json', mcp: { schemaVersion: '0', operation: 'completion/complete', request: {}, response: {} } } }],
      metadata: { pactSpecification: { version: '4.0' } },
    }
    expect(() => readPact(data, 'odd.json')).toThrowErrorMatchingInlineSnapshot(`[PactError: odd.json: "completes" has MCP operation "completion/complete"; the plugin's operations are tools/call, tools/list, prompts/get, prompts/list, resources/read, resources/list.]`)
  })
})
