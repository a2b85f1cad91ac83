import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { McpServer as McpServerV2 } from '@modelcontextprotocol/server'
import { describe, expect, test } from 'vitest'
import { describeTarget, isCaptureTarget } from '../../src/capture/capture-raw.js'
import { createCatalogServer } from '../fixtures/servers/catalog-server.js'
import { connectUserClient } from './fixture-servers.js'

describe('describeTarget', () => {
  test.each([
    { title: 'stdio', target: { command: 'node', args: ['server.js'] }, label: 'stdio: node server.js' },
    { title: 'stdio, argument with spaces', target: { command: 'node', args: ['my server.js'] }, label: 'stdio: node "my server.js"' },
    { title: 'http', target: { url: 'http://127.0.0.1:3000/mcp', bearer: 'secret' }, label: 'http://127.0.0.1:3000/mcp' },
    { title: 'http with credentials in the URL', target: { url: 'https://user:pw@example.com/mcp' }, label: 'https://***@example.com/mcp' },
    { title: 'SDK 1.x McpServer', target: createCatalogServer('v1'), label: 'in-process McpServer "catalog"' },
    { title: 'SDK 1.x Server', target: new Server({ name: 'low', version: '1' }, { capabilities: {} }), label: 'in-process Server "low"' },
    { title: 'SDK 2.x McpServer', target: new McpServerV2({ name: 'two', version: '2' }), label: 'in-process McpServer "two"' },
    { title: 'named factory', target: function createDemo() {}, label: 'server factory createDemo()' },
    { title: 'anonymous factory', target: (() => () => {})(), label: 'server factory (anonymous)' },
    { title: 'not a target', target: 42, label: 'unrecognized target (a number)' },
  ])('$title → $label', ({ target, label }) => {
    expect(describeTarget(target)).toBe(label)
  })

  test('a connected Client is named after its server', async () => {
    const server = createCatalogServer('v1')
    const client = await connectUserClient(server)
    expect(describeTarget(client)).toBe('connected Client (server "catalog")')
    await client.close()
  })
})

describe('isCaptureTarget', () => {
  test.each([
    { title: 'McpServer', value: createCatalogServer('v1'), accepted: true },
    { title: 'Server', value: new Server({ name: 'low', version: '1' }, { capabilities: {} }), accepted: true },
    { title: 'SDK 2.x McpServer', value: new McpServerV2({ name: 'two', version: '2' }), accepted: true },
    { title: 'Client', value: new Client({ name: 'c', version: '1' }), accepted: true },
    { title: 'factory', value: () => createCatalogServer('v1'), accepted: true },
    { title: 'stdio', value: { command: 'node' }, accepted: true },
    { title: 'http', value: { url: 'http://127.0.0.1/mcp' }, accepted: true },
    { title: 'a command line as one string', value: 'node server.js', accepted: false },
    { title: 'null', value: null, accepted: false },
    { title: 'an object with a numeric url', value: { url: 3000 }, accepted: false },
    { title: 'an array', value: ['node', 'server.js'], accepted: false },
  ])('$title → $accepted', ({ value, accepted }) => {
    expect(isCaptureTarget(value)).toBe(accepted)
  })
})
