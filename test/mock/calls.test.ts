import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js'
import { beforeAll, describe, expect, test } from 'vitest'
import { captureSurface } from '../../src/capture/capture-surface.js'
import { mockServer } from '../../src/mock/mock-server.js'
import type { Schema, Surface } from '../../src/surface/types.js'
import { createCatalogServer } from '../fixtures/servers/catalog-server.js'
import { ROOT } from '../support/run-cli-process.js'
import { connectMock } from './connect-mock.js'

const hints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }

/** A contract whose one tool constrains its arguments with every keyword family callers trip on. */
const booking: Surface = {
  server: { name: 'booking', capabilities: { tools: {} } },
  tools: [
    {
      name: 'book',
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        required: ['email', 'code', 'seats', 'kind', 'guest'],
        properties: {
          email: { type: 'string', format: 'email' },
          code: { type: 'string', pattern: '^[A-Z]{3}-\\d{2}$' },
          seats: { type: 'integer', minimum: 1, maximum: 8, multipleOf: 2 },
          kind: { enum: ['economy', 'business'] },
          note: { type: 'string', minLength: 2, maxLength: 10 },
          tags: { type: 'array', items: { type: 'string' }, uniqueItems: true, maxItems: 2 },
          guest: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, age: { type: ['integer', 'null'], minimum: 0 } } },
          when: { type: 'string', format: 'date' },
        },
      },
      hints,
      taskSupport: 'forbidden',
    },
  ],
  notRecorded: [],
}
const valid = { email: 'a@example.com', code: 'ABC-12', seats: 2, kind: 'economy', guest: { name: 'Ann' } }

const text = (result: Record<string, unknown>) => (result.content as { text: string }[])[0].text

describe('tools/call: invalid arguments get the error result an SDK server returns', () => {
  test.each([
    { title: 'nothing sent', args: {} },
    { title: 'a wrong type', args: { ...valid, seats: 'two' } },
    { title: 'below minimum', args: { ...valid, seats: 0 } },
    { title: 'not a multipleOf', args: { ...valid, seats: 3 } },
    { title: 'not in the enum', args: { ...valid, kind: 'first' } },
    { title: 'a pattern mismatch', args: { ...valid, code: 'abc-12' } },
    { title: 'a format mismatch', args: { ...valid, email: 'not-an-email', when: '2026-13-40' } },
    { title: 'a string too short, a nested bound broken', args: { ...valid, note: 'x', guest: { name: 'Ann', age: -1 } } },
    { title: 'duplicate items, too many', args: { ...valid, tags: ['a', 'a', 'b'] } },
    { title: 'an unknown argument', args: { ...valid, coupon: 'FREE' } },
    { title: 'a nested required field missing', args: { ...valid, guest: {} } },
  ])('$title', async ({ args }) => {
    await using client = await connectMock(mockServer(booking))
    const result = await client.callTool({ name: 'book', arguments: args })
    expect(result.isError).toBe(true)
    expect(text(result)).toMatchSnapshot()
  })

  test('valid arguments pass', async () => {
    await using client = await connectMock(mockServer(booking))
    expect(await client.callTool({ name: 'book', arguments: valid })).toEqual({ content: [{ type: 'text', text: 'Result of book (mock; no output schema is recorded).' }] })
  })

  test('the shape matches a real McpServer: one text block, isError, "Input validation error: Invalid arguments for tool …"', async () => {
    const recorded = await captureSurface(createCatalogServer('v1'))
    await using real = await connectMock(createCatalogServer('v1').server)
    await using mock = await connectMock(mockServer(recorded))
    const call = { name: 'get_product', arguments: {} }
    const [fromReal, fromMock] = [await real.callTool(call), await mock.callTool(call)]
    expect(Object.keys(fromMock).sort()).toEqual(Object.keys(fromReal).sort())
    expect(text(fromReal)).toMatch(/^MCP error -32602: Input validation error: Invalid arguments for tool get_product: .* at sku$/)
    expect(text(fromMock)).toBe('MCP error -32602: Input validation error: Invalid arguments for tool get_product: is required at sku')
  })
})

