import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'

/** A consumer's SDK client connected in-process to a server; `close` closes both sides. */
export async function connectMock(server: Server): Promise<Client & { [Symbol.asyncDispose](): Promise<void> }> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
  await server.connect(serverTransport)
  const client = new Client({ name: 'consumer', version: '1.0.0' })
  await client.connect(clientTransport)
  return Object.assign(client, { [Symbol.asyncDispose]: async () => void (await Promise.all([client.close(), server.close()])) })
}
