/**
 * A framework's consumer recorded with no change to its code: its stdio server entry starts the
 * server through `mcp-contract record`, as the README's host-config section shows. The real AI SDK
 * runs the consumer; the proxy forwards what it sends and receives, and records the call.
 */
import { createMCPClient } from '@ai-sdk/mcp'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { CLI } from '../support/run-cli-process.js'
import { weatherCard } from './consumers/ai-sdk-weather-card.js'
import { scriptedModel } from './scripted-model.js'

const SERVER = join(import.meta.dirname, '..', 'fixtures', 'servers', 'forecast.js')

test('the AI SDK through the record proxy: the card renders as without it, and the contract holds the call, its arguments and the provider, reads not observed', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-contract-framework-proxy-'))
  try {
    const out = join(dir, 'weather-agent.mcp-consumer.json')
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'record', '--consumer', 'weather-agent', '--out', out, '--', process.execPath, SERVER], stderr: 'ignore' })
    const client = await createMCPClient({ transport })
    const card = await weatherCard(client, scriptedModel('get_weather', { city: 'Melbourne' }, 'Take sunglasses.').model, 'Melbourne')
    const exited = new Promise((resolve) => (transport as unknown as { _process: NodeJS.EventEmitter })._process.once('exit', resolve))
    await client.close()
    await exited
    expect(card).toMatch(/^Melbourne: -?\d+(\.\d+)? °C, \w[\w ]*\. Take sunglasses\.$/)
    const contract = JSON.parse(await readFile(out, 'utf8'))
    expect(contract).toMatchObject({ consumer: 'weather-agent', provider: 'weather', readsObserved: false, tools: [{ name: 'get_weather', examples: [{ city: 'Melbourne' }], reads: [] }] })
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