describe('unknown names get the errors an SDK McpServer gives', () => {
  let recorded: Surface
  beforeAll(async () => {
    recorded = await captureSurface(createCatalogServer('v1'))
  })
  const both = async <T>(ask: (client: Awaited<ReturnType<typeof connectMock>>) => Promise<T>) => {
    await using real = await connectMock(createCatalogServer('v1').server)
    await using mock = await connectMock(mockServer(recorded))
    const settle = (promise: Promise<T>) => promise.then((value) => ({ value }), (error: { code: number; message: string }) => ({ code: error.code, message: error.message }))
    return { real: await settle(ask(real)), mock: await settle(ask(mock)) }
  }

  test('an unknown tool', async () => {
    const { real, mock } = await both((client) => client.callTool({ name: 'no_such_tool', arguments: {} }))
    expect(mock).toEqual(real)
    expect(mock).toMatchInlineSnapshot(`
      {
        "value": {
          "content": [
            {
              "text": "MCP error -32602: Tool no_such_tool not found",
              "type": "text",
            },
          ],
          "isError": true,
        },
      }
    `)
  })

  test('an unknown prompt', async () => {
    const { real, mock } = await both((client) => client.getPrompt({ name: 'no_such_prompt' }))
    expect(mock).toEqual(real)
  })

  test('an unknown resource URI', async () => {
    const { real, mock } = await both((client) => client.readResource({ uri: 'catalog://nowhere' }))
    expect(mock).toEqual(real)
    expect(mock).toMatchInlineSnapshot(`
      {
        "code": -32602,
        "message": "MCP error -32602: MCP error -32602: Resource catalog://nowhere not found",
      }
    `)
  })

  test('a prompt without its required argument', async () => {
    const { mock } = await both((client) => client.getPrompt({ name: 'summarize_product', arguments: { tone: 'dry' } }))
    expect(mock).toMatchInlineSnapshot(`
      {
        "code": -32602,
        "message": "MCP error -32602: MCP error -32602: Invalid arguments for prompt summarize_product: is required at sku",
      }
    `)
  })
})

describe('handlers', () => {
  let recorded: Surface
  beforeAll(async () => {
    recorded = await captureSurface(createCatalogServer('v1'))
  })

  test('a handler answers instead of the generator; its result goes out as structured content and text', async () => {
    const product = { sku: 'p1', name: 'Tea', priceCents: 950, tags: [], discontinuedAt: null }
    await using client = await connectMock(mockServer(recorded, { tools: { search_products: () => ({ total: 1, items: [product] }) } }))
    const result = await client.callTool({ name: 'search_products', arguments: { query: 'tea' } })
    expect(result).toEqual({ content: [{ type: 'text', text: JSON.stringify({ total: 1, items: [product] }) }], structuredContent: { total: 1, items: [product] } })
  })

  test('a handler whose result breaks the recorded outputSchema gets an error result naming the fields', async () => {
    const lying = () => ({ total: 'one', items: [{ sku: 7, name: 'Tea', tags: [], discontinuedAt: null, extra: true }] })
    await using client = await connectMock(mockServer(recorded, { tools: { search_products: lying } }))
    const result = await client.callTool({ name: 'search_products', arguments: { query: 'tea' } })
    expect(result.isError).toBe(true)
    expect(text(result)).toMatchInlineSnapshot(`
      "MCP error -32602: Output validation error: Invalid structured content for tool search_products: is required at items[0].priceCents
      is not allowed at items[0].extra
      must be string at items[0].sku
      must be integer at total"
    `)
  })

  test('a handler that throws gets an error result with its message, as in an McpServer', async () => {
    const failing = () => {
      throw new Error('catalog offline')
    }
    await using client = await connectMock(mockServer(recorded, { tools: { search_products: failing } }))
    expect(await client.callTool({ name: 'search_products', arguments: { query: 'tea' } })).toEqual({ content: [{ type: 'text', text: 'catalog offline' }], isError: true })
  })

  test('a handler is not called for invalid arguments', async () => {
    let calls = 0
    await using client = await connectMock(mockServer(recorded, { tools: { search_products: () => ({ total: calls++, items: [] }) } }))
    expect((await client.callTool({ name: 'search_products', arguments: { limit: 500 } })).isError).toBe(true)
    expect(calls).toBe(0)
  })

  test('a handler named for no recorded tool or prompt is a clear error', () => {
    expect(() => mockServer(recorded, { tools: { search: () => ({}) } })).toThrowErrorMatchingInlineSnapshot(`[TypeError: mockServer: options.tools.search names no recorded tool (the contract records: get_product, legacy_export, parse_catalog, search_products, tag_products). Fix the name, or record the server again.]`)
    expect(() => mockServer(recorded, { prompts: { summarize: () => ({ messages: [] }) } })).toThrowErrorMatchingInlineSnapshot(`[TypeError: mockServer: options.prompts.summarize names no recorded prompt (the contract records: summarize_product). Fix the name, or record the server again.]`)
  })

  test('a prompt handler answers; without one the placeholder names the prompt and its arguments', async () => {
    const reply = { messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'Summarize p1, please.' } }] }
    await using withHandler = await connectMock(mockServer(recorded, { prompts: { summarize_product: () => reply } }))
    expect(await withHandler.getPrompt({ name: 'summarize_product', arguments: { sku: 'p1' } })).toEqual(reply)
    await using plain = await connectMock(mockServer(recorded))
    expect(await plain.getPrompt({ name: 'summarize_product', arguments: { sku: 'p1' } })).toMatchInlineSnapshot(`
      {
        "description": "Write a short sales summary for one product.",
        "messages": [
          {
            "content": {
              "text": "Prompt summarize_product (mock) with arguments {"sku":"p1"}",
              "type": "text",
            },
            "role": "user",
          },
        ],
      }
    `)
  })
})

describe('resources/read', () => {
  test('recorded resources and URIs matching a recorded template answer with the recorded MIME type', async () => {
    await using client = await connectMock(mockServer(await captureSurface(createCatalogServer('v1'))))
    expect(await client.readResource({ uri: 'catalog://categories' })).toMatchInlineSnapshot(`
      {
        "contents": [
          {
            "mimeType": "text/plain",
            "text": "Content of catalog://categories (mock)",
            "uri": "catalog://categories",
          },
        ],
      }
    `)
    expect(await client.readResource({ uri: 'catalog://products/p-42' })).toMatchInlineSnapshot(`
      {
        "contents": [
          {
            "mimeType": "application/json",
            "text": "{"uri":"catalog://products/p-42","mock":true}",
            "uri": "catalog://products/p-42",
          },
        ],
      }
    `)
  })
})

describe('sources', () => {
  test('a contract file path, a parsed contract and a surface give the same server', async () => {
    const file = join(ROOT, 'examples/vitest-in-memory/mcp-contract.json')
    const fromFile = await captureSurface(mockServer(file))
    expect(await captureSurface(mockServer(JSON.parse(await readFile(file, 'utf8'))))).toEqual(fromFile)
    expect(await captureSurface(mockServer(fromFile))).toEqual(fromFile)
  })

  test('a missing file, a non-contract and a bad seed are clear errors', () => {
    expect(() => mockServer(join(ROOT, 'no-such-contract.json'))).toThrow(`${ROOT}no-such-contract.json does not exist. Record it first with \`mcp-contract snapshot\` (or run the test once outside CI).`)
    expect(() => mockServer({ tools: [] } as never)).toThrowErrorMatchingInlineSnapshot(`[ContractFileError: the contract given to mockServer is not a valid mcp-contract file: the file has no "server". Fix that value (mcp-contract.schema.json in the package describes the format), restore the file from version control, or record it again with \`mcp-contract snapshot\`.]`)
    expect(() => mockServer(booking, { seed: 1.5 })).toThrowErrorMatchingInlineSnapshot(`[TypeError: mockServer: seed must be an integer, not 1.5.]`)
  })
})

describe('dialects and what cannot be generated', () => {
  const tool = (name: string, inputSchema: Schema, outputSchema?: Schema) => ({
    name,
    inputSchema,
    ...(outputSchema ? { outputSchema } : {}),
    hints,
    taskSupport: 'forbidden' as const,
  })
  const dialects: Surface = {
    server: { name: 'dialects', capabilities: { tools: {} } },
    tools: [
      // draft-07: an `items` array is a tuple, and `additionalItems: false` closes it.
      tool('draft07', { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }], additionalItems: false } } }),
      // 2020-12 (and a contract's canonical schemas, which carry no $schema): `prefixItems` + `items: false`.
      tool('draft2020', { type: 'object', properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false } } }),
      tool('impossible', { type: 'object' }, { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 5, maxLength: 2 } } }),
      tool('not_an_object', { type: 'object' }, { type: 'string' }),
    ],
    notRecorded: [],
  }

  test.each(['draft07', 'draft2020'])('%s: the tuple is read in its own dialect', async (name) => {
    await using client = await connectMock(mockServer(dialects))
    expect((await client.callTool({ name, arguments: { pair: ['a', 1] } })).isError).toBeUndefined()
    expect(text(await client.callTool({ name, arguments: { pair: ['a', 1, 'extra'] } }))).toMatch(/must NOT have more than 2 items at pair$/)
    expect(text(await client.callTool({ name, arguments: { pair: [1, 'a'] } }))).toMatch(/must be string at pair\[0\]\nmust be number at pair\[1\]$/)
  })

  test('an outputSchema no value satisfies, or one that is no object, is an error result saying why', async () => {
    await using client = await connectMock(mockServer(dialects))
    expect(text(await client.callTool({ name: 'impossible', arguments: {} }))).toMatchInlineSnapshot(`
      "Cannot generate a result for tool impossible from its recorded outputSchema: no value satisfying the schema was found in 5 attempts (the last attempt was invalid: must NOT have more than 2 characters at code
      must NOT have fewer than 5 characters at code)."
    `)
    expect(text(await client.callTool({ name: 'not_an_object', arguments: {} }))).toMatchInlineSnapshot(`"Cannot answer tool not_an_object: its recorded outputSchema allows "aUwV4XZuOt", but structuredContent must be a JSON object."`)
  })
})

describe('task support', () => {
  const tasks: Surface = {
    server: { name: 'tasks', capabilities: { tools: {}, tasks: { requests: { tools: { call: {} } } } } },
    tools: [
      { name: 'export_all', inputSchema: { type: 'object' }, hints, taskSupport: 'required' },
      { name: 'export_some', inputSchema: { type: 'object' }, hints, taskSupport: 'optional' },
    ],
    notRecorded: [],
  }

  test('a plain call to a task-only tool gets the SDK error; a task-augmented call is refused with a reason; optional answers plainly', async () => {
    await using client = await connectMock(mockServer(tasks))
    expect(text(await client.callTool({ name: 'export_all', arguments: {} }))).toMatchInlineSnapshot(`"MCP error -32601: Tool export_all requires task augmentation (taskSupport: 'required')"`)
    const augmented = client.request({ method: 'tools/call', params: { name: 'export_some', arguments: {}, task: { ttl: 1000 } } }, CallToolResultSchema)
    await expect(augmented).rejects.toThrowErrorMatchingInlineSnapshot(`[McpError: MCP error -32602: MCP error -32602: The mcp-contract mock does not run tasks: call export_some without task augmentation.]`)
    expect((await client.callTool({ name: 'export_some', arguments: {} })).isError).toBeUndefined()
  })
})
